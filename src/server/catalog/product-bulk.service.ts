import type { Kysely } from 'kysely';
import { ADMIN_CATALOG_MESSAGES as M, ADMIN_CATEGORY_FILTER_ALL, productUpdateSchema, type AdminProduct } from '../../lib/schemas/admin-catalog';
import { BULK_MAX_RECORDS, BULK_MESSAGES, type BulkResult, type ProductBulk } from '../../lib/schemas/admin-bulk';
import type { Actor } from '../audit/audit.service';
import { applyToEach, checkSelectionSize } from '../bulk/bulk.service';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { selectAdminProductPage, selectProductVersions } from './admin-products.repository';
import { getAdminProduct, updateProduct, withdrawProduct } from './admin-products.service';

/** The ids of every live product the list's filter matches (422 over BULK_MAX_RECORDS). */
async function idsMatching(db: Kysely<Database>, filter: NonNullable<ProductBulk['filter']>): Promise<string[]> {
  const { rows, total } = await selectAdminProductPage(db, {
    text: filter.q.toLowerCase() || undefined,
    category: filter.category === ADMIN_CATEGORY_FILTER_ALL ? undefined : filter.category,
    stock: filter.stock === 'all' ? undefined : filter.stock,
    limit: BULK_MAX_RECORDS + 1,
    offset: 0,
  });
  checkSelectionSize(total);
  return rows.map((r) => r.id);
}

/** A price in dollars rounded to the cent. */
function toCents(dollars: number): number {
  return Math.round(dollars * 100) / 100;
}

/** The dialog's fields of a product with the bulk change applied. */
export function applyProductChange(product: AdminProduct, input: ProductBulk): Record<string, unknown> {
  switch (input.action) {
    case 'category':
      return { ...product, category: input.category };
    case 'brand':
      return { ...product, brand: input.brand };
    case 'stock':
      return { ...product, stockQuantity: input.stockQuantity };
    case 'flags':
      return { ...product, ...input.flags };
    case 'price': {
      const { by, value } = input.price!;
      const price = by === 'percent' ? toCents(product.price * (1 + value / 100)) : toCents(product.price + value);
      return { ...product, price };
    }
    default:
      return { ...product };
  }
}

/** 409 when the product moved on from the version the selection was read at. */
function staleUnless(product: AdminProduct, version: number | undefined): void {
  if (version !== undefined && version !== product.version) throw new ApiError(409, 'conflict', BULK_MESSAGES.stale);
}

/** The products a bulk request selects: its ids, or every live product its filter matches now (422 over BULK_MAX_RECORDS). */
export async function selectProductBulkIds(db: Kysely<Database>, input: ProductBulk): Promise<string[]> {
  return input.ids ?? (await idsMatching(db, input.filter!));
}

/**
 * Withdraws or changes the selected products, each through the same service as the one-by-one
 * routes (withdrawProduct; updateProduct with the dialog's validation, version check and audit entry),
 * one transaction per product. With `versions`, a product changed since the selection was read is
 * refused; a change the dialog would refuse (e.g. a price at or below zero) is refused with its message.
 */
export async function bulkChangeProducts(db: Kysely<Database>, input: ProductBulk, actor: Actor): Promise<BulkResult> {
  const ids = await selectProductBulkIds(db, input);
  return applyToEach(ids, (id) => changeOneProduct(db, input, id, actor));
}

/** Withdraws or changes one product as the bulk request asks (refused when stale, or as the dialog would refuse). */
export async function changeOneProduct(db: Kysely<Database>, input: ProductBulk, id: string, actor: Actor): Promise<void> {
  const product = await getAdminProduct(db, id);
  const version = input.versions?.[id];
  if (input.versions && version === undefined) throw new ApiError(422, 'invalid_fields', BULK_MESSAGES.versionsRequired);
  staleUnless(product, version);
  if (input.action === 'withdraw' || input.action === 'delete') {
    await withdrawProduct(db, id, actor);
    return;
  }
  const parsed = productUpdateSchema.safeParse({ ...applyProductChange(product, input), version: version ?? product.version });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue?.path[0] === 'originalPrice' ? BULK_MESSAGES.priceNotAbove : (issue?.message ?? M.stale);
    throw new ApiError(422, 'invalid_fields', message);
  }
  try {
    await updateProduct(db, id, parsed.data, actor);
  } catch (err) {
    // updateProduct's own 409 carries the product; the bulk answer needs only the reason.
    if (err instanceof ApiError && err.status === 409) throw new ApiError(409, 'conflict', BULK_MESSAGES.stale);
    throw err;
  }
}

/** A job's input with each selected product's version as it is now (the client's own where it sent them), so a product met twice is refused as stale. */
export async function pinProductVersions<T extends { ids: string[]; versions?: Record<string, number> }>(db: Kysely<Database>, input: T): Promise<T> {
  return { ...input, versions: { ...(await selectProductVersions(db, input.ids)), ...input.versions } };
}
