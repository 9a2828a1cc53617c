/**
 * What the category and vendor pages' answers (GET /api/catalog/cards?category=<slug>) cost the
 * server at a catalogue's size: seeds a scratch SQLite database from a content folder (the
 * repository's, or a generated one: `npm run bench:catalog-generate -- --products 10000 --no-build
 * --out /tmp/shop-10k`), asks every category's answer once (the memory they hold: their brotli and
 * gzip bodies), then sells one unit of a product at a time and times, per sale, the cards rebuild,
 * the sold product's category answer made anew (brotli body included) and another category's
 * answer (kept: only the check). Not a test: it prints figures.
 *   npx tsx bench/category-cards-rebuild.ts [contentDir] [sales]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { PRODUCT_CATEGORIES } from '../src/lib/constants';
import { rowToCatalogCard } from '../src/server/catalog/catalog-cards';
import { seedCatalogFromContent } from '../src/server/catalog/catalog.service';
import { CatalogSnapshotCache } from '../src/server/catalog/catalog.snapshot';
import { openDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';

const contentDir = resolve(process.argv[2] ?? 'content');
const sales = Number(process.argv[3] ?? 30);

const handle = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'bench-category-cards-')), 'shop.db') });
await migrateToLatest(handle.db);
await seedCatalogFromContent(handle.db, contentDir);
const cache = new CatalogSnapshotCache({ project: rowToCatalogCard, groupOf: (row) => row.category });

/** Milliseconds of wall and process CPU a step takes. */
async function timed<T>(step: () => Promise<T>): Promise<{ value: T; ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await step();
  const used = process.cpuUsage(cpu);
  return { value, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

const whole = await timed(() => cache.get(handle.db));
const wholeBody = await whole.value.body('identity');
console.log(`${whole.value.productCount} products; whole cards ${kb(wholeBody.length)}, first build ${whole.ms.toFixed(0)} ms`);
let raw = 0;
let held = 0;
const first = await timed(async () => {
  for (const category of PRODUCT_CATEGORIES) {
    const answer = await cache.getGroup(handle.db, category);
    const [identity, br, gz] = await Promise.all([answer.body('identity'), answer.body('br'), answer.body('gzip')]);
    raw += identity.length;
    held += br.length + gz.length;
    console.log(`  ${category.padEnd(26)} ${String(answer.productCount).padStart(5)} products  ${kb(identity.length).padStart(8)}  br ${kb(br.length).padStart(6)}  gzip ${kb(gz.length).padStart(6)}`);
  }
});
console.log(`every category's answer once: ${first.ms.toFixed(0)} ms (${first.cpuMs.toFixed(0)} ms CPU); ${kb(raw)} of JSON (not kept), ${kb(held)} of brotli + gzip kept`);

const rows = await handle.db.selectFrom('products').select(['id', 'category']).orderBy('id').execute();
const rebuild: number[] = [];
const own: number[] = [];
const ownCpu: number[] = [];
const other: number[] = [];
const check: number[] = [];
for (let i = 0; i < sales; i += 1) {
  const row = rows[(i * 7919) % rows.length]!;
  const another = PRODUCT_CATEGORIES.find((c) => c !== row.category)!;
  await handle.db.updateTable('products').set({ stock_quantity: sql`coalesce(stock_quantity, 0) + 1`, version: sql`version + 1` }).where('id', '=', row.id).execute();
  rebuild.push((await timed(() => cache.get(handle.db))).ms);
  const mine = await timed(async () => (await cache.getGroup(handle.db, row.category)).body('br'));
  own.push(mine.ms);
  ownCpu.push(mine.cpuMs);
  other.push((await timed(async () => (await cache.getGroup(handle.db, another)).body('br'))).ms);
  check.push((await timed(() => cache.get(handle.db))).ms);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  `per sale (median of ${sales}): cards rebuild ${median(rebuild).toFixed(2)} ms; the sold product's category answer anew with its brotli ${median(own).toFixed(2)} ms (${median(ownCpu).toFixed(2)} ms CPU); another category's (kept) ${median(other).toFixed(2)} ms, of which the revision read every request makes ${median(check).toFixed(2)} ms`,
);
await handle.close();
