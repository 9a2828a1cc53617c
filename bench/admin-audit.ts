/**
 * Server time of the back-office audit log (the service GET /api/admin/audit calls, on a real
 * database) with N generated entries: p50/p95 per kind of query. Usage:
 *   npx tsx bench/admin-audit.ts [entries=200000] [runs=100]
 * BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (the audit log is emptied first); the default is a temp SQLite file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Insertable } from 'kysely';
import { auditQuerySchema } from '../src/lib/schemas/admin-staff';
import { listAuditEntries } from '../src/server/audit/audit-log.service';
import { resolveDatabaseTarget } from '../src/server/config';
import { openDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';
import type { AuditLogTable } from '../src/server/db/schema';

const count = Number(process.argv[2] ?? 200_000);
const runs = Number(process.argv[3] ?? 100);
const scratch = mkdtempSync(join(tmpdir(), 'bench-admin-audit-'));
const url = process.env.BENCH_DATABASE_URL || `file:${join(scratch, 'shop.db')}`;
const handle = openDatabase(resolveDatabaseTarget(url));
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

async function seed(): Promise<void> {
  await migrateToLatest(db);
  await db.deleteFrom('audit_log').execute();
  const start = Date.UTC(2024, 0, 1);
  const span = Date.UTC(2026, 10, 1) - start;
  for (let from = 0; from < count; from += 1000) {
    const rows: Insertable<AuditLogTable>[] = [];
    for (let i = from; i < Math.min(count, from + 1000); i += 1) {
      const actor = ACTORS[(i * 7) % ACTORS.length]!;
      const [action, entityType] = EVENTS[(i * 13) % EVENTS.length]!;
      rows.push({
        id: `bench-${i}`,
        at: new Date(start + Math.floor((i / count) * span)).toISOString(),
        actor_id: actor.id,
        actor_name: actor.name,
        action,
        entity_type: entityType,
        entity_id: `entity-${i % 5000}`,
        before_json: JSON.stringify({ status: 'pending' }),
        after_json: JSON.stringify({ status: 'approved' }),
        address: '127.0.0.1',
      });
    }
    await db.insertInto('audit_log').values(rows).execute();
  }
  // What autovacuum does soon after a bulk load: statistics and the visibility map (index-only counts).
  if (handle.kind === 'postgres') await sql`VACUUM ANALYZE audit_log`.execute(db);
  else await sql`ANALYZE`.execute(db);
}

/** Runs `fn` `runs` times after a warm-up and returns p50/p95 in ms. */
async function measure(fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 5; i += 1) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(runs * 0.5)]!, p95: times[Math.floor(runs * 0.95)]! };
}

const seededAt = performance.now();
await seed();
console.log(`${count.toLocaleString('en-US')} audit entries on ${handle.kind} seeded in ${((performance.now() - seededAt) / 1000).toFixed(1)} s; ${runs} runs per query`);
const QUERIES: [string, Record<string, string>][] = [
  ['newest page', {}],
  ['page 200', { page: '200' }],
  ['one member', { actor: 'staff-3' }],
  ['kind order', { kind: 'order' }],
  ['kind auth', { kind: 'auth' }],
  ['one month', { from: '2025-06-01', to: '2025-06-30' }],
  ['member + kind + month', { actor: 'staff-3', kind: 'order', from: '2025-06-01', to: '2025-06-30' }],
];
for (const [name, query] of QUERIES) {
  const parsed = auditQuerySchema.parse(query);
  const { p50, p95 } = await measure(() => listAuditEntries(db, parsed));
  console.log(`${name.padEnd(24)} p50 ${p50.toFixed(2).padStart(7)} ms   p95 ${p95.toFixed(2).padStart(7)} ms`);
}
await handle.close();
rmSync(scratch, { recursive: true, force: true });
