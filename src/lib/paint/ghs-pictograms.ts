/**
 * The nine GHS pictograms (CLP Annex V / GHS Annex 3): codes, official English names and the shop's
 * images. Kept apart from ghs.ts's statement tables, so the cards, cart lines and checkout that
 * draw pictograms ship a few hundred bytes, not the tables.
 */

/** The GHS pictogram codes. */
export const GHS_PICTOGRAMS = ['GHS01', 'GHS02', 'GHS03', 'GHS04', 'GHS05', 'GHS06', 'GHS07', 'GHS08', 'GHS09'] as const;
/** One GHS pictogram code. */
export type GhsPictogram = (typeof GHS_PICTOGRAMS)[number];

/** Official English name of each pictogram (its symbol), used as the image's text alternative. */
export const GHS_PICTOGRAM_NAMES: Record<GhsPictogram, string> = {
  GHS01: 'Exploding bomb',
  GHS02: 'Flame',
  GHS03: 'Flame over circle',
  GHS04: 'Gas cylinder',
  GHS05: 'Corrosion',
  GHS06: 'Skull and crossbones',
  GHS07: 'Exclamation mark',
  GHS08: 'Health hazard',
  GHS09: 'Environment',
};

/** Whether a string is a GHS pictogram code. */
export function isGhsPictogram(code: string): code is GhsPictogram {
  return (GHS_PICTOGRAMS as readonly string[]).includes(code);
}

/** The public path of a pictogram's image (red-bordered diamond, drawn for the shop). */
export function pictogramSrc(code: GhsPictogram): string {
  return `/images/ghs/${code}.svg`;
}

/** A pictogram to draw: its code, image and official name (the image's text alternative). */
export interface PictogramView {
  code: GhsPictogram;
  src: string;
  name: string;
}

/** The pictograms of a hazard, each with its image and name. */
export function pictogramViews(hazard: { pictograms: readonly GhsPictogram[] } | null | undefined): PictogramView[] {
  return (hazard?.pictograms ?? []).map((code) => ({ code, src: pictogramSrc(code), name: GHS_PICTOGRAM_NAMES[code] }));
}
