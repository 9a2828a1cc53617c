/**
 * Server time of the back-office audit log (the service GET /api/admin/audit calls, on a real
 * database) with N generated entries: p50/p95 per kind of query. Usage:
 *   npx tsx bench/admin-audit.ts [entries=200000] [runs=100]
 * BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (the audit log is emptied first); the default is a temp SQLite file.
 */
import { performance } from 'node:perf_hooks';
import { sql, type Insertable } from 'kysely';
import { measureCases, openBenchDatabase, secondsSince } from './admin-bench-kit';
import { auditQuerySchema } from '../src/lib/schemas/admin-staff';
import { listAuditEntries } from '../src/server/audit/audit-log.service';
import { migrateToLatest } from '../src/server/db/migrate';
import type { AuditLogTable } from '../src/server/db/schema';

const count = Number(process.argv[2] ?? 200_000);
const runs = Number(process.argv[3] ?? 100);
const handle = openBenchDatabase('admin-audit');
const { db } = handle;

// Twelve staff members; most entries are order changes and sign-ins, as in a working shop.
const ACTORS = Array.from({ length: 12 }, (_, i) => ({ id: `staff-${i}`, name: `Staff ${i}` }));
const EVENTS = [
  ['order.approve', 'order'],
  ['order.status', 'order'],
  ['order.ship', 'order'],
  ['staff.sign_in', 'staff'],
  ['staff.sign_out', 'staff'],
  ['product.update', 'product'],
  ['category.update', 'category'],
  ['staff.update', 'staff'],
] as const;

/** Every tenth entry of three is a product entry one of ten imports wrote (they name the job in `importJob`). */
const importJobOf = (i: number): string | null => (i % 10 < 3 ? `import-${Math.floor((i / count) * 10)}` : null);

async function seed(): Promise<void> {
  await migrateToLatest(db);
  await db.deleteFrom('audit_log').execute();
  const start = Date.UTC(2024, 0, 1);
  const span = Date.UTC(2026, 10, 1) - start;
  for (let from = 0; from < count; from += 1000) {
    const rows: Insertable<AuditLogTable>[] = [];
    for (let i = from; i < Math.min(count, from + 1000); i += 1) {
      const actor = ACTORS[(i * 7) % ACTORS.length]!;
      const importJob = importJobOf(i);
      const [action, entityType] = importJob ? (['product.create', 'product'] as const) : EVENTS[(i * 13) % EVENTS.length]!;
      rows.push({
        id: `bench-${i}`,
        at: new Date(start + Math.floor((i / count) * span)).toISOString(),
        actor_id: actor.id,
        actor_name: actor.name,
        action,
        entity_type: entityType,
        entity_id: `entity-${i % 5000}`,
        before_json: JSON.stringify({ status: 'pending' }),
        after_json: JSON.stringify(importJob ? { name: `Product ${i}`, importJob } : { status: 'approved' }),
        address: '127.0.0.1',
        import_job_id: importJob,
      });
    }
    await db.insertInto('audit_log').values(rows).execute();
  }
  // What autovacuum does soon after a bulk load: statistics and the visibility map (index-only counts).
  if (handle.kind === 'postgres') await sql`VACUUM ANALYZE audit_log`.execute(db);
  else await sql`ANALYZE`.execute(db);
}

const seededAt = performance.now();
await seed();
console.log(`${count.toLocaleString('en-US')} audit entries on ${handle.kind} seeded in ${secondsSince(seededAt)} s; ${runs} runs per query`);
const QUERIES: [string, Record<string, string>][] = [
  ['newest page', {}],
  ['page 200', { page: '200' }],
  ['one member', { actor: 'staff-3' }],
  ['kind order', { kind: 'order' }],
  ['kind auth', { kind: 'auth' }],
  ['one month', { from: '2025-06-01', to: '2025-06-30' }],
  ['member + kind + month', { actor: 'staff-3', kind: 'order', from: '2025-06-01', to: '2025-06-30' }],
  ['kind product', { kind: 'product' }],
  ["one import's entries", { importJob: 'import-4' }],
];
await measureCases(
  QUERIES.map(([name, query]) => {
    const parsed = auditQuerySchema.parse(query);
    return [name, () => listAuditEntries(db, parsed)] as const;
  }),
  runs,
);
await handle.close();
