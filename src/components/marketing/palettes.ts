/** A paint colour as sold: RAL name, code and its screen colour. */
export interface Swatch {
  /** Colour name, e.g. 'Reseda Green'. */
  name: string;
  /** Standard code, e.g. 'RAL 6011'. */
  code: string;
  /** Screen colour '#rrggbb'. */
  hex: string;
}

// Values from the RAL Classic chart (shared fixtures/paint-colours/ral.csv); each page takes its
// colour from the paints it sells rather than from the site chrome (BRAND.md).
const ral = (code: string, name: string, hex: string): Swatch => ({ name, code: `RAL ${code}`, hex });

/** The colour families of the marketing pages, one per page. */
export const PALETTES = {
  company: [ral('5010', 'Gentian Blue', '#0e294b'), ral('3000', 'Flame Red', '#af2b1e'), ral('1004', 'Golden Yellow', '#cda434'), ral('6000', 'Patina Green', '#316650'), ral('9001', 'Cream', '#faf4e3')],
  sustainability: [ral('6002', 'Leaf Green', '#2d572c'), ral('6011', 'Reseda Green', '#587246'), ral('6021', 'Pale Green', '#89ac76'), ral('1000', 'Green Beige', '#bebd7f'), ral('6028', 'Pine Green', '#2c5545')],
  contact: [ral('6002', 'Leaf Green', '#2d572c'), ral('6026', 'Opal Green', '#015d52'), ral('1015', 'Light Ivory', '#e6d690'), ral('3012', 'Beige Red', '#c1876b')],
  organic: [ral('6021', 'Pale Green', '#89ac76'), ral('6011', 'Reseda Green', '#587246'), ral('6013', 'Reed Green', '#6c7156'), ral('1000', 'Green Beige', '#bebd7f'), ral('6005', 'Moss Green', '#2f4538')],
  wood: [ral('8001', 'Ochre Brown', '#955f20'), ral('8003', 'Clay Brown', '#734222'), ral('8011', 'Nut Brown', '#5b3a29'), ral('8023', 'Orange Brown', '#a65e2e'), ral('1011', 'Brown Beige', '#8a6642')],
  industrial: [ral('1003', 'Signal Yellow', '#e5be01'), ral('5010', 'Gentian Blue', '#0e294b'), ral('7016', 'Anthracite Grey', '#293133'), ral('7035', 'Light Grey', '#d7d7d7'), ral('2004', 'Pure Orange', '#f44611')],
  traditional: [ral('3005', 'Wine Red', '#5e2129'), ral('1013', 'Oyster White', '#eeeacd'), ral('6000', 'Patina Green', '#316650'), ral('5014', 'Pigeon Blue', '#606e8c'), ral('1002', 'Sand Yellow', '#c6a664')],
  floor: [ral('7030', 'Stone Grey', '#8b8c7a'), ral('7040', 'Window Grey', '#9da1aa'), ral('5014', 'Pigeon Blue', '#606e8c'), ral('7024', 'Graphite Grey', '#474a51'), ral('1019', 'Grey Beige', '#9e9764')],
  spray: [ral('2009', 'Traffic Orange', '#f54021'), ral('5017', 'Traffic Blue', '#063971'), ral('9006', 'White Aluminium', '#a5a5a5'), ral('9011', 'Graphite Black', '#1c1c1c')],
  projects: [ral('5023', 'Distant Blue', '#49678d'), ral('1001', 'Beige', '#c2b078'), ral('3012', 'Beige Red', '#c1876b'), ral('6021', 'Pale Green', '#89ac76'), ral('7044', 'Silk Grey', '#cac4b0')],
} as const satisfies Record<string, readonly Swatch[]>;
