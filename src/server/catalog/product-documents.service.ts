import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ADMIN_CATALOG_MESSAGES as PM } from '../../lib/schemas/admin-catalog';
import { DOCUMENT_MESSAGES as M, isPdf, type DocumentKind, type DocumentUpload, type ProductDocument, type ProductDocumentsAnswer, type SafetySheetGap, type SafetySheetReport } from '../../lib/schemas/product-documents';
import { mediaUrl } from '../../lib/media';
import { recordAudit, type Actor } from '../audit/audit.service';
import type { Db } from '../customers/customers.repository';
import type { Database } from '../db/schema';
import { notFound, unsupportedMediaType } from '../http/errors';
import { documentKey, type MediaStorage } from '../media/media.storage';
import { lockCatalogRevision } from '../orders/orders.repository';
import { selectAnyProductById } from './admin-products.repository';
import {
  insertProductDocument,
  retireCurrentDocument,
  selectClassifiedProducts,
  selectCurrentDocuments,
  selectProductSafetyColumns,
  selectProductsOrderedBefore,
  writeProductDocumentsColumn,
  type ProductDocumentRow,
} from './product-documents.repository';

/** A data sheet as products' JSON lists it. */
function toProductDocument(row: ProductDocumentRow): ProductDocument {
  return { kind: row.kind as DocumentKind, url: row.url, revisedAt: row.revised_at, language: row.language };
}

/** Copies a product's current sheets onto its row (moving its version) and returns them with the new version. */
async function refreshDocumentsColumn(db: Db, productId: string, at: string): Promise<ProductDocumentsAnswer> {
  const documents = (await selectCurrentDocuments(db, productId)).map(toProductDocument);
  await writeProductDocumentsColumn(db, productId, documents.length > 0 ? JSON.stringify(documents) : null, at);
  const product = await selectAnyProductById(db, productId);
  return { documents, version: Number(product!.version) };
}

/** A product on sale inside a write transaction (the catalogue revision locked first, as every product writer does); 404 when none. */
async function lockLiveProduct(db: Db, productId: string) {
  await lockCatalogRevision(db);
  const product = await selectAnyProductById(db, productId);
  if (!product || product.withdrawn_at) throw notFound(PM.productNotFound);
  return product;
}

/**
 * Stores a product's new data sheet of a kind, replacing the current one (which stays stored:
 * e-mails sent with it keep working): the bytes must be a PDF (415 otherwise), the file is written
 * under a random name, then the record, the product's documents and an audit entry in one
 * transaction. Returns the product's current sheets and its new version.
 */
export async function uploadProductDocument(
  db: Kysely<Database>,
  storage: MediaStorage,
  productId: string,
  upload: DocumentUpload,
  file: { bytes: Uint8Array; filename: string },
  actor: Actor,
  now: Date = new Date(),
): Promise<ProductDocumentsAnswer> {
  if (!isPdf(file.bytes)) throw unsupportedMediaType(M.notPdf);
  const at = now.toISOString();
  const id = randomBytes(16).toString('hex');
  const key = documentKey(id);
  await storage.put(key, file.bytes, 'application/pdf');
  try {
    return await db.transaction().execute(async (trx) => {
      await lockLiveProduct(trx, productId);
      const before = (await selectCurrentDocuments(trx, productId)).map(toProductDocument);
      await retireCurrentDocument(trx, productId, upload.kind, at);
      const originalName = file.filename.slice(0, 255) || null;
      await insertProductDocument(trx, {
        id,
        product_id: productId,
        kind: upload.kind,
        storage_key: key,
        url: mediaUrl(key),
        revised_at: upload.revisedAt,
        language: upload.language,
        bytes: file.bytes.byteLength,
        original_name: originalName,
        uploaded_by: actor.id,
        uploaded_by_name: actor.name,
        created_at: at,
      });
      const answer = await refreshDocumentsColumn(trx, productId, at);
      await recordAudit(
        trx,
        actor,
        { action: 'product.document_upload', entityType: 'product', entityId: productId, before: { documents: before }, after: { documents: answer.documents, originalName, bytes: file.bytes.byteLength } },
        now,
      );
      return answer;
    });
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
}

/**
 * Takes a product's data sheet of a kind off the product (the file stays: e-mails sent with it
 * keep working) and audits it; 404 when the product or the sheet is not there. Returns the
 * product's current sheets and its new version.
 */
export async function removeProductDocument(db: Kysely<Database>, productId: string, kind: DocumentKind, actor: Actor, now: Date = new Date()): Promise<ProductDocumentsAnswer> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    await lockLiveProduct(trx, productId);
    const before = (await selectCurrentDocuments(trx, productId)).map(toProductDocument);
    if (!(await retireCurrentDocument(trx, productId, kind, at))) throw notFound(M.noDocument);
    const answer = await refreshDocumentsColumn(trx, productId, at);
    await recordAudit(trx, actor, { action: 'product.document_remove', entityType: 'product', entityId: productId, before: { documents: before }, after: { documents: answer.documents } }, now);
    return answer;
  });
}

/** Whether stored hazard and dangerous-goods data make a product need a safety data sheet: any pictogram or a UN number. */
export function needsSafetySheet(hazard: string | null | undefined, dangerousGoods: string | null | undefined): boolean {
  const pictograms = hazard ? ((JSON.parse(hazard) as { pictograms?: unknown[] }).pictograms ?? []) : [];
  const un = dangerousGoods ? (JSON.parse(dangerousGoods) as { un?: string | null }).un : null;
  return pictograms.length > 0 || Boolean(un);
}

/** The day `years` years before `now`, 'YYYY-MM-DD' (29 February falls back to the 28th). */
export function yearsBefore(now: Date, years: number): string {
  const y = now.getUTCFullYear() - years;
  const m = now.getUTCMonth();
  const day = Math.min(now.getUTCDate(), new Date(Date.UTC(y, m + 1, 0)).getUTCDate());
  return new Date(Date.UTC(y, m, day)).toISOString().slice(0, 10);
}

/**
 * The products on sale that need a safety data sheet (any pictogram or a UN number) and have none,
 * or one revised before `maxAgeYears` years ago: missing ones first, then by name.
 */
export async function reportSafetySheetGaps(db: Db, maxAgeYears: number, now: Date = new Date()): Promise<SafetySheetReport> {
  const revisedBefore = yearsBefore(now, maxAgeYears);
  const products: SafetySheetGap[] = [];
  for (const row of await selectClassifiedProducts(db)) {
    if (!needsSafetySheet(row.hazard, row.dangerous_goods)) continue;
    const sds = (row.documents ? (JSON.parse(row.documents) as ProductDocument[]) : []).find((d) => d.kind === 'sds');
    const base = { id: row.id, name: row.name, sku: row.sku, slug: row.slug };
    if (!sds) products.push({ ...base, problem: 'missing', revisedAt: null });
    else if (sds.revisedAt < revisedBefore) products.push({ ...base, problem: 'outdated', revisedAt: sds.revisedAt });
  }
  products.sort((a, b) => (a.problem === b.problem ? 0 : a.problem === 'missing' ? -1 : 1));
  return { maxAgeYears, revisedBefore, products };
}

/**
 * The current SDS of each hazardous product of an order that the customer (by e-mail address or
 * account) never ordered before, by product id: what the order-received e-mail links.
 */
export async function firstOrderSafetySheets(db: Db, order: { id: string; email: string; customerId: string | null }, productIds: readonly string[]): Promise<Map<string, ProductDocument>> {
  const sheets = new Map<string, ProductDocument>();
  for (const p of await selectProductSafetyColumns(db, [...new Set(productIds)])) {
    if (!needsSafetySheet(p.hazard, p.dangerous_goods) || !p.documents) continue;
    const sds = (JSON.parse(p.documents) as ProductDocument[]).find((d) => d.kind === 'sds');
    if (sds) sheets.set(p.id, sds);
  }
  for (const id of await selectProductsOrderedBefore(db, order, [...sheets.keys()], order.id)) sheets.delete(id);
  return sheets;
}
