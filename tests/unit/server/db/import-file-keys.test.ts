import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../../src/server/db/connection';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { MIGRATIONS } from '../../../../src/server/db/migrations';

const KEYS_MIGRATION = '2026-11-29T0600_import_file_keys';

let handle: DatabaseHandle | undefined;

afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

/** A job row as an earlier version wrote it, with `file_path`. */
function job(id: string, filePath: string) {
  const at = new Date().toISOString();
  return { id, status: 'paused', dry_run: 0, file_path: filePath, file_name: 'products.csv', file_bytes: 10, total: 0, current: 0, last_row: 0, success: 0, failed: 0, created: 0, updated: 0, unchanged: 0, images_total: 0, images_done: 0, active_ms: 0, created_by: 'staff-1', created_by_name: 'Priya Shah', created_at: at, updated_at: at };
}

describe(`migration ${KEYS_MIGRATION}`, () => {
  it("turns the absolute paths of earlier jobs into their file's name in IMPORT_DIR and leaves keys and blanks alone", async () => {
    handle = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'shop-import-keys-')), 'shop.db') });
    const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < KEYS_MIGRATION));
    const { error } = await new Migrator({ db: handle.db, provider: { getMigrations: async () => before } }).migrateToLatest();
    expect(error).toBeUndefined();
    const id = 'd6f1c9a4-3b1e-4c55-9a53-0c1f7b2e8a10';
    await handle.db
      .insertInto('import_jobs')
      .values([job('a', `/srv/shop/data/imports/${id}.csv`), job('b', `C:\\shop\\imports\\${id}.csv`), job('c', `${id}.csv`), job('d', '')] as never)
      .execute();
    expect((await migrateToLatest(handle.db))[0]).toBe(KEYS_MIGRATION);
    const rows = await handle.db.selectFrom('import_jobs').select(['id', 'file_path']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'a', file_path: `${id}.csv` },
      { id: 'b', file_path: `${id}.csv` },
      { id: 'c', file_path: `${id}.csv` },
      { id: 'd', file_path: '' },
    ]);
  });
});
