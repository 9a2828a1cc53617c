/**
 * Reconciles the build-time catalogue a page was rendered with and the live catalogue of
 * GET /api/catalog/cards (staff edits, stock held by orders), without I/O. Both sides are cards
 * (./card.ts), or both whole products (a product page and GET /api/products?ids=).
 *
 * Order rule: a list a person is looking at is never reordered. Products keep their build-time
 * positions (each replaced in place by its live version when it differs), products the server no
 * longer has are left out, and products new on the server are appended at the end in live order.
 */
import type { CartLine } from '../cart';
import { FINISHES, PRODUCT_CATEGORIES } from '../constants';
import type { Category, Product } from '../schemas/catalog';
import { isGhsPictogram } from '../paint/ghs-pictograms';
import { CARD_FIELDS, toCatalogCard, type CatalogCard } from './card';

/** The product fields whose change a shopper may notice or act on. */
export const WATCHED_FIELDS = [
  'price',
  'originalPrice',
  'inStock',
  'stockQuantity',
  'requestQuoteOnly',
  'name',
  'image',
] as const;

/** One of WATCHED_FIELDS. */
export type WatchedField = (typeof WATCHED_FIELDS)[number];

/** A watched field's build-time value and its live value. */
export interface FieldChange<K extends WatchedField> {
  from: CatalogCard[K];
  to: CatalogCard[K];
}

/** The watched fields of one product that differ, each with both values; absent fields did not change. */
export type ChangedFields = { [K in WatchedField]?: FieldChange<K> };

/** What the live catalogue changes in a build-time product list. */
export interface CatalogReconciliation<P extends CatalogCard = CatalogCard> {
  /** Build-time order, live values, removed ones left out, new ones at the end; the build-time array itself when nothing differs. */
  products: readonly P[];
  /** Product id → the watched fields that changed (only products present in both lists). */
  changed: ReadonlyMap<string, ChangedFields>;
  /** Live products the build-time list did not have, in live order. */
  added: readonly P[];
  /** Ids of build-time products the live catalogue no longer has, in build-time order. */
  removed: readonly string[];
}

/** The body of GET /api/catalog/cards. */
export interface LiveCatalog {
  products: CatalogCard[];
  categories: Category[];
  /** Content hash of the catalogue; equal versions are equal catalogues. */
  version: string;
}

/** Whether two JSON-like values are equal in content; a key holding undefined counts as absent. */
function isSameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => isSameValue(item, b[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keysA = Object.keys(ra).filter((k) => ra[k] !== undefined);
  const keysB = Object.keys(rb).filter((k) => rb[k] !== undefined);
  return keysA.length === keysB.length && keysA.every((k) => isSameValue(ra[k], rb[k]));
}

/** The watched fields that differ between two versions of a product, or undefined when none does. */
function diffWatchedFields(before: CatalogCard, now: CatalogCard): ChangedFields | undefined {
  const changes: Record<string, FieldChange<WatchedField>> = {};
  let any = false;
  for (const field of WATCHED_FIELDS) {
    if (isSameValue(before[field], now[field])) continue;
    changes[field] = { from: before[field], to: now[field] };
    any = true;
  }
  return any ? (changes as ChangedFields) : undefined;
}

/** Products by id, in list order; the first of a repeated id wins. */
export function indexProductsById<P extends { id: string }>(products: readonly P[]): Map<string, P> {
  const byId = new Map<string, P>();
  for (const p of products) if (!byId.has(p.id)) byId.set(p.id, p);
  return byId;
}

/** Applies the live catalogue to a build-time product list (order rule in the module comment). */
export function reconcileCatalog<P extends CatalogCard>(buildTime: readonly P[], live: readonly P[]): CatalogReconciliation<P> {
  const liveById = indexProductsById(live);
  const changed = new Map<string, ChangedFields>();
  const removed: string[] = [];
  const kept: P[] = [];
  let replaced = false;
  for (const before of buildTime) {
    const now = liveById.get(before.id);
    if (!now) {
      removed.push(before.id);
      continue;
    }
    // An unchanged product keeps its build-time object, so memoised cards do not re-render.
    if (isSameValue(before, now)) {
      kept.push(before);
      continue;
    }
    kept.push(now);
    replaced = true;
    const fields = diffWatchedFields(before, now);
    if (fields) changed.set(before.id, fields);
  }
  const buildIds = new Set(buildTime.map((p) => p.id));
  const added = [...liveById.values()].filter((p) => !buildIds.has(p.id));
  const same = !replaced && removed.length === 0 && added.length === 0;
  return { products: same ? buildTime : [...kept, ...added], changed, added, removed };
}

/** Whether two product lists hold the same products in the same order (stops at the first difference). */
export function isSameCatalog(a: readonly CatalogCard[], b: readonly CatalogCard[]): boolean {
  if (a === b) return true;
  return a.length === b.length && a.every((p, i) => isSameValue(p, b[i]));
}

/** Why a cart line cannot be ordered as it stands. */
export type CartLineProblem =
  | { productId: string; reason: 'removed' }
  | { productId: string; reason: 'quote-only' }
  | { productId: string; reason: 'out-of-stock' }
  | { productId: string; reason: 'short'; available: number };

/** A cart line whose unit price the live catalogue changed. */
export interface RepricedLine {
  productId: string;
  /** The price the line carried, in dollars. */
  from: number;
  /** The live price, in dollars. */
  to: number;
}

/** The cart with live values applied. */
export interface LiveCart {
  /** Every line, none dropped; snapshots of known products carry live name, price, image and category. The input array when nothing changed. */
  lines: readonly CartLine[];
  /** Lines that cannot be ordered as they stand, in cart order, for the drawer to show. */
  problems: CartLineProblem[];
  /** Lines whose price changed, in cart order. */
  repriced: RepricedLine[];
}

/** The problem of a line against its live product, or null when it can be ordered. */
function findLineProblem(line: CartLine, live: CatalogCard | undefined): CartLineProblem | null {
  const productId = line.product.id;
  if (!live) return { productId, reason: 'removed' };
  if (live.requestQuoteOnly) return { productId, reason: 'quote-only' };
  if (!live.inStock) return { productId, reason: 'out-of-stock' };
  if (live.stockQuantity !== undefined && line.quantity > live.stockQuantity) {
    return { productId, reason: 'short', available: live.stockQuantity };
  }
  return null;
}

/**
 * Brings cart lines up to date with the live catalogue: current snapshot values, and the lines
 * whose product is gone, quote-only, out of stock or short. Lines are never dropped or cut here:
 * the shopper decides, and the server re-checks at checkout anyway.
 */
export function applyLiveToCart(
  lines: readonly CartLine[],
  liveById: ReadonlyMap<string, CatalogCard>,
): LiveCart {
  const problems: CartLineProblem[] = [];
  const repriced: RepricedLine[] = [];
  let touched = false;
  const updated = lines.map((line) => {
    const live = liveById.get(line.product.id);
    const problem = findLineProblem(line, live);
    if (problem) problems.push(problem);
    if (!live) return line;
    const { product } = line;
    if (live.price !== product.price) repriced.push({ productId: product.id, from: product.price, to: live.price });
    if (
      live.price === product.price &&
      live.name === product.name &&
      live.image === product.image &&
      live.category === product.category
    ) {
      return line;
    }
    touched = true;
    return {
      ...line,
      product: { ...product, name: live.name, price: live.price, image: live.image, category: live.category },
    };
  });
  return { lines: touched ? updated : lines, problems, repriced };
}

const CATEGORY_NAMES: ReadonlySet<string> = new Set(PRODUCT_CATEGORIES);
const FINISH_NAMES: ReadonlySet<string> = new Set(FINISHES);

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isAmount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
const isTextList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isText);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPictogramList = (v: unknown): boolean => isTextList(v) && v.every(isGhsPictogram);

const CARD_TEXT_FIELDS = ['id', 'slug', 'name', 'sku', 'description', 'brand', 'image'] as const;
const DETAIL_TEXT_FIELDS = ['brandLogo', 'usageInstructions', 'coverage'] as const;
const FLAG_FIELDS = ['inStock', 'isEcoFriendly', 'isNew', 'isPopular', 'requestQuoteOnly'] as const;
const CARD_TEXT_LIST_FIELDS = ['features', 'certifications'] as const;

/** The first field of a wire card that has the wrong type, or null when it can be used as a CatalogCard. */
function findCardProblem(v: Record<string, unknown>): string | null {
  for (const f of CARD_TEXT_FIELDS) if (!isText(v[f])) return f;
  for (const f of FLAG_FIELDS) if (typeof v[f] !== 'boolean') return f;
  for (const f of CARD_TEXT_LIST_FIELDS) if (!isTextList(v[f])) return f;
  if (!isAmount(v.price)) return 'price';
  if (v.originalPrice !== undefined && !isAmount(v.originalPrice)) return 'originalPrice';
  if (v.stockQuantity !== undefined && !isCount(v.stockQuantity)) return 'stockQuantity';
  if (!isAmount(v.rating)) return 'rating';
  if (!isCount(v.reviews)) return 'reviews';
  if (!isText(v.category) || !CATEGORY_NAMES.has(v.category)) return 'category';
  if (!isText(v.finish) || !FINISH_NAMES.has(v.finish)) return 'finish';
  if (v.family != null && !isText(v.family)) return 'family';
  if (v.packSize != null && !(isRecord(v.packSize) && isAmount(v.packSize.value) && isText(v.packSize.unit))) return 'packSize';
  if (v.tintable != null && typeof v.tintable !== 'boolean') return 'tintable';
  if (v.pictograms !== undefined && !isPictogramList(v.pictograms)) return 'pictograms';
  // A whole product's hazard gives its card's pictograms.
  if (v.hazard != null && !(isRecord(v.hazard) && isPictogramList(v.hazard.pictograms))) return 'hazard';
  return null;
}

/** The first field of a wire product that has the wrong type, or null when it can be used as a Product. */
function findProductProblem(v: Record<string, unknown>): string | null {
  const cardProblem = findCardProblem(v);
  if (cardProblem) return cardProblem;
  for (const f of DETAIL_TEXT_FIELDS) if (!isText(v[f])) return f;
  if (!isTextList(v.gallery)) return 'gallery';
  const specsOk =
    Array.isArray(v.technicalSpecs) &&
    v.technicalSpecs.every(
      (s) => isRecord(s) && isText(s.name) && isText(s.value) && (s.unit === undefined || typeof s.unit === 'string'),
    );
  if (!specsOk) return 'technicalSpecs';
  const visual = v.visual;
  if (
    visual !== undefined &&
    !(isRecord(visual) && isText(visual.kind) && isText(visual.color) && (visual.colorName === undefined || typeof visual.colorName === 'string'))
  ) {
    return 'visual';
  }
  return null;
}

/** The fields of a whole product besides its card's. */
const DETAIL_FIELDS = [...DETAIL_TEXT_FIELDS, 'gallery', 'technicalSpecs', 'visual'] as const;

const CARD_NAMES: ReadonlySet<string> = new Set(CARD_FIELDS);

/** Whether every key of a wire object is one of `names` and holds a value, not null (nothing to drop). */
function holdsOnly(v: Record<string, unknown>, names: ReadonlySet<string>): boolean {
  for (const key in v) if (!names.has(key) || v[key] == null) return false;
  return true;
}

/** An object holding exactly the given fields of a checked wire value that are set, null counting as unset as on a card (extra keys would defeat equality). */
function pick<T>(v: Record<string, unknown>, fields: readonly string[]): T {
  const p = {} as Record<string, unknown>;
  for (const f of fields) if (v[f] != null) p[f] = v[f];
  return p as T;
}

/** Whether a wire category has the fields the brand grid reads. */
function isCategory(v: unknown): v is Category {
  return (
    isRecord(v) &&
    isText(v.id) &&
    isText(v.name) &&
    typeof v.description === 'string' &&
    isText(v.image) &&
    typeof v.featured === 'boolean' &&
    typeof v.gradient === 'string' &&
    typeof v.order === 'number'
  );
}

/** A parsed live catalogue, or where the body first fails the check. */
export type LiveCatalogParse = { ok: true; catalog: LiveCatalog } | { ok: false; problem: string };

/**
 * Checks the body of GET /api/catalog/cards by hand (zod would add ~20 KB to every page using the
 * store). One bad product rejects the whole body: dropping it would look like a removed product.
 */
export function parseLiveCatalog(body: unknown): LiveCatalogParse {
  if (!isRecord(body)) return { ok: false, problem: 'body is not an object' };
  if (!isText(body.version)) return { ok: false, problem: 'version' };
  if (!Array.isArray(body.products)) return { ok: false, problem: 'products' };
  if (!Array.isArray(body.categories)) return { ok: false, problem: 'categories' };
  const products: CatalogCard[] = [];
  for (const [i, raw] of body.products.entries()) {
    if (!isRecord(raw)) return { ok: false, problem: `products[${i}]` };
    const field = findCardProblem(raw);
    if (field) return { ok: false, problem: `products[${i}].${field}` };
    // The server sends cards as they are: kept as parsed, without a copy per product (10,000 objects at 10,000 products).
    products.push(holdsOnly(raw, CARD_NAMES) ? (raw as unknown as CatalogCard) : toCatalogCard(raw as unknown as CatalogCard));
  }
  const badCategory = body.categories.findIndex((c) => !isCategory(c));
  if (badCategory >= 0) return { ok: false, problem: `categories[${badCategory}]` };
  return { ok: true, catalog: { products, categories: body.categories as Category[], version: body.version } };
}

/** A parsed whole product, or its first bad field. */
export type LiveProductParse = { ok: true; product: Product } | { ok: false; problem: string };

/** Checks one product of GET /api/products?ids= or /api/products/:id (the detail's long fields too), keeping exactly the schema's fields. */
export function parseLiveProduct(body: unknown): LiveProductParse {
  if (!isRecord(body)) return { ok: false, problem: 'body is not an object' };
  const field = findProductProblem(body);
  if (field) return { ok: false, problem: field };
  return { ok: true, product: pick<Product>(body, [...CARD_FIELDS, ...DETAIL_FIELDS]) };
}
