/**
 * Time and peak memory of a bulk product import of generated rows (no images) through the import
 * runner on a fresh database: `npx tsx bench/import.ts [rows...]` (default 10000 100000);
 * BENCH_DATABASE_URL=postgres://… for PostgreSQL (the database must be empty).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';
import { resolveDatabaseTarget } from '../src/server/config';
import { createLogger } from '../src/server/log';
import { ImportRunner } from '../src/server/imports/import-runner';
import { createImportJob } from '../src/server/imports/imports.service';
import { selectImportJob } from '../src/server/imports/imports.repository';
import { seedCatalogFromContent } from '../src/server/catalog/catalog.service';

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));

for (const rows of sizes.length ? sizes : [10_000, 100_000]) {
  const path = join(dir, `products-${rows}.csv`);
  const lines = ['name,description,price,sku,stockQuantity,features,category'];
  for (let i = 1; i <= rows; i++) lines.push(`Bench Coating ${i},Generated bench product number ${i} for the import.,${(1 + (i % 300)).toFixed(2)},BENCH-${rows}-${i},${i % 40},Fast drying;Low odour,Diamond Collection`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  const url = process.env.BENCH_DATABASE_URL ?? `file:${join(dir, `shop-${rows}.db`)}`;
  const handle = openDatabase(resolveDatabaseTarget(url));
  await migrateToLatest(handle.db);
  await seedCatalogFromContent(handle.db, join(process.cwd(), 'content'));
  const runner = new ImportRunner({ db: () => handle.db, log: createLogger('warn') });
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const job = await createImportJob(handle.db, runner, { id: crypto.randomUUID(), path, name: 'bench.csv', bytes: 0 }, false, { id: null, name: 'Bench' });
  for (;;) {
    const row = await selectImportJob(handle.db, job.id);
    if (row && ['completed', 'error'].includes(row.status)) {
      const seconds = (performance.now() - started) / 1000;
      console.log(`${handle.kind} ${rows} rows: ${row.status}, ${row.created} created, ${row.failed} refused in ${seconds.toFixed(2)} s (${Math.round(rows / seconds)} rows/s), peak RSS ${(peak / 1048576).toFixed(0)} MB`);
      break;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  clearInterval(sampler);
  await runner.stop();
  await handle.close();
}
