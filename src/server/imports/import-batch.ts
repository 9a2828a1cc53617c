import { ADMIN_CATALOG_MESSAGES as M, PRODUCT_SLUG_MAX, slugFromName, type AdminProduct } from '../../lib/schemas/admin-catalog';
import { IMPORT_MESSAGES } from '../../lib/schemas/admin-imports';
import { toAuditRow, type Actor } from '../audit/audit.service';
import type { AuditLogTable } from '../db/schema';
import { FALLBACK_BRAND_LOGO, inputToColumns, resolveSlug, toAdminProduct } from '../catalog/admin-products.service';
import { selectNextPosition } from '../catalog/catalog.repository';
import { chooseSourceFile } from '../catalog/catalog.service';
import { recordFormerSlug } from '../catalog/product-slugs.repository';
import type { Db } from '../customers/customers.repository';
import type { ImportJobErrorsTable, ProductsTable } from '../db/schema';
import { ApiError } from '../http/errors';
import { lockCatalogRevision } from '../orders/orders.repository';
import type { TemplateRecord } from './csv-formats';
import { insertAuditRows, insertProductRows, selectBrandLogos, selectProductsBySkus, selectTakenProductIds, selectTakenSlugs, updateProductRows, type ProductUpdateRow } from './imports.repository';
import { checkProductRow } from './product-rows';

/** One CSV record ready for a batch: its spreadsheet row number, its cells, and its template fields (or none: a continuation row). */
export interface ImportItem {
  row: number;
  cells: string[];
  fields: TemplateRecord | null;
  /** Set when something before the batch (an image) already refused the row. */
  refused?: string;
}

/** What a batch did. */
export interface BatchOutcome {
  success: number;
  failed: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Rows that were neither products nor errors (continuation rows). */
  skipped: number;
  errors: ImportJobErrorsTable[];
  /** Name of the last product of the batch (the progress line's current product). */
  lastProduct: string | null;
}

/** Hands out product ids 'product-<ms>' (spec §3) that never repeat within a process. */
export class ProductIdClock {
  private last = 0;
  next(): string {
    this.last = Math.max(Date.now(), this.last + 1);
    return `product-${this.last}`;
  }
}

/** What a job's batches share. */
export interface BatchContext {
  jobId: string;
  actor: Actor;
  ids: ProductIdClock;
  /**
   * The logos of the current batch's brands (asked once per batch). Emptied at each batch: the
   * default brand is the product's name, so a memo kept for the job would hold one entry per row.
   */
  brandLogos: Map<string, string>;
  /** Content file per category. */
  sourceFiles: Map<string, string>;
}

/** The columns of a product row compared for 'nothing changed' (times and version aside). */
const COMPARED: readonly (keyof ProductsTable)[] = [
  'slug', 'sku', 'name', 'price_cents', 'original_price_cents', 'description', 'category', 'brand', 'image', 'gallery', 'in_stock', 'stock_quantity',
  'is_eco_friendly', 'is_new', 'is_popular', 'request_quote_only', 'rating', 'reviews', 'features', 'technical_specs', 'certifications',
  'usage_instructions', 'coverage', 'finish',
  'hazard', 'voc', 'dangerous_goods', 'price_tiers',
];

const COMPARED_SET: ReadonlySet<string> = new Set(COMPARED);

/** A column value as compared: numbers by value (PostgreSQL may answer them as text), the rest as text. */
function comparable(v: unknown): string {
  if (v === null || v === undefined) return '';
  const text = String(v);
  return /^-?\d+(\.\d+)?$/.test(text) ? String(Number(text)) : text;
}

/** The compared columns writing `b` over `a` would change (none: nothing changed). */
function changedColumns(a: ProductsTable, b: Partial<ProductsTable>): (keyof ProductsTable)[] {
  return COMPARED.filter((k) => a[k] !== b[k] && comparable(a[k]) !== comparable(b[k]));
}

/**
 * Writes one batch of rows inside the caller's transaction: each row checked with the spec's rules
 * and the dialog's schema, then created (new SKU) or updated (its SKU exists; blank cells keep what
 * the product has), each write audited. Refused rows are returned, never thrown.
 */
export async function writeBatch(trx: Db, items: readonly ImportItem[], ctx: BatchContext, now: Date): Promise<BatchOutcome> {
  const at = now.toISOString();
  const out: BatchOutcome = { success: 0, failed: 0, created: 0, updated: 0, unchanged: 0, skipped: 0, errors: [], lastProduct: null };
  await lockCatalogRevision(trx);
  const skus = items.flatMap((i) => (i.fields?.sku?.trim() ? [i.fields.sku.trim()] : []));
  const bySku = new Map((await selectProductsBySkus(trx, skus)).map((r) => [r.sku.toLowerCase(), r]));
  const refuse = (item: ImportItem, message: string, product?: string) => {
    out.failed++;
    out.errors.push({ job_id: ctx.jobId, row: item.row, message, product: product || null, raw_json: JSON.stringify(item.cells) });
  };

  // Fresh ids (for the rows whose SKU no product holds: an update keeps its product's id) and name
  // slugs for the whole batch in two queries; collisions fall back to one query per row.
  const skuOf = (item: ImportItem) => item.fields?.sku?.trim().toLowerCase() || undefined;
  const ids = items.map((item) => {
    const sku = skuOf(item);
    return item.fields && !(sku && bySku.has(sku)) ? ctx.ids.next() : '';
  });
  const takenIds = await selectTakenProductIds(trx, ids.filter(Boolean));
  const stems = items.flatMap((i) => (i.fields?.name ? [slugFromName(i.fields.name) || 'product'] : []));
  const takenSlugs = await selectTakenSlugs(trx, stems);
  const positions = new Map<string, number>();
  const created: ProductsTable[] = [];
  const audits: AuditLogTable[] = [];
  // Changes to existing products, written together after the loop (each only at the version read).
  const updates: { row: ProductUpdateRow; item: ImportItem; name: string; formerSlug: string | null; audit: AuditLogTable }[] = [];
  // The compared columns any update of the batch changes: with the others (updated_at, brand_logo,
  // visual), the only ones its UPDATE sets (SQLite then leaves the indexes of the rest alone, and
  // less travels to PostgreSQL).
  const changedNames = new Set<keyof ProductsTable>();
  ctx.brandLogos.clear();
  // The brands whose logo a row may need: a new product's (its brand, else its name), and an update's
  // only when its brand cell names another brand than the product has (else the product's logo stays).
  const brands = items
    .flatMap((i) => {
      if (!i.fields) return [];
      const sku = skuOf(i);
      const existing = sku ? bySku.get(sku) : undefined;
      const cell = i.fields.brand?.trim();
      if (existing) return cell && cell !== existing.brand ? [cell] : [];
      return [cell || i.fields.name?.trim() || ''];
    })
    .filter(Boolean);
  for (const [brand, logo] of await selectBrandLogos(trx, brands)) ctx.brandLogos.set(brand, logo);

  for (const [n, item] of items.entries()) {
    if (!item.fields) {
      out.skipped++;
      continue;
    }
    const name = item.fields.name?.trim() || undefined;
    if (item.refused) {
      refuse(item, item.refused, name);
      continue;
    }
    const sku = skuOf(item);
    const existingRow = sku ? bySku.get(sku) : undefined;
    if (existingRow?.withdrawn_at) {
      refuse(item, IMPORT_MESSAGES.withdrawnSku, name);
      continue;
    }
    let id = existingRow ? existingRow.id : ids[n]!;
    if (!existingRow) {
      while (takenIds.has(id)) id = ctx.ids.next();
      if (id !== ids[n] && (await selectTakenProductIds(trx, [id])).has(id)) {
        // Rare: an id past the batch's own was taken too (an earlier import ran ahead of the clock).
        do id = ctx.ids.next();
        while ((await selectTakenProductIds(trx, [id])).has(id));
      }
    }
    const existing = existingRow ? toAdminProduct(existingRow) : undefined;
    const check = checkProductRow(item.fields, existing, id.toUpperCase());
    if (!check.ok) {
      refuse(item, check.message, name);
      continue;
    }
    const input = check.input;
    if (!existingRow && bySku.has(input.sku.toLowerCase())) {
      refuse(item, M.skuTaken, name);
      continue;
    }

    try {
      if (existingRow) {
        const slug = input.slug === existingRow.slug ? existingRow.slug : await resolveSlug(trx, input.slug || undefined, input.name, existingRow.id);
        if (slug !== existingRow.slug) {
          // The updates are written after the loop: a slug another row of this batch took is refused here.
          if (takenSlugs.has(slug)) throw new ApiError(422, 'invalid_fields', M.slugTaken, { slug: M.slugTaken });
          takenSlugs.add(slug);
        }
        const brandLogo = input.brand === existingRow.brand ? existingRow.brand_logo : await logoOf(trx, ctx, input.brand);
        const visual = input.image === existingRow.image ? existingRow.visual : null;
        const { id: _id, ...columns } = inputToColumns(existingRow.id, input, slug, brandLogo, visual, existingRow);
        if (!check.stockCounted) Object.assign(columns, { stock_quantity: null, in_stock: check.inStock ? 1 : 0 });
        const changed = changedColumns(existingRow, columns);
        if (changed.length === 0) {
          out.unchanged++;
        } else {
          for (const k of changed) changedNames.add(k);
          const after: ProductsTable = { ...existingRow, ...columns, version: Number(existingRow.version) + 1, updated_at: at };
          bySku.set(input.sku.toLowerCase(), after);
          const fields = changedFields(existing!, toAdminProduct(after));
          const audit = auditRow(ctx, at, 'product.update', existingRow.id, fields.before, fields.after);
          audits.push(audit);
          const row: ProductUpdateRow = { id: existingRow.id, ...columns, updated_at: at, version: Number(existingRow.version) };
          updates.push({ row, item, name: input.name, formerSlug: slug !== existingRow.slug ? existingRow.slug : null, audit });
          out.updated++;
        }
      } else {
        const slug = await slugFor(trx, input.slug || undefined, input.name, takenSlugs);
        // The content file a category's products go to, asked once per job (the query counts every product;
        // adding to the file it names only confirms the choice).
        let sourceFile = ctx.sourceFiles.get(input.category);
        if (sourceFile === undefined) {
          sourceFile = await chooseSourceFile(trx, input.category);
          ctx.sourceFiles.set(input.category, sourceFile);
        }
        const position = positions.get(sourceFile) ?? (await selectNextPosition(trx, sourceFile));
        positions.set(sourceFile, position + 1);
        const columns = inputToColumns(id, input, slug, await logoOf(trx, ctx, input.brand), null);
        if (!check.stockCounted) Object.assign(columns, { stock_quantity: null, in_stock: check.inStock ? 1 : 0 });
        const row: ProductsTable = { ...columns, source_file: sourceFile, position, version: 1, created_at: at, updated_at: at, withdrawn_at: null };
        created.push(row);
        takenIds.add(id);
        bySku.set(input.sku.toLowerCase(), row);
        audits.push(auditRow(ctx, at, 'product.create', id, undefined, toAdminProduct(row)));
        out.created++;
      }
    } catch (err) {
      // A rule only the database can check (a typed slug another product holds): the row is refused, the batch goes on.
      if (err instanceof ApiError && err.status === 422) {
        refuse(item, err.message, name);
        continue;
      }
      throw err;
    }
    out.success++;
    out.lastProduct = input.name;
  }
  // Updates, new products and every audit entry go in a few multi-row statements, in this same transaction.
  const names = updates.length ? Object.keys(updates[0]!.row).filter((k) => !COMPARED_SET.has(k) || changedNames.has(k as keyof ProductsTable)) : [];
  const updated = await updateProductRows(trx, updates.map((u) => pickColumns(u.row, names)));
  const stale = new Set<AuditLogTable>();
  for (const u of updates) {
    if (!updated.has(u.row.id)) {
      // Changed by someone else since the batch read it: refused, as the product dialog would be.
      out.updated--;
      out.success--;
      stale.add(u.audit);
      refuse(u.item, M.stale, u.name);
    } else if (u.formerSlug) {
      await recordFormerSlug(trx, u.row.id, u.formerSlug, at);
    }
  }
  await insertProductRows(trx, created);
  await insertAuditRows(trx, stale.size ? audits.filter((a) => !stale.has(a)) : audits);
  return out;
}

/** An update row with only the columns `names` (its id and version among them). */
function pickColumns(row: ProductUpdateRow, names: readonly string[]): ProductUpdateRow {
  const picked: Record<string, unknown> = {};
  for (const name of names) picked[name] = row[name as keyof ProductUpdateRow];
  return picked as ProductUpdateRow;
}

/** What names a product in an audit entry, whatever changed. */
const NAMING_FIELDS = ['id', 'name', 'sku', 'version'] as const;

/**
 * The fields an import's update changed, before and after, with what names the product: the audit
 * log shows what changed (its diff lists every field either side has), without two whole products
 * per row (about 4 KB a row, 40 MB for a 10,000-row update, written inside the import's batches).
 */
function changedFields(before: AdminProduct, after: AdminProduct): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of NAMING_FIELDS) {
    was[key] = before[key];
    is[key] = after[key];
  }
  for (const key of Object.keys(after) as (keyof AdminProduct)[]) {
    const [x, y] = [before[key], after[key]];
    if (x === y || (typeof x === 'object' && typeof y === 'object' && JSON.stringify(x) === JSON.stringify(y))) continue;
    was[key] = x;
    is[key] = y;
  }
  return { before: was, after: is };
}

/** A product entry of this import as recordAudit writes it (the job named in the JSON and the column), for the batch's multi-row insert. */
function auditRow(ctx: BatchContext, at: string, action: string, entityId: string, before: unknown, after: Record<string, unknown>): AuditLogTable {
  return toAuditRow(ctx.actor, { action, entityType: 'product', entityId, before, after: { ...after, importJob: ctx.jobId }, importJob: ctx.jobId }, at);
}

/** A created product's slug: the typed one (refused when taken), else the name's, made unique within the batch too. */
async function slugFor(trx: Db, typed: string | undefined, name: string, taken: Set<string>): Promise<string> {
  if (typed) {
    if (taken.has(typed)) throw new ApiError(422, 'invalid_fields', M.slugTaken, { slug: M.slugTaken });
    const slug = await resolveSlug(trx, typed, name);
    taken.add(slug);
    return slug;
  }
  const stem = slugFromName(name) || 'product';
  let slug = stem;
  if (taken.has(stem)) {
    // Taken in the database or earlier in this batch: the service's -2, -3 … then past this batch's own.
    slug = await resolveSlug(trx, undefined, name);
    for (let n = 2; taken.has(slug); n++) slug = `${stem.slice(0, PRODUCT_SLUG_MAX - String(n).length - 1)}-${n}`;
  }
  taken.add(slug);
  return slug;
}

/** A brand's logo: the one its products use (looked up for the batch), else the shop's; remembered for the batch. */
async function logoOf(_trx: Db, ctx: BatchContext, brand: string): Promise<string> {
  let logo = ctx.brandLogos.get(brand);
  if (logo === undefined) {
    logo = FALLBACK_BRAND_LOGO;
    ctx.brandLogos.set(brand, logo);
  }
  return logo;
}
