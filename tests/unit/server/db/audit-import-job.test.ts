import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../../src/server/db/connection';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { MIGRATIONS } from '../../../../src/server/db/migrations';

const MIGRATION = '2026-11-29T1800_audit_import_job';

let handle: DatabaseHandle | undefined;

afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

/** An audit row as an earlier version wrote it, without `import_job_id`. */
function entry(id: string, after: unknown) {
  return { id, at: '2026-11-28T10:00:00.000Z', actor_id: 'staff-1', actor_name: 'Priya Shah', action: 'product.create', entity_type: 'product', entity_id: `product-${id}`, before_json: null, after_json: after === null ? null : JSON.stringify(after), address: null };
}

describe(`migration ${MIGRATION}`, () => {
  it('gives the product entries earlier imports wrote the job their JSON names, and every other entry none', async () => {
    handle = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'shop-audit-import-')), 'shop.db') });
    const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < MIGRATION));
    const { error } = await new Migrator({ db: handle.db, provider: { getMigrations: async () => before } }).migrateToLatest();
    expect(error).toBeUndefined();
    await handle.db
      .insertInto('audit_log')
      .values([
        entry('a', { name: 'Floor Sealer', importJob: 'job-1' }),
        entry('b', { name: 'Primer', importJob: 'job-2', version: 3 }),
        // A description that merely mentions the key is escaped in the JSON and names no job.
        entry('c', { name: 'Odd', description: '"importJob":"job-9"' }),
        entry('d', { status: 'approved' }),
        entry('e', null),
      ] as never)
      .execute();
    expect(await migrateToLatest(handle.db)).toContain(MIGRATION);
    const rows = await handle.db.selectFrom('audit_log').select(['id', 'import_job_id']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'a', import_job_id: 'job-1' },
      { id: 'b', import_job_id: 'job-2' },
      { id: 'c', import_job_id: null },
      { id: 'd', import_job_id: null },
      { id: 'e', import_job_id: null },
    ]);
  });
});
