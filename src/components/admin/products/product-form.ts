/**
 * The add/edit dialog's form as typed (numbers as text), how it becomes the API's ProductInput,
 * how it is checked before sending (the shared schema, so the browser and the server say the same),
 * and how a newer version saved by someone else is merged in without losing what was typed. Pure.
 */
import {
  ADMIN_CATALOG_MESSAGES,
  checkRequiredProductFields,
  productInputSchema,
  slugFromName,
  type AdminProduct,
  type ProductInput,
  type TechnicalSpecInput,
} from '../../../lib/schemas/admin-catalog';
import { convertSpreadRate, type PackUnit, type SpreadRateUnit } from '../../../lib/paint/units';
import { normaliseStatementCode, type GhsPictogram } from '../../../lib/paint/ghs';
import type { VocBase } from '../../../lib/paint/voc';

/** The dialog's values: text inputs as typed, lists and flags as edited. */
export interface ProductForm {
  name: string;
  sku: string;
  // Paint family and coverage (issue 24): numbers as typed; a blank pack size or rate is none.
  family: string;
  packValue: string;
  packUnit: PackUnit;
  spreadMin: string;
  spreadMax: string;
  spreadUnit: SpreadRateUnit;
  recommendedCoats: string;
  primerAdvised: boolean;
  tintable: boolean;
  slug: string;
  description: string;
  brand: string;
  category: string;
  finish: string;
  price: string;
  originalPrice: string;
  /** Public quantity tiers as typed: 'quantity: price' pairs separated by commas or new lines ('10: 18.50, 50: 16'). */
  priceTiers: string;
  stockQuantity: string;
  rating: string;
  reviews: string;
  coverage: string;
  usageInstructions: string;
  image: string;
  gallery: string[];
  features: string[];
  certifications: string[];
  technicalSpecs: TechnicalSpecInput[];
  isEcoFriendly: boolean;
  isNew: boolean;
  isPopular: boolean;
  requestQuoteOnly: boolean;
  // Safety data (issue 25): all blank means none, sent as null so a cleared block is removed.
  pictograms: GhsPictogram[];
  signalWord: string;
  /** Statement codes as typed, separated by commas, spaces or new lines. */
  statements: string;
  ufi: string;
  vocSubcategory: string;
  vocBase: VocBase;
  vocMax: string;
  dgUn: string;
  dgClass: string;
  dgPackingGroup: string;
  dgLimitedQuantity: boolean;
  dgAerosol: boolean;
  dgNetVolume: string;
  dgGrossWeight: string;
}
export type ProductFormField = keyof ProductForm;

/** How each field is named to staff (conflict notices, messages without a field of their own). */
export const FIELD_LABELS: Record<ProductFormField, string> = {
  name: 'Name',
  sku: 'SKU',
  family: 'Family',
  packValue: 'Pack size',
  packUnit: 'Pack unit',
  spreadMin: 'Spread rate (min)',
  spreadMax: 'Spread rate (max)',
  spreadUnit: 'Spread rate unit',
  recommendedCoats: 'Recommended coats',
  primerAdvised: 'Primer advised',
  tintable: 'Tintable',
  slug: 'Web address',
  description: 'Description',
  brand: 'Brand',
  category: 'Category',
  finish: 'Finish',
  price: 'Price',
  originalPrice: 'Original price',
  priceTiers: 'Quantity prices',
  stockQuantity: 'Stock quantity',
  rating: 'Rating',
  reviews: 'Reviews',
  coverage: 'Coverage',
  usageInstructions: 'Usage instructions',
  image: 'Main image',
  gallery: 'Gallery',
  features: 'Features',
  certifications: 'Certifications',
  technicalSpecs: 'Technical specs',
  isEcoFriendly: 'Eco-friendly',
  isNew: 'New',
  isPopular: 'Popular',
  requestQuoteOnly: 'Quote only',
  pictograms: 'Hazard pictograms',
  signalWord: 'Signal word',
  statements: 'Hazard and precautionary statements',
  ufi: 'UFI',
  vocSubcategory: 'VOC subcategory',
  vocBase: 'VOC base',
  vocMax: 'VOC content',
  dgUn: 'UN number',
  dgClass: 'Transport class',
  dgPackingGroup: 'Packing group',
  dgLimitedQuantity: 'Limited quantity',
  dgAerosol: 'Aerosol',
  dgNetVolume: 'Net volume',
  dgGrossWeight: 'Gross weight',
};

/** An empty form for a new product (rating and reviews start at 0). */
export function emptyProductForm(): ProductForm {
  return {
    name: '',
    sku: '',
    family: '',
    packValue: '',
    packUnit: 'gal',
    spreadMin: '',
    spreadMax: '',
    spreadUnit: 'ft2/gal',
    recommendedCoats: '',
    primerAdvised: false,
    tintable: false,
    slug: '',
    description: '',
    brand: '',
    category: '',
    finish: '',
    price: '',
    originalPrice: '',
    priceTiers: '',
    stockQuantity: '',
    rating: '0',
    reviews: '0',
    coverage: '',
    usageInstructions: '',
    image: '',
    gallery: [],
    features: [],
    certifications: [],
    technicalSpecs: [],
    isEcoFriendly: false,
    isNew: false,
    isPopular: false,
    requestQuoteOnly: false,
    pictograms: [],
    signalWord: '',
    statements: '',
    ufi: '',
    vocSubcategory: '',
    vocBase: 'water',
    vocMax: '',
    dgUn: '',
    dgClass: '',
    dgPackingGroup: '',
    dgLimitedQuantity: false,
    dgAerosol: false,
    dgNetVolume: '',
    dgGrossWeight: '',
  };
}

/** The form of an existing product, as the dialog opens on it. */
export function productToForm(product: AdminProduct): ProductForm {
  return {
    name: product.name,
    sku: product.sku,
    family: product.family ?? '',
    packValue: product.packSize ? String(product.packSize.value) : '',
    packUnit: product.packSize?.unit ?? 'gal',
    spreadMin: product.spreadRate ? String(product.spreadRate.min) : '',
    spreadMax: product.spreadRate ? String(product.spreadRate.max) : '',
    spreadUnit: product.spreadRate?.unit ?? 'ft2/gal',
    recommendedCoats: product.recommendedCoats == null ? '' : String(product.recommendedCoats),
    primerAdvised: product.primerAdvised ?? false,
    tintable: product.tintable ?? false,
    slug: product.slug,
    description: product.description,
    brand: product.brand,
    category: product.category,
    finish: product.finish,
    price: String(product.price),
    originalPrice: product.originalPrice === undefined ? '' : String(product.originalPrice),
    priceTiers: (product.priceTiers ?? []).map((t) => `${t.minQuantity}: ${t.price.toFixed(2)}`).join(', '),
    stockQuantity: product.stockQuantity === undefined ? (product.inStock ? '' : '0') : String(product.stockQuantity),
    rating: String(product.rating),
    reviews: String(product.reviews),
    coverage: product.coverage,
    usageInstructions: product.usageInstructions,
    image: product.image,
    gallery: [...product.gallery],
    features: [...product.features],
    certifications: [...product.certifications],
    technicalSpecs: product.technicalSpecs.map((s) => ({ ...s })),
    isEcoFriendly: product.isEcoFriendly,
    isNew: product.isNew,
    isPopular: product.isPopular,
    requestQuoteOnly: product.requestQuoteOnly,
    pictograms: [...(product.hazard?.pictograms ?? [])],
    signalWord: product.hazard?.signalWord ?? '',
    statements: (product.hazard?.statements ?? []).map((s) => s.code).join(', '),
    ufi: product.hazard?.ufi ?? '',
    vocSubcategory: product.voc?.subcategory ?? '',
    vocBase: product.voc?.base ?? 'water',
    vocMax: product.voc ? String(product.voc.maxGramsPerLitre) : '',
    dgUn: product.dangerousGoods?.un ?? '',
    dgClass: product.dangerousGoods?.class ?? '',
    dgPackingGroup: product.dangerousGoods?.packingGroup ?? '',
    dgLimitedQuantity: product.dangerousGoods?.limitedQuantity ?? false,
    dgAerosol: product.dangerousGoods?.aerosol ?? false,
    dgNetVolume: product.dangerousGoods?.netVolumeLitres == null ? '' : String(product.dangerousGoods.netVolumeLitres),
    dgGrossWeight: product.dangerousGoods ? String(product.dangerousGoods.grossWeightKg) : '',
  };
}

/** The statement codes typed in the statements field, normalised ('p303 + p361' → 'P303+P361'), blanks dropped. */
export function splitStatementCodes(text: string): string[] {
  // '+' joins the parts of a combined code, so spaces around it do not split.
  return text
    .replace(/\s*\+\s*/g, '+')
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(normaliseStatementCode);
}

function hazardOf(form: ProductForm): ProductInput['hazard'] {
  const statements = splitStatementCodes(form.statements);
  if (form.pictograms.length === 0 && !form.signalWord && statements.length === 0 && !form.ufi.trim()) return null;
  return { pictograms: form.pictograms, signalWord: form.signalWord || null, statements, ufi: form.ufi.trim() || null };
}

function vocOf(form: ProductForm): ProductInput['voc'] {
  if (!form.vocSubcategory && form.vocMax.trim() === '') return null;
  return { subcategory: form.vocSubcategory, base: form.vocBase, maxGramsPerLitre: readNumber(form.vocMax) as number };
}

function dangerousGoodsOf(form: ProductForm): ProductInput['dangerousGoods'] {
  const texts = [form.dgUn, form.dgClass, form.dgPackingGroup, form.dgNetVolume, form.dgGrossWeight];
  if (texts.every((t) => t.trim() === '') && !form.dgLimitedQuantity && !form.dgAerosol) return null;
  return {
    // '1263' and 'un 1263' are how staff copy it from a data sheet; the schema wants 'UN1263'.
    un: form.dgUn.trim().toUpperCase().replace(/^(?:UN\s*)?(\d{4})$/, 'UN$1') || null,
    class: form.dgClass.trim() || null,
    packingGroup: (form.dgPackingGroup || null) as 'I' | 'II' | 'III' | null,
    limitedQuantity: form.dgLimitedQuantity,
    aerosol: form.dgAerosol,
    netVolumeLitres: readNumber(form.dgNetVolume) ?? null,
    grossWeightKg: readNumber(form.dgGrossWeight) as number,
  };
}

/** A typed number: blank → undefined (the schema then says it is required), anything else as Number reads it. */
function readNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/** Typed 'quantity: price' pairs as tiers (blank: none); a pair that is not two numbers is sent as NaN for the schema to name. */
export function readTiers(text: string): { minQuantity: number; price: number }[] {
  return text
    .split(/[,\n]+/)
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '')
    .map((pair) => {
      const [quantity, price, ...rest] = pair.split(/\s*[:=]\s*/);
      return rest.length > 0 || price === undefined ? { minQuantity: Number.NaN, price: Number.NaN } : { minQuantity: Number(quantity), price: Number(price.replace(/^\$/, '')) };
    });
}

/** The request body of the form (POST as is; PUT adds `version`). A blank slug lets the server generate it. */
export function formToInput(form: ProductForm): ProductInput {
  const originalPrice = readNumber(form.originalPrice);
  return {
    name: form.name,
    sku: form.sku,
    family: form.family.trim() || null,
    packSize: form.packValue.trim() === '' ? null : { value: readNumber(form.packValue) as number, unit: form.packUnit },
    spreadRate:
      form.spreadMin.trim() === '' && form.spreadMax.trim() === ''
        ? null
        : { min: readNumber(form.spreadMin) as number, max: readNumber(form.spreadMax) as number, unit: form.spreadUnit },
    recommendedCoats: readNumber(form.recommendedCoats) ?? null,
    primerAdvised: form.primerAdvised,
    tintable: form.tintable,
    slug: form.slug.trim() || undefined,
    description: form.description,
    brand: form.brand,
    category: form.category,
    finish: form.finish as ProductInput['finish'],
    price: readNumber(form.price) as number,
    originalPrice: originalPrice ?? null,
    priceTiers: readTiers(form.priceTiers),
    stockQuantity: readNumber(form.stockQuantity) as number,
    rating: readNumber(form.rating) ?? 0,
    reviews: readNumber(form.reviews) ?? 0,
    coverage: form.coverage,
    usageInstructions: form.usageInstructions,
    image: form.image,
    gallery: form.gallery,
    features: form.features,
    certifications: form.certifications,
    technicalSpecs: form.technicalSpecs,
    isEcoFriendly: form.isEcoFriendly,
    isNew: form.isNew,
    isPopular: form.isPopular,
    requestQuoteOnly: form.requestQuoteOnly,
    hazard: hazardOf(form),
    voc: vocOf(form),
    dangerousGoods: dangerousGoodsOf(form),
  };
}

/** The short message a required field shows under itself; the full spec alert sits above the form. */
export const REQUIRED_FIELD_MESSAGE = 'Required.';

/** What the check before sending found: the alert above the form (if any) and a message per field. */
export interface FormCheck {
  alert: string | null;
  fields: Partial<Record<ProductFormField, string>>;
}

const DG_FIELDS: Record<string, ProductFormField> = {
  un: 'dgUn',
  class: 'dgClass',
  packingGroup: 'dgPackingGroup',
  limitedQuantity: 'dgLimitedQuantity',
  aerosol: 'dgAerosol',
  netVolumeLitres: 'dgNetVolume',
  grossWeightKg: 'dgGrossWeight',
};

/** The form field an input path belongs to ('spreadRate.max' → spreadMax, 'gallery.2' → gallery). */
function formFieldOf(path: readonly string[]): ProductFormField {
  const [head, key] = path;
  if (head === 'packSize') return key === 'unit' ? 'packUnit' : 'packValue';
  if (head === 'spreadRate') return key === 'max' ? 'spreadMax' : key === 'unit' ? 'spreadUnit' : 'spreadMin';
  if (head === 'hazard') return key === 'pictograms' || key === 'signalWord' || key === 'ufi' ? key : 'statements';
  if (head === 'voc') return key === 'subcategory' ? 'vocSubcategory' : key === 'base' ? 'vocBase' : 'vocMax';
  if (head === 'dangerousGoods') return DG_FIELDS[key ?? ''] ?? 'dgUn';
  if (head === 'priceTiers') return 'priceTiers';
  return (head ?? '') as ProductFormField;
}

/** The form with its spread rate written in `unit` (the typed numbers converted, so the rate stays the same). */
export function withSpreadUnit(form: ProductForm, unit: SpreadRateUnit): ProductForm {
  const [min, max] = [readNumber(form.spreadMin), readNumber(form.spreadMax)];
  if (form.spreadUnit === unit) return form;
  if (!(min !== undefined && min > 0 && max !== undefined && max > 0)) return { ...form, spreadUnit: unit };
  const converted = convertSpreadRate({ min, max, unit: form.spreadUnit }, unit);
  return { ...form, spreadMin: String(converted.min), spreadMax: String(converted.max), spreadUnit: unit };
}

/**
 * Checks the form with the shared schema. A blank name, SKU, description, brand or main image gives
 * the exact spec §5 alert (each of those fields marked 'Required.'); other rules give their message
 * on their field.
 */
export function checkProductForm(form: ProductForm): FormCheck {
  const alert = checkRequiredProductFields(form);
  const fields: FormCheck['fields'] = {};
  const parsed = productInputSchema.safeParse(formToInput(form));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(issue.path.map(String));
      if (!(field in FIELD_LABELS) || fields[field]) continue;
      fields[field] = issue.message === ADMIN_CATALOG_MESSAGES.requiredFields ? REQUIRED_FIELD_MESSAGE : issue.message;
    }
  }
  return { alert, fields };
}

/**
 * Splits a server's 422 field messages into the form's fields and the rest ('gallery.2' belongs to
 * the gallery; a key the form does not know goes to the alert).
 */
export function mapServerFields(serverFields: Record<string, string>): { fields: FormCheck['fields']; other: string[] } {
  const fields: FormCheck['fields'] = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(serverFields)) {
    const field = formFieldOf(key.split('.'));
    if (field in FIELD_LABELS) fields[field] ??= message === ADMIN_CATALOG_MESSAGES.requiredFields ? REQUIRED_FIELD_MESSAGE : message;
    else other.push(message);
  }
  return { fields, other };
}

/** The slug to show while the name is typed: generated from the name until staff edit the slug themselves. */
export function nextSlug(form: ProductForm, slugTouched: boolean): string {
  return slugTouched ? form.slug : slugFromName(form.name);
}

/** Whether two values of a field are the same. */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Brings in the version someone else saved (`theirs`) without losing what was typed: a field this
 * dialog changed since it opened (`base` → `mine`) keeps the typed value, any other field takes
 * theirs. Also names the fields both sides changed to different values, for staff to review.
 */
export function mergeLatest(base: ProductForm, mine: ProductForm, theirs: ProductForm): { form: ProductForm; clashes: ProductFormField[] } {
  const form = { ...theirs };
  const clashes: ProductFormField[] = [];
  for (const field of Object.keys(FIELD_LABELS) as ProductFormField[]) {
    if (same(mine[field], base[field])) continue;
    (form as Record<ProductFormField, unknown>)[field] = mine[field];
    if (!same(theirs[field], base[field]) && !same(theirs[field], mine[field])) clashes.push(field);
  }
  return { form, clashes };
}
