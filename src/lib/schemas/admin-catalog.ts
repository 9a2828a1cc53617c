/**
 * The back office's catalogue contract (spec §2.13, §3, §5, §8; API.md "Back office"): the product
 * add/edit dialog and the category/brand editor, shared by the dialog in the browser and the server
 * (which checks every rule again with the same messages). Pure and isomorphic: no server imports.
 * Money is in dollars with at most two decimals, as every Product on the wire.
 */
import './zod-config';
import { z } from 'zod';
import { PRODUCT_SORT_FIELDS, sortParamSchema } from './admin-sort';
import { STOCK_FILTERS } from '../admin/stock';
import { ADMIN_BRANDS, ADMIN_PRODUCT_CATEGORIES } from '../admin-constants';
import { CATEGORY_ICONS, FINISHES, LOW_STOCK_MAX, PRODUCT_CATEGORIES } from '../constants';
import { slugifyBrand } from '../slug';
import { adminOrdersQuerySchema } from './admin';
import { categorySchema, checkPriceTiers, imageRefSchema, priceTierSchema, productSchema } from './catalog';
import { packSizeSchema, recommendedCoatsSchema, spreadRateSchema } from '../paint/units';
import { dangerousGoodsSchema, productHazardInputSchema, productVocInputSchema } from './product-safety';

export { LOW_STOCK_MAX };

/** Longest name, SKU, brand, slug, line of a list, and text the dialog accepts. */
export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_SKU_MAX = 40;
export const PRODUCT_BRAND_MAX = 60;
export const PRODUCT_SLUG_MAX = 80;
export const PRODUCT_DESCRIPTION_MIN = 10;
export const PRODUCT_TEXT_MAX = 5000;
export const PRODUCT_LINE_MAX = 200;
/** Most features, certifications, technical specs or gallery images one product holds. */
export const PRODUCT_LIST_MAX = 30;
/** Highest price and stock quantity staff may enter (a sane ceiling, not a spec figure). */
export const PRODUCT_PRICE_MAX = 1_000_000;
export const PRODUCT_STOCK_MAX = 1_000_000;
/** Rating bounds and step, reviews minimum, price step (spec §5). */
export const RATING_MIN = 0;
export const RATING_MAX = 5;
export const RATING_STEP = 0.1;
export const REVIEWS_MIN = 0;
export const PRICE_STEP = 0.01;
/** Longest category/brand name and description. */
export const CATEGORY_NAME_MAX = 60;
export const CATEGORY_DESCRIPTION_MAX = 500;
/** The category filter's 'All' option (spec §9 admin list with 'All'). */
export const ADMIN_CATEGORY_FILTER_ALL = 'All';
/** Options of the admin category filter: 'All' then the admin product categories. */
export const ADMIN_CATEGORY_FILTER_OPTIONS: readonly string[] = [
  ADMIN_CATEGORY_FILTER_ALL,
  ...ADMIN_PRODUCT_CATEGORIES,
  // Every other category a product may carry, so no live product is left out of the filter.
  ...PRODUCT_CATEGORIES.filter((c) => !(ADMIN_PRODUCT_CATEGORIES as readonly string[]).includes(c)),
];
/** The tile gradient a new category gets when none is given. */
export const DEFAULT_CATEGORY_GRADIENT = 'linear-gradient(135deg, #0f1b2d 0%, #1f4f7a 100%)';

export { ADMIN_BRANDS, ADMIN_PRODUCT_CATEGORIES, FINISHES };

/** Every message of the product dialog and the category editor, as the dialog shows it and the API returns it. */
export const ADMIN_CATALOG_MESSAGES = {
  /** Spec §5: the alert when name, SKU, description, brand or the main image is missing. */
  requiredFields: 'Please fill in all required fields (Name, SKU, Description, Brand) and upload an image.',
  priceRequired: 'Please enter a price.',
  price: 'Price must be a number from 0 with at most two decimals (step 0.01).',
  priceMax: `Price must be at most ${PRODUCT_PRICE_MAX.toLocaleString('en-US')}.`,
  priceZero: 'Price must be above 0 unless the product is sold by quotation only.',
  originalPrice: 'Original price must be a number with at most two decimals (step 0.01).',
  originalPriceNotAbove: 'Original price must be higher than the price.',
  categoryRequired: 'Please choose a category.',
  category: 'Please choose a category from the list.',
  nameMin: 'Name must be at least 2 characters.',
  nameMax: `Name must be at most ${PRODUCT_NAME_MAX} characters.`,
  skuMin: 'SKU must be at least 2 characters.',
  skuMax: `SKU must be at most ${PRODUCT_SKU_MAX} characters.`,
  skuTaken: 'Another product already uses this SKU. Please enter a unique SKU.',
  descriptionMin: `Description must be at least ${PRODUCT_DESCRIPTION_MIN} characters.`,
  textMax: `At most ${PRODUCT_TEXT_MAX} characters.`,
  brandMax: `Brand must be at most ${PRODUCT_BRAND_MAX} characters.`,
  image: 'Please upload an image or enter an http(s) image URL.',
  gallery: 'Each gallery image must be an uploaded image or an http(s) URL.',
  galleryMax: `A product can have at most ${PRODUCT_LIST_MAX} gallery images.`,
  rating: 'Rating must be between 0 and 5 (step 0.1).',
  reviews: 'Reviews must be a whole number, 0 or more.',
  stockQuantity: 'Stock quantity must be a whole number, 0 or more.',
  listMax: `At most ${PRODUCT_LIST_MAX} entries.`,
  lineMax: `Each entry must be at most ${PRODUCT_LINE_MAX} characters.`,
  technicalSpec: 'Each technical spec needs a name and a value (the unit is optional).',
  usageInstructions: 'Please add usage instructions.',
  coverage: "Please enter the coverage (e.g. '350-400 sq ft per gallon').",
  family: 'The family must be lower-case letters, digits and single hyphens (at most 80 characters).',
  primerAdvised: 'Primer advised must be true or false.',
  tintable: 'Tintable must be true or false.',
  finish: 'Please choose a finish.',
  slug: 'The web address may hold only lower-case letters, digits and single hyphens.',
  slugMax: `The web address must be at most ${PRODUCT_SLUG_MAX} characters.`,
  slugTaken: 'Another product already uses this web address. Please choose another.',
  version: 'This form is out of date. Please reload the product and try again.',
  /** 409 of PUT when another staff member saved the product after this dialog opened. */
  stale: 'Someone else saved changes to this product since you opened it. Reload it to see their changes, then make yours again.',
  productNotFound: 'Product not found.',
  /** Spec §5 Confirmations. */
  confirmDelete: 'Are you sure you want to delete this product?',
  created: 'Product added.',
  updated: 'Product updated.',
  deleted: 'Product deleted.',
  /** Spec §8 product form upload alerts. */
  uploadFailed: 'Failed to upload image. Please try again.',
  galleryUploadFailed: 'Failed to upload gallery images. Please try again.',
  categoryNameRequired: 'Please enter a name.',
  categoryNameMax: `Name must be at most ${CATEGORY_NAME_MAX} characters.`,
  categoryNameTaken: 'A category or brand with this name already exists.',
  categoryDescriptionRequired: 'Please enter a description.',
  categoryDescriptionMax: `Description must be at most ${CATEGORY_DESCRIPTION_MAX} characters.`,
  categoryImage: 'Please upload an image or enter an http(s) image URL.',
  categoryIcon: 'Please choose an icon from the list.',
  categoryOrder: 'Order must be a whole number from 1.',
  categoryNothingToChange: 'Nothing to change.',
  categoryNotFound: 'Category not found.',
  /** 409 of DELETE while products use it; followed by the count, e.g. "… 3 products use it." */
  categoryInUse: 'This category cannot be deleted while products use it. Move or delete them first:',
  /** 409 of a rename while products use it. */
  categoryRenameInUse: 'This category cannot be renamed while products use it. Move or delete them first:',
  /** Names a product may not use (the storefront's category pages know a fixed list). */
  categoryNameUnknown: 'Products can only be filed under the catalogue categories; choose one of their names.',
  confirmDeleteCategory: 'Are you sure you want to delete this category?',
  contentConflictNotFound: 'This content change was already decided.',
  contentConflictTake: "Please choose 'live' or 'content'.",
  /** 422 when taking the editor's value would leave the product invalid (e.g. an original price not above the price). */
  contentConflictInvalid: "The editor's value cannot be applied to the product as it is now. Edit the product instead.",
} as const;

/** "… 3 products use it." after categoryInUse / categoryRenameInUse. */
export function formatProductsInUse(message: string, count: number): string {
  return `${message} ${count} ${count === 1 ? 'product uses' : 'products use'} it.`;
}

const M = ADMIN_CATALOG_MESSAGES;

/** A required text: trimmed, not empty (`required`), at least `min` (`minMessage`), at most `max`. */
const requiredText = (required: string, max: number, maxMessage: string, min = 1, minMessage = required) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .min(min, { error: minMessage, abort: true })
    .max(max, { error: maxMessage });

/** Whether a number has at most `decimals` decimals (0.1 + 0.2 style drift tolerated). */
function hasDecimals(n: number, decimals: number): boolean {
  const scaled = n * 10 ** decimals;
  return Math.abs(Math.round(scaled) - scaled) < 1e-6;
}

/** A money amount in dollars: >= 0, at most two decimals, under the ceiling. */
const moneySchema = (message: string) =>
  z
    .number({ error: message })
    .min(0, { error: message })
    .max(PRODUCT_PRICE_MAX, { error: M.priceMax })
    .refine((n) => hasDecimals(n, 2), { error: message });

/** Whether a text is an image reference a product may hold: a site path ('/media/…') or an http(s) URL. */
export function isImageRef(text: string): boolean {
  return imageRefSchema.safeParse(text).success;
}

/** Trims each entry and drops the blank ones (spec §5: blank entries ignored, trimmed). */
export function cleanListEntries(entries: readonly string[]): string[] {
  return entries.map((e) => e.trim()).filter((e) => e.length > 0);
}

/** The list after the dialog's Enter: `text` trimmed and appended, or the list unchanged when blank. */
export function addListEntry(list: readonly string[], text: string): string[] {
  const entry = text.trim();
  return entry ? [...list, entry] : [...list];
}

/** A features or certifications list: entries trimmed, blanks dropped, bounded. */
const textListSchema = z
  .array(z.string({ error: M.lineMax }), { error: M.listMax })
  .transform(cleanListEntries)
  .pipe(z.array(z.string().max(PRODUCT_LINE_MAX, { error: M.lineMax })).max(PRODUCT_LIST_MAX, { error: M.listMax }));

/** One technical spec row as the dialog sends it: name and value required, unit optional. */
export const technicalSpecInputSchema = z.object({
  name: z.string({ error: M.technicalSpec }).trim().min(1, { error: M.technicalSpec, abort: true }).max(PRODUCT_LINE_MAX, { error: M.lineMax }),
  value: z.string({ error: M.technicalSpec }).trim().min(1, { error: M.technicalSpec, abort: true }).max(PRODUCT_LINE_MAX, { error: M.lineMax }),
  unit: z
    .string()
    .trim()
    .max(PRODUCT_LINE_MAX, { error: M.lineMax })
    .optional()
    .transform((u) => (u ? u : undefined)),
});
export type TechnicalSpecInput = z.input<typeof technicalSpecInputSchema>;

/** The specs after the dialog's Add: the row appended (trimmed) only when name and value are non-empty. */
export function addTechnicalSpec<T extends { name: string; value: string; unit?: string }>(list: readonly T[], spec: T): T[] {
  const name = spec.name.trim();
  const value = spec.value.trim();
  if (!name || !value) return [...list];
  const unit = spec.unit?.trim();
  return [...list, { ...spec, name, value, unit: unit || undefined }];
}

/** The slug a name generates: the brand-slug rule, cut to the slug maximum without a trailing hyphen. */
export function slugFromName(name: string): string {
  return slugifyBrand(name).slice(0, PRODUCT_SLUG_MAX).replace(/-+$/, '');
}

/**
 * The add/edit dialog's product (POST /api/admin/products; PUT adds `version`). Spec §2.13 fields
 * plus stock quantity, slug, coverage, finish and usage instructions. `inStock` is derived from the
 * stock quantity on the server; `brandLogo` and `visual` are the server's.
 */
const productFieldsSchema = z.object({
  /** Display name, 2-120 characters. */
  name: requiredText(M.requiredFields, PRODUCT_NAME_MAX, M.nameMax, 2, M.nameMin),
  /** Unique stock-keeping unit (case-insensitive). */
  sku: requiredText(M.requiredFields, PRODUCT_SKU_MAX, M.skuMax, 2, M.skuMin),
  // Paint family and coverage (issue 24). Absent (undefined) keeps what the product has, so an
  // import or client that does not know these fields never clears them; null clears.
  /** Slug shared by the pack sizes of one paint; null for none. */
  family: z
    .string({ error: M.family })
    .trim()
    .max(PRODUCT_SLUG_MAX, { error: M.family })
    .refine((s) => s === '' || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s), { error: M.family })
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .optional(),
  /** The amount in one pack; null for none. */
  packSize: packSizeSchema.nullable().optional(),
  /** Spread rate per coat, min ≤ max, plausible; null for none. */
  spreadRate: spreadRateSchema.nullable().optional(),
  /** Coats the maker recommends (1-5); null for none. */
  recommendedCoats: recommendedCoatsSchema.nullable().optional(),
  /** Whether a primer is advised. */
  primerAdvised: z.boolean({ error: M.primerAdvised }).optional(),
  tintable: z.boolean({ error: M.tintable }).optional(),
  /** Marketing description, plain text, at least 10 characters. */
  description: requiredText(M.requiredFields, PRODUCT_TEXT_MAX, M.textMax, PRODUCT_DESCRIPTION_MIN, M.descriptionMin),
  /** Maker's brand; the dialog offers ADMIN_BRANDS (plus the product's current brand). */
  brand: requiredText(M.requiredFields, PRODUCT_BRAND_MAX, M.brandMax),
  /** Main image: an uploaded /media/… path or an http(s) URL; required. */
  image: z.string({ error: M.requiredFields }).trim().min(1, { error: M.requiredFields, abort: true }).refine(isImageRef, { error: M.image }),
  /** Further images, the main image not repeated. */
  gallery: z
    .array(z.string({ error: M.gallery }).trim().refine(isImageRef, { error: M.gallery }), { error: M.gallery })
    .max(PRODUCT_LIST_MAX, { error: M.galleryMax })
    .default([]),
  /** One of the catalogue categories; the dialog offers ADMIN_PRODUCT_CATEGORIES. */
  category: z
    .string({ error: M.categoryRequired })
    .min(1, { error: M.categoryRequired, abort: true })
    .refine((c) => (PRODUCT_CATEGORIES as readonly string[]).includes(c), { error: M.category }),
  /** Price in dollars, step 0.01; required. */
  price: z.number({ error: M.priceRequired }).pipe(moneySchema(M.price)),
  /** Price before a reduction, in dollars; null or absent when none. Must be above price. */
  originalPrice: moneySchema(M.originalPrice).nullish(),
  /** Units on hand; 0 means out of stock (inStock follows it). */
  stockQuantity: z.number({ error: M.stockQuantity }).int({ error: M.stockQuantity }).min(0, { error: M.stockQuantity }).max(PRODUCT_STOCK_MAX, { error: M.stockQuantity }),
  /** Average rating 0-5, step 0.1. */
  rating: z
    .number({ error: M.rating })
    .min(RATING_MIN, { error: M.rating })
    .max(RATING_MAX, { error: M.rating })
    .refine((n) => hasDecimals(n, 1), { error: M.rating })
    .default(0),
  /** Review count, 0 or more. */
  reviews: z.number({ error: M.reviews }).int({ error: M.reviews }).min(REVIEWS_MIN, { error: M.reviews }).max(100_000_000, { error: M.reviews }).default(0),
  /** Selling points: trimmed, blanks dropped. */
  features: textListSchema.default([]),
  /** Certifications: trimmed, blanks dropped. */
  certifications: textListSchema.default([]),
  /** Technical data rows: each needs name and value. */
  technicalSpecs: z.array(technicalSpecInputSchema, { error: M.technicalSpec }).max(PRODUCT_LIST_MAX, { error: M.listMax }).default([]),
  /** How to apply or use it. */
  usageInstructions: z.string({ error: M.usageInstructions }).trim().min(1, { error: M.usageInstructions }).max(PRODUCT_TEXT_MAX, { error: M.textMax }),
  /** Coverage, e.g. '350-400 sq ft per gallon'. */
  coverage: z.string({ error: M.coverage }).trim().min(1, { error: M.coverage }).max(PRODUCT_LINE_MAX, { error: M.lineMax }),
  /** Sheen of the dry film (spec §9 finishes). */
  finish: z.enum(FINISHES, { error: M.finish }),
  /** URL segment of /shop/<slug>; empty or absent → generated from the name. Unique. */
  slug: z
    .string({ error: M.slug })
    .trim()
    .max(PRODUCT_SLUG_MAX, { error: M.slugMax })
    .refine((s) => s === '' || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s), { error: M.slug })
    .optional(),
  /** Flags (spec §3). */
  isEcoFriendly: z.boolean().default(false),
  isNew: z.boolean().default(false),
  isPopular: z.boolean().default(false),
  requestQuoteOnly: z.boolean().default(false),
  /** Safety data (issue 25): null clears it; absent keeps what the product has (a new product: none). */
  hazard: productHazardInputSchema.nullish(),
  /** VOC content; a content above its subcategory's limit is refused with both figures. */
  voc: productVocInputSchema.nullish(),
  /** Dangerous-goods data of the pack. */
  dangerousGoods: dangerousGoodsSchema.nullish(),
  /** Public quantity tiers (issue 27): null or [] clears them; absent keeps what the product has. */
  priceTiers: z.array(priceTierSchema).max(10).nullish(),
});

/** The rules across fields: a price above 0 unless quote-only; an original price above the price; tiers below it. */
function checkPrices(p: { price: number; originalPrice?: number | null; requestQuoteOnly: boolean; priceTiers?: z.infer<typeof priceTierSchema>[] | null }, ctx: z.RefinementCtx): void {
  checkPriceTiers(p.priceTiers, p.price, ctx);
  if (p.price === 0 && !p.requestQuoteOnly) ctx.addIssue({ code: 'custom', path: ['price'], message: M.priceZero });
  if (p.originalPrice !== null && p.originalPrice !== undefined && p.originalPrice <= p.price) {
    ctx.addIssue({ code: 'custom', path: ['originalPrice'], message: M.originalPriceNotAbove });
  }
}

/** POST /api/admin/products: the dialog's product, every rule of spec §5 checked. */
export const productInputSchema = productFieldsSchema.superRefine(checkPrices);
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductInputParsed = z.output<typeof productInputSchema>;

/** PUT /api/admin/products/:id: the whole dialog plus the `version` it was opened at. */
export const productUpdateSchema = productFieldsSchema
  .extend({
    /** The product's version when the dialog opened; 409 when it has moved on. */
    version: z.number({ error: M.version }).int({ error: M.version }).min(1, { error: M.version }),
  })
  .superRefine(checkPrices);
export type ProductUpdate = z.input<typeof productUpdateSchema>;

/** Which field the required-fields alert belongs to, so the dialog can check before sending. */
export const REQUIRED_PRODUCT_FIELDS = ['name', 'sku', 'description', 'brand', 'image'] as const;

/** The spec §5 alert when any of name, SKU, description, brand or main image is blank, else null. */
export function checkRequiredProductFields(draft: Partial<Record<(typeof REQUIRED_PRODUCT_FIELDS)[number], string | undefined | null>>): string | null {
  return REQUIRED_PRODUCT_FIELDS.some((f) => !draft[f]?.trim()) ? M.requiredFields : null;
}

/** A product as the back office reads it: the Product plus what the dialog needs to save it back. */
export const adminProductSchema = z.intersection(
  productSchema,
  z.object({
    /** Send this back with PUT. */
    version: z.number().int(),
    /** ISO 8601 time of the last change. */
    updatedAt: z.string(),
    /** ISO 8601 creation time. */
    createdAt: z.string(),
  }),
);
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** Stat cards of the products view, over the whole live catalogue. */
export const adminProductStatsSchema = z.object({
  total: z.number().int(),
  inStock: z.number().int(),
  outOfStock: z.number().int(),
  /** In stock with at most LOW_STOCK_MAX units. */
  lowStock: z.number().int(),
});
export type AdminProductStats = z.infer<typeof adminProductStatsSchema>;

/** GET /api/admin/products query: search, category ('All' or a name), page from 1, pageSize. */
export const adminProductsQuerySchema = z.object({
  /** Matches name, description, SKU or brand (case-insensitive substring). */
  q: z.string().trim().max(200).catch(''),
  category: z.string().trim().max(CATEGORY_NAME_MAX).catch(ADMIN_CATEGORY_FILTER_ALL).transform((c) => c || ADMIN_CATEGORY_FILTER_ALL),
  page: adminOrdersQuerySchema.shape.page,
  pageSize: adminOrdersQuerySchema.shape.pageSize,
  /** `<field>:asc|desc` (PRODUCT_SORT_FIELDS); by name without it. */
  sort: sortParamSchema(PRODUCT_SORT_FIELDS),
  /** Stock level (src/lib/admin/stock.ts): 'low', 'out', 'short' (either) or 'all'. */
  stock: z.enum(STOCK_FILTERS).catch('all'),
});
export type AdminProductsQuery = z.infer<typeof adminProductsQuerySchema>;

/** GET /api/admin/products answer: one page by name, the total matching, and the stat cards. */
export const adminProductsPageSchema = z.object({
  products: z.array(adminProductSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  stats: adminProductStatsSchema,
});
export type AdminProductsPage = z.infer<typeof adminProductsPageSchema>;

/** 409 of a stale PUT: the error plus the product as it now is. */
export const productConflictSchema = z.object({
  error: z.object({ code: z.literal('conflict'), message: z.string() }),
  product: adminProductSchema,
});

/** The fields of a category/brand as staff edit them (spec §3). */
const categoryFields = {
  name: z
    .string({ error: M.categoryNameRequired })
    .trim()
    .min(1, { error: M.categoryNameRequired, abort: true })
    .max(CATEGORY_NAME_MAX, { error: M.categoryNameMax }),
  description: z
    .string({ error: M.categoryDescriptionRequired })
    .trim()
    .min(1, { error: M.categoryDescriptionRequired, abort: true })
    .max(CATEGORY_DESCRIPTION_MAX, { error: M.categoryDescriptionMax }),
  image: z.string({ error: M.categoryImage }).trim().refine(isImageRef, { error: M.categoryImage }),
  icon: z.enum(CATEGORY_ICONS, { error: M.categoryIcon }),
  featured: z.boolean(),
  gradient: z.string().trim().min(1).max(300),
  order: z.number({ error: M.categoryOrder }).int({ error: M.categoryOrder }).min(1, { error: M.categoryOrder }).max(100_000, { error: M.categoryOrder }),
};

/** POST /api/admin/categories: a new category/brand. Icon 'Package', not featured and last in order unless given. */
export const categoryInputSchema = z.object({
  ...categoryFields,
  icon: categoryFields.icon.default('Package'),
  featured: categoryFields.featured.default(false),
  gradient: categoryFields.gradient.default(DEFAULT_CATEGORY_GRADIENT),
  order: categoryFields.order.optional(),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

/**
 * PUT /api/admin/categories/:id: any of the fields to change. `featured` alone toggles it; `order`
 * alone moves it to that position (1 = first) and renumbers the others 1..n; a change stamps updatedAt.
 */
export const categoryChangeSchema = z
  .object(categoryFields)
  .partial()
  .refine((c) => Object.values(c).some((v) => v !== undefined), { error: M.categoryNothingToChange });
export type CategoryChange = z.input<typeof categoryChangeSchema>;

/** GET /api/admin/categories answer: every category by order, with how many live products use each. */
export const adminCategoriesSchema = z.object({
  categories: z.array(categorySchema.extend({ productCount: z.number().int() })),
});
export type AdminCategoryList = z.infer<typeof adminCategoriesSchema>;

/** POST /api/admin/catalog/content-conflicts/:id: which side of a content conflict to keep. */
export const contentConflictDecisionSchema = z.object({
  take: z.enum(['live', 'content'], { error: M.contentConflictTake }),
});
export type ContentConflictDecision = z.infer<typeof contentConflictDecisionSchema>;

/** What the last sync of content/ did (GET /api/admin/catalog/content-conflicts, the overview). */
export const contentSyncSummarySchema = z.object({
  at: z.string(),
  products: z.object({ created: z.number(), updated: z.number(), withdrawn: z.number(), restored: z.number() }),
  categories: z.object({ created: z.number(), updated: z.number(), removed: z.number() }),
  /** Conflicts the sync found that were not open before, and all open after it. */
  conflicts: z.object({ new: z.number(), open: z.number() }),
  skipped: z.number(),
});
export type ContentSyncSummary = z.infer<typeof contentSyncSummarySchema>;

/** One field editors (content/) and staff both changed differently; values as JSON (null: absent). */
export const contentConflictSchema = z.object({
  id: z.string(),
  /** Set for a product's conflict. */
  productId: z.string().optional(),
  /** Set for a category's conflict. */
  categoryId: z.string().optional(),
  /** The product's or category's name as it is live, for people. */
  name: z.string(),
  /** A field, `object.key`, or 'withdrawn' (content removed the item; staff changed it since). */
  field: z.string(),
  /** The value when last synced; null when there was no recorded base. */
  base: z.unknown(),
  /** The editor's value in content/. */
  content: z.unknown(),
  /** The value the shop has now. */
  live: z.unknown(),
  /** When the sync found it. */
  createdAt: z.string(),
});
export type ContentConflict = z.infer<typeof contentConflictSchema>;

/** GET /api/admin/catalog/content-conflicts answer: the open conflicts and the last sync's result. */
export const contentConflictListSchema = z.object({
  conflicts: z.array(contentConflictSchema),
  lastSync: contentSyncSummarySchema.nullable(),
});
export type ContentConflictList = z.infer<typeof contentConflictListSchema>;
