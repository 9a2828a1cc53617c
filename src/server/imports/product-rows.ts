/**
 * The template's cells ↔ a product: spec §5 Bulk CSV rules (required name, description and a
 * non-zero price; features by semicolon; booleans true when the text is 'true' in any case; the
 * defaults) turned into the product dialog's input, which the dialog's own schema then checks with
 * its own messages; and a product written back as template cells for the export. Pure.
 */
import { ADMIN_CATALOG_MESSAGES, productInputSchema, PRODUCT_BRAND_MAX, type AdminProduct, type ProductInputParsed } from '../../lib/schemas/admin-catalog';
import { IMPORT_MESSAGES, TEMPLATE_COLUMNS, type TemplateColumn } from '../../lib/schemas/admin-imports';
import type { PackSize, SpreadRate } from '../../lib/paint/units';
import type { TemplateRecord } from './csv-formats';

/** Spec §5 defaults of a created product, and what the dialog requires that the CSV may leave out. */
export const IMPORT_DEFAULTS = {
  category: 'Diamond Collection',
  /** The shop's own logo stands in for a product imported without an image. */
  image: '/images/generated/logos/graphene-coatings.svg',
  usageInstructions: "Follow the manufacturer's instructions on the label.",
  coverage: 'See product label',
  finish: 'Satin',
} as const;

/** Splits a list cell on semicolons; '\;' is a semicolon inside an entry. Blank entries are dropped. */
export function splitList(cell: string): string[] {
  return cell
    .split(/(?<!\\);/)
    .map((e) => e.replace(/\\;/g, ';').trim())
    .filter(Boolean);
}

/** Joins list entries with semicolons, escaping those inside an entry. */
export function joinListCell(entries: readonly string[]): string {
  return entries.map((e) => e.replace(/;/g, '\\;')).join(';');
}

/** Spec §5: true when the text equals 'true', any case. */
export function parseCsvBoolean(cell: string): boolean {
  return cell.trim().toLowerCase() === 'true';
}

/** A technical spec cell: entries 'name=value' or 'name=value|unit'. */
function parseSpecs(cell: string): { name: string; value: string; unit?: string }[] {
  return splitList(cell).map((entry) => {
    const eq = entry.indexOf('=');
    const name = eq < 0 ? entry : entry.slice(0, eq);
    const rest = eq < 0 ? '' : entry.slice(eq + 1);
    const bar = rest.lastIndexOf('|');
    return bar < 0 ? { name: name.trim(), value: rest.trim() } : { name: name.trim(), value: rest.slice(0, bar).trim(), unit: rest.slice(bar + 1).trim() || undefined };
  });
}

/** A number cell ('' → undefined; text that is not a number → NaN so the schema names the field). */
function numberOf(cell: string | undefined): number | undefined {
  const t = (cell ?? '').trim();
  if (t === '') return undefined;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : Number.NaN;
}

/** A pack size cell ('5 gal', '2.5 L'), or undefined when it is not one. */
export function parsePackSizeCell(cell: string): PackSize | undefined {
  const m = cell.trim().match(/^(\d+(?:\.\d+)?|\.\d+)\s*(L|mL|gal|qt|kg|g|oz)$/);
  return m ? { value: Number(m[1]), unit: m[2] as PackSize['unit'] } : undefined;
}

/** A spread rate cell ('350-400 ft2/gal', '9 m2/L'), or undefined when it is not one. */
export function parseSpreadRateCell(cell: string): SpreadRate | undefined {
  const m = cell.trim().match(/^(\d+(?:\.\d+)?)(?:\s*-\s*(\d+(?:\.\d+)?))?\s*(m2\/L|ft2\/gal)$/);
  return m ? { min: Number(m[1]), max: Number(m[2] ?? m[1]), unit: m[3] as SpreadRate['unit'] } : undefined;
}

/** The cell that clears a product's hazard, VOC or dangerous-goods data on import. */
export const CLEAR_CELL = 'none';

const HAZARD_COLUMNS = ['hazardPictograms', 'hazardSignalWord', 'hazardStatements', 'ufi'] as const satisfies readonly TemplateColumn[];
const VOC_COLUMNS = ['vocSubcategory', 'vocBase', 'vocMaxGramsPerLitre'] as const satisfies readonly TemplateColumn[];
const DANGEROUS_GOODS_COLUMNS = ['unNumber', 'transportClass', 'packingGroup', 'limitedQuantity', 'aerosol', 'netVolumeLitres', 'grossWeightKg'] as const satisfies readonly TemplateColumn[];

/**
 * The safety fields of a row: a group whose cells are all blank is left out (an update keeps the
 * product's data, a new product has none); 'none' in any of its cells clears it; otherwise the
 * group is built from its cells and checked by the dialog's schema (statement codes, UFI, VOC limit).
 */
function safetyOf(fields: TemplateRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const group = (columns: readonly TemplateColumn[]) => {
    const cells = columns.map((c) => given(fields, c));
    if (cells.every((c) => c === undefined)) return 'absent' as const;
    if (cells.some((c) => c?.toLowerCase() === CLEAR_CELL)) return 'clear' as const;
    return 'given' as const;
  };
  const hazard = group(HAZARD_COLUMNS);
  if (hazard === 'clear') out.hazard = null;
  else if (hazard === 'given') {
    out.hazard = {
      pictograms: splitList(fields.hazardPictograms ?? ''),
      signalWord: given(fields, 'hazardSignalWord') ?? null,
      statements: splitList(fields.hazardStatements ?? ''),
      ufi: given(fields, 'ufi') ?? null,
    };
  }
  const voc = group(VOC_COLUMNS);
  if (voc === 'clear') out.voc = null;
  else if (voc === 'given') out.voc = { subcategory: given(fields, 'vocSubcategory') ?? '', base: given(fields, 'vocBase')?.toLowerCase(), maxGramsPerLitre: numberOf(fields.vocMaxGramsPerLitre) };
  const dg = group(DANGEROUS_GOODS_COLUMNS);
  if (dg === 'clear') out.dangerousGoods = null;
  else if (dg === 'given') {
    out.dangerousGoods = {
      un: given(fields, 'unNumber')?.toUpperCase().replace(/\s+/g, '') ?? null,
      class: given(fields, 'transportClass') ?? null,
      packingGroup: given(fields, 'packingGroup')?.toUpperCase() ?? null,
      limitedQuantity: parseCsvBoolean(fields.limitedQuantity ?? ''),
      aerosol: parseCsvBoolean(fields.aerosol ?? ''),
      netVolumeLitres: numberOf(fields.netVolumeLitres) ?? null,
      grossWeightKg: numberOf(fields.grossWeightKg),
    };
  }
  return out;
}

/** A row checked: the dialog's input and how stock is kept, or the spec's message. */
export type RowCheck =
  | { ok: true; input: ProductInputParsed; /** Units counted (stockQuantity given or kept), else only the in-stock flag. */ stockCounted: boolean; inStock: boolean }
  | { ok: false; message: string };

/** A text cell that is present and not blank. */
function given(fields: TemplateRecord, column: TemplateColumn): string | undefined {
  const v = fields[column];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

/**
 * Checks one row. With `existing` (the product of the same SKU) blank or absent cells keep what the
 * product has; without, they take the spec §5 defaults (`generatedSku` when no SKU is given).
 */
export function checkProductRow(fields: TemplateRecord, existing: AdminProduct | undefined, generatedSku: string): RowCheck {
  const name = given(fields, 'name');
  const description = given(fields, 'description');
  const price = numberOf(fields.price);
  if (!name || !description || price === undefined || !Number.isFinite(price) || price === 0) {
    return { ok: false, message: IMPORT_MESSAGES.missingRequired };
  }
  const pick = <T>(column: TemplateColumn, parse: (v: string) => T, keep: T | undefined, fallback: T): T => {
    const v = given(fields, column);
    if (v !== undefined) return parse(v);
    return existing ? (keep as T) : fallback;
  };
  const stockCell = given(fields, 'stockQuantity');
  const stockQuantity = stockCell !== undefined ? numberOf(stockCell) : existing?.stockQuantity;
  const stockCounted = stockQuantity !== undefined;
  const inStock = stockCounted ? Number(stockQuantity) > 0 : pick('inStock', parseCsvBoolean, existing?.inStock, true);
  const originalCell = given(fields, 'originalPrice');
  const packCell = given(fields, 'packSize');
  const packSize = packCell === undefined ? undefined : parsePackSizeCell(packCell);
  if (packCell !== undefined && !packSize) return { ok: false, message: IMPORT_MESSAGES.packSize };
  const rateCell = given(fields, 'spreadRate');
  const spreadRate = rateCell === undefined ? undefined : parseSpreadRateCell(rateCell);
  if (rateCell !== undefined && !spreadRate) return { ok: false, message: IMPORT_MESSAGES.spreadRate };
  const candidate = {
    name,
    description,
    price,
    // The SKU matched case-insensitively; the product keeps the spelling it has.
    sku: existing?.sku ?? given(fields, 'sku') ?? generatedSku,
    // Paint family and coverage (issue 24): a blank cell keeps what the product has (none on a new one).
    family: pick<string | null>('family', (v) => v, existing?.family ?? null, null),
    packSize: packSize ?? (existing ? (existing.packSize ?? null) : null),
    spreadRate: spreadRate ?? (existing ? (existing.spreadRate ?? null) : null),
    recommendedCoats: pick<number | null | undefined>('recommendedCoats', (v) => numberOf(v), existing?.recommendedCoats ?? null, null),
    primerAdvised: pick('primerAdvised', parseCsvBoolean, existing?.primerAdvised ?? false, false),
    tintable: pick('tintable', parseCsvBoolean, existing?.tintable ?? false, false),
    slug: given(fields, 'slug') ?? existing?.slug,
    category: pick('category', (v) => v, existing?.category, IMPORT_DEFAULTS.category),
    brand: pick('brand', (v) => v, existing?.brand, name.slice(0, PRODUCT_BRAND_MAX).trim()),
    image: pick('image', (v) => v, existing?.image, IMPORT_DEFAULTS.image),
    gallery: pick('gallery', splitList, existing?.gallery, []),
    originalPrice: originalCell !== undefined ? numberOf(originalCell) : existing ? (existing.originalPrice ?? null) : null,
    stockQuantity: stockCounted ? stockQuantity : 0,
    isEcoFriendly: pick('isEcoFriendly', parseCsvBoolean, existing?.isEcoFriendly, false),
    isNew: pick('isNew', parseCsvBoolean, existing?.isNew, false),
    isPopular: pick('isPopular', parseCsvBoolean, existing?.isPopular, false),
    requestQuoteOnly: pick('requestQuoteOnly', parseCsvBoolean, existing?.requestQuoteOnly, false),
    rating: pick('rating', (v) => numberOf(v), existing?.rating, 0),
    reviews: pick('reviews', (v) => numberOf(v), existing?.reviews, 0),
    features: pick('features', splitList, existing?.features, []),
    certifications: pick('certifications', splitList, existing?.certifications, []),
    technicalSpecs: pick('technicalSpecs', parseSpecs, existing?.technicalSpecs, []),
    usageInstructions: pick('usageInstructions', (v) => v, existing?.usageInstructions, IMPORT_DEFAULTS.usageInstructions),
    coverage: pick('coverage', (v) => v, existing?.coverage, IMPORT_DEFAULTS.coverage),
    finish: pick('finish', (v) => v, existing?.finish, IMPORT_DEFAULTS.finish),
    ...safetyOf(fields),
  };
  const parsed = productInputSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: issue.message || ADMIN_CATALOG_MESSAGES.requiredFields };
  }
  return { ok: true, input: parsed.data, stockCounted, inStock };
}

/** Spreadsheet formulas start with these: a cell starting with one is written with a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell safe to open in a spreadsheet (DESIGN.md: exports neutralise formula injection). */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Undoes neutraliseCell on import, so an exported file imports back unchanged. */
export function restoreCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** One CSV cell: quoted when it holds a delimiter, quote or line break. */
export function csvCell(text: string): string {
  const safe = neutraliseCell(text);
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line of cells, CRLF-terminated (RFC 4180). */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A product as template cells, in TEMPLATE_COLUMNS order (the export; importing it changes nothing). */
export function productToTemplateCells(p: AdminProduct): string[] {
  const cells: Record<TemplateColumn, string> = {
    name: p.name,
    description: p.description,
    price: String(p.price),
    originalPrice: p.originalPrice === undefined ? '' : String(p.originalPrice),
    sku: p.sku,
    family: p.family ?? '',
    packSize: p.packSize ? `${p.packSize.value} ${p.packSize.unit}` : '',
    spreadRate: p.spreadRate ? `${p.spreadRate.min}${p.spreadRate.max === p.spreadRate.min ? '' : `-${p.spreadRate.max}`} ${p.spreadRate.unit}` : '',
    recommendedCoats: p.recommendedCoats == null ? '' : String(p.recommendedCoats),
    primerAdvised: String(p.primerAdvised ?? false),
    tintable: String(p.tintable ?? false),
    slug: p.slug,
    category: p.category,
    brand: p.brand,
    image: p.image,
    gallery: joinListCell(p.gallery),
    inStock: String(p.inStock),
    stockQuantity: p.stockQuantity === undefined ? '' : String(p.stockQuantity),
    isEcoFriendly: String(p.isEcoFriendly),
    isNew: String(p.isNew),
    isPopular: String(p.isPopular),
    requestQuoteOnly: String(p.requestQuoteOnly),
    rating: String(p.rating),
    reviews: String(p.reviews),
    features: joinListCell(p.features),
    certifications: joinListCell(p.certifications ?? []),
    technicalSpecs: joinListCell((p.technicalSpecs ?? []).map((s) => `${s.name}=${s.value}${s.unit ? `|${s.unit}` : ''}`)),
    usageInstructions: p.usageInstructions,
    coverage: p.coverage,
    finish: p.finish,
    ...safetyCells(p),
  };
  return TEMPLATE_COLUMNS.map((c) => cells[c]);
}

/** A product's safety data as template cells (blank when it has none). */
function safetyCells(p: AdminProduct): Record<(typeof HAZARD_COLUMNS | typeof VOC_COLUMNS | typeof DANGEROUS_GOODS_COLUMNS)[number], string> {
  const num = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
  const dg = p.dangerousGoods;
  return {
    hazardPictograms: p.hazard ? joinListCell(p.hazard.pictograms) : '',
    hazardSignalWord: p.hazard?.signalWord ?? '',
    hazardStatements: p.hazard ? joinListCell(p.hazard.statements.map((s) => s.code)) : '',
    ufi: p.hazard?.ufi ?? '',
    vocSubcategory: p.voc?.subcategory ?? '',
    vocBase: p.voc?.base ?? '',
    vocMaxGramsPerLitre: num(p.voc?.maxGramsPerLitre),
    unNumber: dg?.un ?? '',
    transportClass: dg?.class ?? '',
    packingGroup: dg?.packingGroup ?? '',
    limitedQuantity: dg ? String(dg.limitedQuantity) : '',
    aerosol: dg ? String(dg.aerosol) : '',
    netVolumeLitres: num(dg?.netVolumeLitres),
    grossWeightKg: dg ? String(dg.grossWeightKg) : '',
  };
}

/** The template file: the header and two example rows (one with every column, one with only the required ones). */
export function templateCsv(): string {
  const full: Record<TemplateColumn, string> = {
    name: 'Harbour Grey Floor Enamel',
    description: 'A hard-wearing alkyd enamel for garage and workshop floors.',
    price: '42.50',
    originalPrice: '49.99',
    sku: 'HG-FLOOR-5L',
    family: 'harbour-grey-floor-enamel',
    packSize: '5 L',
    spreadRate: '9-10 m2/L',
    recommendedCoats: '2',
    primerAdvised: 'true',
    tintable: 'true',
    slug: '',
    category: 'Diamond Collection',
    brand: 'Diamond Collection',
    image: IMPORT_DEFAULTS.image,
    gallery: '',
    inStock: 'true',
    stockQuantity: '25',
    isEcoFriendly: 'false',
    isNew: 'true',
    isPopular: 'false',
    requestQuoteOnly: 'false',
    rating: '4.5',
    reviews: '12',
    features: 'Fast drying;Oil resistant;Two coats cover',
    certifications: 'Low VOC',
    technicalSpecs: 'Dry to touch=4|h;Recoat=16|h',
    usageInstructions: 'Stir well and apply two coats with a roller.',
    coverage: '350 sq ft per gallon',
    finish: 'Gloss',
    hazardPictograms: 'GHS02;GHS07',
    hazardSignalWord: 'Warning',
    hazardStatements: 'H226;H336;EUH066;P210;P280',
    ufi: 'N1QV-R02N-J00M-WQD5',
    vocSubcategory: 'd',
    vocBase: 'solvent',
    vocMaxGramsPerLitre: '290',
    unNumber: 'UN1263',
    transportClass: '3',
    packingGroup: 'III',
    limitedQuantity: 'true',
    aerosol: 'false',
    netVolumeLitres: '5',
    grossWeightKg: '6.4',
  };
  const minimal: Partial<Record<TemplateColumn, string>> = { name: 'Trade Masking Tape 48mm', description: 'Crepe masking tape for clean paint lines indoors.', price: '6.99' };
  return [csvLine([...TEMPLATE_COLUMNS]), csvLine(TEMPLATE_COLUMNS.map((c) => full[c])), csvLine(TEMPLATE_COLUMNS.map((c) => minimal[c] ?? ''))].join('');
}
