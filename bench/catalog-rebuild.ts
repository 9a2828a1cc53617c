/**
 * What one sale costs the live catalogue at a catalogue's size: seeds a scratch SQLite database
 * from a content folder (the repository's, or a generated one: `npm run bench:catalog-generate --
 * --products 10000 --no-build --out /tmp/shop-10k`), builds the snapshot, then sells one unit of a
 * product at a time and times the rebuild (event-loop time) and the gzip body (mostly libuv's
 * threads), with the process CPU time beside them. Not a test: it prints figures.
 *   npx tsx bench/catalog-rebuild.ts [contentDir] [sales]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { seedCatalogFromContent } from '../src/server/catalog/catalog.service';
import { CatalogSnapshotCache, type CatalogBuildReport } from '../src/server/catalog/catalog.snapshot';
import { openDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';

const contentDir = resolve(process.argv[2] ?? 'content');
const sales = Number(process.argv[3] ?? 50);

const handle = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'bench-rebuild-')), 'shop.db') });
await migrateToLatest(handle.db);
await seedCatalogFromContent(handle.db, contentDir);
const reports: CatalogBuildReport[] = [];
const cache = new CatalogSnapshotCache({ onBuilt: (r) => reports.push(r) });

/** Milliseconds of wall and process CPU a step takes. */
async function timed<T>(step: () => Promise<T>): Promise<{ value: T; ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await step();
  const used = process.cpuUsage(cpu);
  return { value, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

const first = await timed(() => cache.get(handle.db));
const firstGzip = await timed(() => first.value.body('gzip'));
const identity = await first.value.body('identity');
console.log(`${first.value.productCount} products, body ${(identity.length / 1e6).toFixed(2)} MB, gzip ${(firstGzip.value.length / 1e3).toFixed(0)} KB`);
console.log(`first build ${first.ms.toFixed(1)} ms (${first.cpuMs.toFixed(0)} ms CPU), first gzip ${firstGzip.ms.toFixed(1)} ms (${firstGzip.cpuMs.toFixed(0)} ms CPU)`);

const ids = (await handle.db.selectFrom('products').select('id').orderBy('id').execute()).map((r) => r.id);
const rebuild: number[] = [];
const rebuildCpu: number[] = [];
const gzip: number[] = [];
const gzipCpu: number[] = [];
for (let i = 0; i < sales; i += 1) {
  const id = ids[(i * 7919) % ids.length]!;
  // As a cancelled order gives stock back (a sale could empty a product): the count and the version move.
  await handle.db.updateTable('products').set({ stock_quantity: sql`coalesce(stock_quantity, 0) + 1`, version: sql`version + 1` }).where('id', '=', id).execute();
  const built = await timed(() => cache.get(handle.db));
  const body = await timed(() => built.value.body('gzip'));
  rebuild.push(built.ms);
  rebuildCpu.push(built.cpuMs);
  gzip.push(body.ms);
  gzipCpu.push(body.cpuMs);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const last = reports.at(-1);
console.log(`per sale (median of ${sales}): rebuild ${median(rebuild).toFixed(2)} ms (${median(rebuildCpu).toFixed(2)} ms CPU), gzip body ${median(gzip).toFixed(2)} ms (${median(gzipCpu).toFixed(2)} ms CPU)`);
if (last && 'chunks' in last) console.log(`last build: ${JSON.stringify(last)}`);
await handle.close();
