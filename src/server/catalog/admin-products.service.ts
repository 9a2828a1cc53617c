import type { Kysely } from 'kysely';
import {
  ADMIN_CATALOG_MESSAGES as M,
  ADMIN_CATEGORY_FILTER_ALL,
  PRODUCT_SLUG_MAX,
  slugFromName,
  type AdminProduct,
  type AdminProductsPage,
  type AdminProductsQuery,
  type ProductInputParsed,
} from '../../lib/schemas/admin-catalog';
import { recordAudit, type Actor } from '../audit/audit.service';
import type { Db } from '../customers/customers.repository';
import type { Database, ProductsTable } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { lockCatalogRevision } from '../orders/orders.repository';
import {
  insertProduct,
  markProductWithdrawn,
  selectAdminProductPage,
  selectAdminProductStats,
  selectAnyProductById,
  selectBrandLogo,
  selectSlugsLike,
  skuTaken,
  updateProductIfVersion,
} from './admin-products.repository';
import { selectNextPosition } from './catalog.repository';
import { productToColumns, rowToPaintFields, rowToProduct, storedPriceTiers, type PaintColumns, type ProductColumns } from './catalog.rows';
import { chooseSourceFile } from './catalog.service';
import { recordFormerSlug } from './product-slugs.repository';

/** The logo of a brand no product carries yet: the shop's own (generated for every build). */
export const FALLBACK_BRAND_LOGO = '/images/generated/logos/graphene-coatings.svg';

/** A product row as staff read it: the Product plus its version and times. */
export function toAdminProduct(row: ProductsTable): AdminProduct {
  return { ...rowToProduct(row), version: Number(row.version), createdAt: row.created_at, updatedAt: row.updated_at };
}

/** One page of the back-office products list with the stat cards. */
export async function listAdminProducts(db: Kysely<Database>, query: AdminProductsQuery): Promise<AdminProductsPage> {
  const [{ rows, total }, stats] = await Promise.all([
    selectAdminProductPage(db, {
      text: query.q.toLowerCase() || undefined,
      category: query.category === ADMIN_CATEGORY_FILTER_ALL ? undefined : query.category,
      sort: query.sort,
      stock: query.stock === 'all' ? undefined : query.stock,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    selectAdminProductStats(db),
  ]);
  return { products: rows.map(toAdminProduct), total, page: query.page, pageSize: query.pageSize, stats };
}

/** A live product as staff read it; 404 when there is none or it was deleted. */
export async function getAdminProduct(db: Db, id: string): Promise<AdminProduct> {
  const row = await selectAnyProductById(db, id);
  if (!row || row.withdrawn_at) throw notFound(M.productNotFound);
  return toAdminProduct(row);
}

/** 422 for one field. */
function fieldError(field: string, message: string): ApiError {
  return new ApiError(422, 'invalid_fields', message, { [field]: message });
}

/** Whether an error is a unique-key violation (PostgreSQL 23505, SQLite's UNIQUE or PRIMARY KEY), naming `column` when given. */
function isUniqueViolationOn(err: unknown, column: string): boolean {
  const { code, message, constraint } = err as { code?: unknown; message?: unknown; constraint?: unknown };
  const unique = code === '23505' || String(code ?? '').startsWith('SQLITE_CONSTRAINT_UNIQUE') || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  return unique && `${String(constraint ?? '')} ${String(message ?? '')}`.includes(column);
}

/**
 * The slug a product gets: the one staff typed (422 when another product, withdrawn ones included,
 * holds it), else the name's, made unique with -2, -3, ...
 */
export async function resolveSlug(db: Db, typed: string | undefined, name: string, exceptId?: string): Promise<string> {
  if (typed) {
    if ((await selectSlugsLike(db, typed, exceptId)).has(typed)) throw fieldError('slug', M.slugTaken);
    return typed;
  }
  const stem = slugFromName(name) || 'product';
  const taken = await selectSlugsLike(db, stem, exceptId);
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${stem.slice(0, PRODUCT_SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The columns of a product from the dialog's input and what the server decides (slug, logo, stock
 * flag); paint and safety fields the input leaves out keep `before`'s values (none on a new product).
 */
export function inputToColumns(
  id: string,
  input: ProductInputParsed,
  slug: string,
  brandLogo: string,
  visual: string | null,
  before?: PaintColumns & Pick<ProductsTable, 'hazard' | 'voc' | 'dangerous_goods' | 'price_tiers'>,
): ProductColumns {
  const kept = before ? rowToPaintFields(before) : undefined;
  const columns = productToColumns({
    id,
    slug,
    name: input.name,
    sku: input.sku,
    // Paint family and coverage (issue 24): undefined keeps, null clears.
    family: input.family === undefined ? kept?.family : input.family,
    packSize: input.packSize === undefined ? kept?.packSize : input.packSize,
    spreadRate: input.spreadRate === undefined ? kept?.spreadRate : input.spreadRate,
    recommendedCoats: input.recommendedCoats === undefined ? kept?.recommendedCoats : input.recommendedCoats,
    primerAdvised: input.primerAdvised ?? kept?.primerAdvised,
    tintable: input.tintable ?? kept?.tintable,
    price: input.price,
    originalPrice: input.originalPrice ?? undefined,
    description: input.description,
    category: input.category as never,
    brand: input.brand,
    brandLogo,
    image: input.image,
    gallery: input.gallery,
    inStock: input.stockQuantity > 0,
    stockQuantity: input.stockQuantity,
    isEcoFriendly: input.isEcoFriendly,
    isNew: input.isNew,
    isPopular: input.isPopular,
    requestQuoteOnly: input.requestQuoteOnly,
    rating: input.rating,
    reviews: input.reviews,
    features: input.features,
    technicalSpecs: input.technicalSpecs,
    certifications: input.certifications,
    usageInstructions: input.usageInstructions,
    coverage: input.coverage,
    finish: input.finish,
  });
  // Safety data is kept as codes (JSON text); a field the input leaves out keeps the product's value.
  const safety = {
    hazard: input.hazard === undefined ? (before?.hazard ?? null) : input.hazard && JSON.stringify(input.hazard),
    voc: input.voc === undefined ? (before?.voc ?? null) : input.voc && JSON.stringify(input.voc),
    dangerous_goods: input.dangerousGoods === undefined ? (before?.dangerous_goods ?? null) : input.dangerousGoods && JSON.stringify(input.dangerousGoods),
  };
  // Public tiers likewise: absent keeps the product's, null or [] clears them.
  const price_tiers = input.priceTiers === undefined ? (before?.price_tiers ?? null) : storedPriceTiers(input.priceTiers);
  return { ...columns, ...safety, price_tiers, visual };
}

/** The logo of a brand: the one its products already use, else the shop's. */
export async function brandLogoFor(db: Db, brand: string): Promise<string> {
  return (await selectBrandLogo(db, brand)) ?? FALLBACK_BRAND_LOGO;
}

/** A fresh product id: 'product-' plus the time in milliseconds (spec §3), bumped past any taken one. */
async function newProductId(db: Db, now: Date): Promise<string> {
  for (let ms = now.getTime(); ; ms++) {
    const id = `product-${ms}`;
    if (!(await selectAnyProductById(db, id))) return id;
  }
}

/** Turns a unique violation that slipped past the checks (two staff at once) into the field's 422. */
export function translateUniqueViolation(err: unknown): never {
  if (isUniqueViolationOn(err, 'sku')) throw fieldError('sku', M.skuTaken);
  if (isUniqueViolationOn(err, 'slug')) throw fieldError('slug', M.slugTaken);
  throw err;
}

/** Adds a product (live at once: the catalogue revision moves with the insert) and audits it. */
export async function createProduct(db: Kysely<Database>, input: ProductInputParsed, actor: Actor, now = new Date()): Promise<AdminProduct> {
  const at = now.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      await lockCatalogRevision(trx);
      if (await skuTaken(trx, input.sku)) throw fieldError('sku', M.skuTaken);
      const id = await newProductId(trx, now);
      const slug = await resolveSlug(trx, input.slug, input.name);
      const sourceFile = await chooseSourceFile(trx, input.category);
      const row: ProductsTable = {
        ...inputToColumns(id, input, slug, await brandLogoFor(trx, input.brand), null),
        source_file: sourceFile,
        position: await selectNextPosition(trx, sourceFile),
        version: 1,
        created_at: at,
        updated_at: at,
        withdrawn_at: null,
      };
      await insertProduct(trx, row);
      const product = toAdminProduct(row);
      await recordAudit(trx, actor, { action: 'product.create', entityType: 'product', entityId: id, after: product }, now);
      return product;
    });
  } catch (err) {
    return translateUniqueViolation(err);
  }
}

/**
 * Saves the dialog over a product if nobody saved it since `version` (else 409 with the product as
 * it now is), records its old slug when the slug changes, and audits before and after.
 */
export async function updateProduct(
  db: Kysely<Database>,
  id: string,
  input: ProductInputParsed & { version: number },
  actor: Actor,
  now = new Date(),
): Promise<AdminProduct> {
  const at = now.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      await lockCatalogRevision(trx);
      const before = await selectAnyProductById(trx, id);
      if (!before || before.withdrawn_at) throw notFound(M.productNotFound);
      if (Number(before.version) !== input.version) {
        throw new ApiError(409, 'conflict', M.stale, undefined, undefined, { product: toAdminProduct(before) });
      }
      if (await skuTaken(trx, input.sku, id)) throw fieldError('sku', M.skuTaken);
      // The slug sent back unchanged stays; a new one is checked; a cleared one is generated from the name again.
      const slug = input.slug === before.slug ? before.slug : await resolveSlug(trx, input.slug, input.name, id);
      const brandLogo = input.brand === before.brand ? before.brand_logo : await brandLogoFor(trx, input.brand);
      // The generated illustration describes the seeded image; a new image has none.
      const visual = input.image === before.image ? before.visual : null;
      const { id: _id, ...columns } = inputToColumns(id, input, slug, brandLogo, visual, before);
      if (!(await updateProductIfVersion(trx, id, input.version, { ...columns, updated_at: at }))) {
        const current = await selectAnyProductById(trx, id);
        if (!current || current.withdrawn_at) throw notFound(M.productNotFound);
        throw new ApiError(409, 'conflict', M.stale, undefined, undefined, { product: toAdminProduct(current) });
      }
      if (slug !== before.slug) await recordFormerSlug(trx, id, before.slug, at);
      const after = await selectAnyProductById(trx, id);
      const product = toAdminProduct(after!);
      await recordAudit(trx, actor, { action: 'product.update', entityType: 'product', entityId: id, before: toAdminProduct(before), after: product }, now);
      return product;
    });
  } catch (err) {
    return translateUniqueViolation(err);
  }
}

/** Withdraws a product (the row stays for its orders; it leaves the live catalogue at once) and audits it; 404 when none. */
export async function withdrawProduct(db: Kysely<Database>, id: string, actor: Actor, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await lockCatalogRevision(trx);
    const before = await selectAnyProductById(trx, id);
    if (!before || before.withdrawn_at || !(await markProductWithdrawn(trx, id, at))) throw notFound(M.productNotFound);
    await recordAudit(trx, actor, { action: 'product.delete', entityType: 'product', entityId: id, before: toAdminProduct(before), after: { withdrawnAt: at } }, now);
  });
}
