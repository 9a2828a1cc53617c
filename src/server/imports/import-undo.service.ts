import type { Kysely } from 'kysely';
import { productUpdateSchema } from '../../lib/schemas/admin-catalog';
import { IMPORT_MESSAGES } from '../../lib/schemas/admin-imports';
import { IMPORT_UNDO_MESSAGES as U, type ImportUndoResult } from '../../lib/schemas/admin-import-undo';
import { recordAudit, type Actor } from '../audit/audit.service';
import { selectAnyProductById } from '../catalog/admin-products.repository';
import { toAdminProduct, updateProduct, withdrawProduct } from '../catalog/admin-products.service';
import type { Database } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { selectImportProductAudits, selectProductsOrderedSince } from './import-undo.repository';
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

/**
 * Undoes a finished or cancelled import: products it created are withdrawn, products it updated
 * get back the fields they had before it (through the edit dialog's service: validation, version
 * check, audit). A product changed since the import (its version moved on) or ordered since is
 * refused with why. `dryRun` counts and changes nothing. 404 unknown job; 409 a running job or a dry run.
 */
export async function undoImport(db: Kysely<Database>, jobId: string, dryRun: boolean, actor: Actor, now = new Date()): Promise<ImportUndoResult> {
  const job = await selectImportJob(db, jobId);
  if (!job) throw notFound(IMPORT_MESSAGES.notFound);
  if (Number(job.dry_run) === 1) throw new ApiError(409, 'conflict', U.dryRun);
  if (!UNDOABLE_STATUSES.includes(job.status)) throw new ApiError(409, 'conflict', U.notFinished);
  const entries = await selectImportProductAudits(db, jobId, job.created_at);
  const touched = touchedProducts(entries);
  const ordered = await selectProductsOrderedSince(db, touched.map((t) => t.id), entries[0]?.at ?? job.created_at);
  const result: ImportUndoResult = { dryRun, withdrawn: 0, reverted: 0, refused: [] };
  const refuse = (t: Touched, message: string) => result.refused.push({ id: t.id, name: t.name, message });
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
      if (!dryRun) await withdrawProduct(db, t.id, actor, now);
      result.withdrawn++;
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
  if (!dryRun) {
    await recordAudit(db, actor, { action: 'import.undo', entityType: 'import', entityId: jobId, after: { fileName: job.file_name, withdrawn: result.withdrawn, reverted: result.reverted, refused: result.refused.length } }, now);
  }
  return result;
}
