import type { Kysely } from 'kysely';
import { productUpdateSchema } from '../../lib/schemas/admin-catalog';
import { IMPORT_MESSAGES } from '../../lib/schemas/admin-imports';
import { IMPORT_UNDO_KEPT_MESSAGES as KEPT, IMPORT_UNDO_MESSAGES as U, type ImportUndoResult } from '../../lib/schemas/admin-import-undo';
import { recordAudit, type Actor } from '../audit/audit.service';
import { selectAnyProductById, selectProductVersions } from '../catalog/admin-products.repository';
import { toAdminProduct, updateProduct, withdrawProduct } from '../catalog/admin-products.service';
import type { Database, ProductsTable } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { deleteMediaNoLongerNamed, mediaIdsIn, removeFiles } from '../media/media.service';
import type { MediaStorage } from '../media/media.storage';
import { lockCatalogRevision } from '../orders/orders.repository';
import { deleteProductsWithHistory, selectImportProductAudits, selectProductReferences, selectProductsOrderedSince, type ProductReference } from './import-undo.repository';
import { selectImportJob } from './imports.repository';

/** Statuses of a job that no longer runs, so its changes are final and can be undone. */
const UNDOABLE_STATUSES = ['completed', 'cancelled', 'error'];
/** Fields of a product's audit snapshot that are not the dialog's to set back. */
const NOT_RESTORED = new Set(['id', 'version', 'updatedAt', 'createdAt', 'importJob']);

/** One product an import touched, from its audit entries. */
interface Touched {
  id: string;
  name: string;
  created: boolean;
  /** The fields the import's first update changed, as they were before it. */
  before: Record<string, unknown>;
  /** The product's version once the import was done with it. */
  versionAfter: number;
}

/** The products an import created or updated, each once, from the audit entries it wrote. */
function touchedProducts(entries: Awaited<ReturnType<typeof selectImportProductAudits>>): Touched[] {
  const byId = new Map<string, Touched>();
  for (const entry of entries) {
    const after = JSON.parse(entry.after_json ?? '{}') as Record<string, unknown>;
    const seen = byId.get(entry.entity_id);
    if (seen) {
      seen.versionAfter = Number(after.version);
      continue;
    }
    byId.set(entry.entity_id, {
      id: entry.entity_id,
      name: String(after.name ?? entry.entity_id),
      created: entry.action === 'product.create',
      before: entry.before_json ? (JSON.parse(entry.before_json) as Record<string, unknown>) : {},
      versionAfter: Number(after.version),
    });
  }
  return [...byId.values()];
}

/** A created product about to be deleted: its row as the undo found it and the version the import left. */
interface Erasable {
  touched: Touched;
  row: ProductsTable;
}

/**
 * Deletes created products for good in one transaction: each still at the version the import left
 * and still named by nothing (checked again under the catalogue lock, which orders take first),
 * with its history rows, the images only it named and an audit entry; the images' files go once it
 * commits. Resolves to what was deleted, what another row named meanwhile and what staff changed meanwhile.
 */
async function eraseProducts(db: Kysely<Database>, storage: MediaStorage, jobId: string, erasable: Erasable[], actor: Actor, now: Date) {
  const ids = erasable.map((e) => e.row.id);
  const outcome = await db.transaction().execute(async (trx) => {
    await lockCatalogRevision(trx);
    const named = await selectProductReferences(trx, ids);
    const versions = await selectProductVersions(trx, ids);
    const changed = erasable.filter((e) => !named.has(e.row.id) && versions[e.row.id] !== e.touched.versionAfter);
    const gone = erasable.filter((e) => !named.has(e.row.id) && versions[e.row.id] === e.touched.versionAfter);
    await deleteProductsWithHistory(trx, gone.map((e) => e.row.id));
    for (const { row } of gone) {
      // Named after the import like the entries that created them, so the undo stays one line of the log, not one per product.
      await recordAudit(trx, actor, { action: 'product.erase', entityType: 'product', entityId: row.id, before: toAdminProduct(row), after: { importJob: jobId }, importJob: jobId }, now);
    }
    const fileKeys = await deleteMediaNoLongerNamed(trx, mediaIdsIn(gone.flatMap(({ row }) => [row.image, row.gallery, row.brand_logo])), actor, now);
    return { gone, named, changed, fileKeys };
  });
  await removeFiles(storage, outcome.fileKeys);
  return outcome;
}

/**
 * Undoes a finished or cancelled import: products it created are deleted when nothing else names
 * them (with their images and history rows) or else withdrawn and kept with why; products it updated
 * get back the fields they had before it (through the edit dialog's service: validation, version
 * check, audit). A product changed since the import (its version moved on) or ordered since is
 * refused with why. `dryRun` counts and changes nothing. 404 unknown job; 409 a running job or a dry run.
 */
export async function undoImport(db: Kysely<Database>, storage: MediaStorage, jobId: string, dryRun: boolean, actor: Actor, now = new Date()): Promise<ImportUndoResult> {
  const job = await selectImportJob(db, jobId);
  if (!job) throw notFound(IMPORT_MESSAGES.notFound);
  if (Number(job.dry_run) === 1) throw new ApiError(409, 'conflict', U.dryRun);
  if (!UNDOABLE_STATUSES.includes(job.status)) throw new ApiError(409, 'conflict', U.notFinished);
  const entries = await selectImportProductAudits(db, jobId, job.created_at);
  const touched = touchedProducts(entries);
  const ordered = await selectProductsOrderedSince(db, touched.map((t) => t.id), entries[0]?.at ?? job.created_at);
  const named = await selectProductReferences(db, touched.filter((t) => t.created).map((t) => t.id));
  const result: ImportUndoResult = { dryRun, deleted: 0, withdrawn: 0, kept: [], reverted: 0, refused: [] };
  const refuse = (t: Touched, message: string) => result.refused.push({ id: t.id, name: t.name, message });
  const keep = async (t: Touched, reference: ProductReference) => {
    if (!dryRun) await withdrawProduct(db, t.id, actor, now);
    result.withdrawn++;
    result.kept.push({ id: t.id, name: t.name, message: KEPT[reference] });
  };
  const erasable: Erasable[] = [];
  for (const t of touched) {
    const row = await selectAnyProductById(db, t.id);
    if (!row || row.withdrawn_at) {
      refuse(t, U.alreadyWithdrawn);
      continue;
    }
    // An order moves the version too (its stock), so it is told apart first.
    if (ordered.has(t.id)) {
      refuse(t, U.orderedSince);
      continue;
    }
    if (Number(row.version) !== t.versionAfter) {
      refuse(t, U.changedSince);
      continue;
    }
    if (t.created) {
      const reference = named.get(t.id);
      if (reference) await keep(t, reference);
      else erasable.push({ touched: t, row });
      continue;
    }
    const current = toAdminProduct(row);
    const restored = Object.fromEntries(Object.entries(t.before).filter(([key]) => !NOT_RESTORED.has(key)));
    const input = productUpdateSchema.safeParse({ ...current, ...restored, version: current.version });
    if (!input.success) {
      refuse(t, input.error.issues[0]?.message ?? U.changedSince);
      continue;
    }
    if (!dryRun) {
      try {
        await updateProduct(db, t.id, input.data, actor, now);
      } catch (err) {
        if (!(err instanceof ApiError) || err.status >= 500) throw err;
        refuse(t, err.status === 409 ? U.changedSince : err.message);
        continue;
      }
    }
    result.reverted++;
  }
  if (dryRun) {
    result.deleted = erasable.length;
    return result;
  }
  if (erasable.length > 0) {
    const { gone, named: namedSince, changed } = await eraseProducts(db, storage, jobId, erasable, actor, now);
    result.deleted = gone.length;
    for (const { touched: t } of changed) refuse(t, U.changedSince);
    for (const { touched: t } of erasable) {
      const reference = namedSince.get(t.id);
      if (reference) await keep(t, reference);
    }
  }
  await recordAudit(
    db,
    actor,
    { action: 'import.undo', entityType: 'import', entityId: jobId, after: { fileName: job.file_name, deleted: result.deleted, withdrawn: result.withdrawn, reverted: result.reverted, refused: result.refused.length } },
    now,
  );
  return result;
}
