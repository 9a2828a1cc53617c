/**
 * What one sale costs the live catalogue at a catalogue's size: seeds a scratch SQLite database
 * from a content folder (the repository's, or a generated one: `npm run bench:catalog-generate --
 * --products 10000 --no-build --out /tmp/shop-10k`), builds the snapshot, then sells one unit of a
 * product at a time and times the rebuild (event-loop time) and the gzip body (mostly libuv's
 * threads), with the process CPU time beside them. Then the same for the category and vendor
 * pages' answers (GET /api/catalog/cards?category=<slug>): every category's answer once (their
 * sizes and the memory they hold: brotli and gzip bodies), and per sale the sold product's category
 * answer made anew (with its brotli body) and another category's (kept). Not a test: it prints figures.
 *   npx tsx bench/catalog-rebuild.ts [contentDir] [sales]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { PRODUCT_CATEGORIES } from '../src/lib/constants';
import { rowToCatalogCard } from '../src/server/catalog/catalog-cards';
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

// The category and vendor pages' answers, from the cards' cache.
const cards = new CatalogSnapshotCache({ project: rowToCatalogCard, groupOf: (row) => row.category });
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const wholeCards = await timed(() => cards.get(handle.db));
console.log(`\ncategory answers (GET /api/catalog/cards?category=<slug>); whole cards ${kb((await wholeCards.value.body('identity')).length)}, first build ${wholeCards.ms.toFixed(0)} ms`);
let raw = 0;
let held = 0;
const everyCategory = await timed(async () => {
  for (const category of PRODUCT_CATEGORIES) {
    const answer = await cards.getGroup(handle.db, category);
    const [json, br, gz] = await Promise.all([answer.body('identity'), answer.body('br'), answer.body('gzip')]);
    raw += json.length;
    held += br.length + gz.length;
    console.log(`  ${category.padEnd(26)} ${String(answer.productCount).padStart(5)} products  ${kb(json.length).padStart(8)}  br ${kb(br.length).padStart(6)}  gzip ${kb(gz.length).padStart(6)}`);
  }
});
console.log(`every category's answer once: ${everyCategory.ms.toFixed(0)} ms (${everyCategory.cpuMs.toFixed(0)} ms CPU); ${kb(raw)} of JSON (not kept), ${kb(held)} of brotli + gzip kept`);
const categoryOf = new Map((await handle.db.selectFrom('products').select(['id', 'category']).execute()).map((r) => [r.id, r.category]));
const own: number[] = [];
const ownCpu: number[] = [];
const other: number[] = [];
for (let i = 0; i < sales; i += 1) {
  const id = ids[(i * 7919) % ids.length]!;
  const category = categoryOf.get(id)!;
  await handle.db.updateTable('products').set({ stock_quantity: sql`coalesce(stock_quantity, 0) + 1`, version: sql`version + 1` }).where('id', '=', id).execute();
  await cards.get(handle.db);
  const mine = await timed(async () => (await cards.getGroup(handle.db, category)).body('br'));
  own.push(mine.ms);
  ownCpu.push(mine.cpuMs);
  other.push((await timed(async () => (await cards.getGroup(handle.db, PRODUCT_CATEGORIES.find((c) => c !== category)!)).body('br'))).ms);
}
console.log(
  `per sale (median of ${sales}), after the cards' rebuild: the sold product's category answer anew with its brotli ${median(own).toFixed(2)} ms (${median(ownCpu).toFixed(2)} ms CPU), another category's (kept) ${median(other).toFixed(2)} ms`,
);
await handle.close();
