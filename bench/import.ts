/**
 * Time and peak memory of a bulk product import of generated rows (no images) through the import
 * runner, on SQLite and on PostgreSQL:
 *
 *   npx tsx bench/import.ts [rows...]            (default 10000 100000)
 *
 * Each database and size: a run creating every row, then a run of the same SKUs with new prices
 * and stock (every row an update) on the database the first left. Every run is a fresh process with
 * the server's V8 flags (scripts/node-flags.mjs), so its peak RSS is its own: the operating
 * system's high-water mark of that process (getrusage maxrss), beside the RSS it had once the
 * database was migrated and seeded, just before the import. IMPORT_BATCH_ROWS as the server's. The CSV is written to a
 * temporary file by this parent process, never held in memory by the measured one.
 * PostgreSQL: a throwaway cluster (scripts/pg-cluster.mjs), or BENCH_DATABASE_URL=postgres://… of a
 * server where a database per run is created and dropped. BENCH_DATABASES=sqlite (or postgres) runs
 * only one of them. BENCH_NODE_FLAGS adds V8 flags to the measured process (e.g.
 * '--heap-growing-percent=100' to see what the old generation's growing factor does to peak RSS).
 * Goals of issue 14: 10,000 rows ≤ 3 s; peak RSS flat as rows grow.
 */
import { spawnSync } from 'node:child_process';
import { getHeapStatistics } from 'node:v8';
import { closeSync, copyFileSync, mkdtempSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';

/** What one measured run prints (one JSON line on stdout). */
interface RunResult {
  kind: string;
  /** 'create': every row a new product; 'update': the same SKUs again with new prices and stock, on the database the create run left. */
  mode: 'create' | 'update';
  rows: number;
  status: string;
  created: number;
  updated: number;
  failed: number;
  seconds: number;
  /** CPU time of the importing process (user + system): less swayed by other load than the wall clock (the database server's own is not in it). */
  cpuSeconds: number;
  /** PostgreSQL: CPU time the server processes of this run's connections used during the import (from /proc; null elsewhere). */
  dbCpuSeconds: number | null;
  rssBeforeMb: number;
  peakRssMb: number;
  /** The V8 heap's largest size during the import (sampled with the job's progress): what RSS grows with. */
  peakHeapMb: number;
  /** Live heap after a full garbage collection, before the import and once 90% of its rows are in (what it holds as rows grow). */
  liveBeforeMb: number;
  liveAfterMb: number;
}

const MB = 1024 * 1024;

/** The measured process: imports `path` into `url` and prints a RunResult. */
async function child(url: string, path: string, rows: number, mode: RunResult['mode']): Promise<void> {
  const { openDatabase } = await import('../src/server/db/connection');
  const { migrateToLatest } = await import('../src/server/db/migrate');
  const { resolveDatabaseTarget } = await import('../src/server/config');
  const { createLogger } = await import('../src/server/log');
  const { ImportRunner } = await import('../src/server/imports/import-runner');
  const { importFileKey, LocalImportFileStore } = await import('../src/server/imports/import-files');
  const { createImportJob } = await import('../src/server/imports/imports.service');
  const { selectImportJob } = await import('../src/server/imports/imports.repository');
  const { seedCatalogFromContent } = await import('../src/server/catalog/catalog.service');
  const handle = openDatabase(resolveDatabaseTarget(url));
  await migrateToLatest(handle.db);
  if (mode === 'create') await seedCatalogFromContent(handle.db, join(process.cwd(), 'content'));
  // The run's copy takes a job's key in its folder, as an upload stored in IMPORT_DIR would.
  const id = crypto.randomUUID();
  renameSync(path, join(dirname(path), importFileKey(id)));
  const runner = new ImportRunner({ db: () => handle.db, log: createLogger('warn'), files: new LocalImportFileStore(dirname(path)), batchRows: Number(process.env.IMPORT_BATCH_ROWS) || undefined });
  const gc = (globalThis as { gc?: () => void }).gc!;
  gc();
  const liveBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const dbCpuStart = handle.kind === 'postgres' ? await backendCpuSeconds(handle.db) : null;
  const job = await createImportJob(handle.db, runner, { id, key: importFileKey(id), name: 'bench.csv', bytes: 0 }, false, { id: null, name: 'Bench' });
  let row: Awaited<ReturnType<typeof selectImportJob>>;
  let liveLate = 0;
  let peakHeap = 0;
  for (;;) {
    peakHeap = Math.max(peakHeap, getHeapStatistics().total_heap_size);
    row = await selectImportJob(handle.db, job.id);
    if (!liveLate && row && row.total > 0 && row.current >= row.total * 0.9) {
      gc();
      liveLate = process.memoryUsage().heapUsed;
    }
    if (row && ['completed', 'error'].includes(row.status)) break;
    // The view polls once a second; 25 ms here keeps the finish exact to the batch without the
    // measured process spending its time on the bench's own queries.
    await new Promise((r) => setTimeout(r, 25));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const dbCpuEnd = handle.kind === 'postgres' ? await backendCpuSeconds(handle.db) : null;
  const dbCpuSeconds = dbCpuStart === null || dbCpuEnd === null ? null : dbCpuEnd - dbCpuStart;
  await runner.stop();
  await handle.close();
  const result: RunResult = {
    kind: handle.kind,
    mode,
    rows,
    status: row!.status === 'error' ? `error (${row!.error_message})` : row!.status,
    created: row!.created,
    updated: row!.updated,
    failed: row!.failed,
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    dbCpuSeconds,
    rssBeforeMb: rssBefore / MB,
    // getrusage's maxrss is in kilobytes on Linux.
    peakRssMb: (process.resourceUsage().maxRSS * 1024) / MB,
    peakHeapMb: peakHeap / MB,
    liveBeforeMb: liveBefore / MB,
    liveAfterMb: liveLate / MB,
  };
  console.log(JSON.stringify(result));
}

/**
 * CPU seconds the server processes of this database's connections used so far (utime + stime of
 * /proc/<pid>/stat, in clock ticks of 1/100 s); the cluster must run on this machine.
 */
async function backendCpuSeconds(db: import('kysely').Kysely<import('../src/server/db/schema').Database>): Promise<number | null> {
  const { sql } = await import('kysely');
  const { readFileSync } = await import('node:fs');
  const { rows } = await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`.execute(db);
  let ticks = 0;
  try {
    for (const { pid } of rows) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return null;
  }
  return ticks / 100;
}

/** Writes `rows` generated template rows to a file, a thousand lines at a time; `shift` changes every price and stock (the update run). */
function writeCsv(path: string, rows: number, shift = 0): void {
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, 'name,description,price,sku,stockQuantity,features,category\n');
    let chunk: string[] = [];
    for (let i = 1; i <= rows; i++) {
      chunk.push(`Bench Coating ${i},Generated bench product number ${i} for the import.,${(1 + shift + (i % 300)).toFixed(2)},BENCH-${rows}-${i},${(i + shift) % 40},Fast drying;Low odour,Diamond Collection\n`);
      if (chunk.length === 1000 || i === rows) {
        writeSync(fd, chunk.join(''));
        chunk = [];
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** Runs one measured process on a copy of the file (a finished job removes its file) and returns what it printed. */
async function measure(url: string, source: string, rows: number, mode: RunResult['mode']): Promise<RunResult> {
  const path = `${source}.${Date.now()}.run.csv`;
  copyFileSync(source, path);
  // The server's own V8 flags (scripts/node-flags.mjs): the measured process runs the import as the server would.
  const { SERVER_NODE_FLAGS } = (await import('../scripts/node-flags.mjs')) as { SERVER_NODE_FLAGS: string[] };
  const extra = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const run = spawnSync(process.execPath, [...process.execArgv, ...SERVER_NODE_FLAGS, ...extra, '--expose-gc', import.meta.filename, '--child', url, path, String(rows), mode], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 30 * 60_000 });
  const line = run.stdout.trim().split('\n').pop() ?? '';
  if (run.status !== 0 || !line.startsWith('{')) throw new Error(`bench run failed (${run.status}): ${run.stdout}`);
  return JSON.parse(line) as RunResult;
}

/** A fresh database per PostgreSQL run, created in the server of `adminUrl`; dropped by the returned function. */
async function freshPgDatabase(adminUrl: string, rows: number): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_import_${rows}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name}`);
      await c.end();
    },
  };
}

async function main(): Promise<void> {
  const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
  const wanted = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((s) => s.trim());
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  let cluster: { url: string; stop: () => void } | undefined;
  const results: RunResult[] = [];
  try {
    for (const rows of sizes.length ? sizes : [10_000, 100_000]) {
      const path = join(dir, `products-${rows}.csv`);
      writeCsv(path, rows);
      const changed = join(dir, `products-${rows}-changed.csv`);
      writeCsv(changed, rows, 1);
      // Each database: every row created, then the same SKUs again with new prices and stock (every row an update).
      const runBoth = async (url: string) => {
        for (const [file, mode] of [[path, 'create'], [changed, 'update']] as const) {
          results.push(await measure(url, file, rows, mode));
          console.log(format(results.at(-1)!));
        }
      };
      if (wanted.includes('sqlite')) await runBoth(`file:${join(dir, `shop-${rows}.db`)}`);
      if (wanted.includes('postgres')) {
        let admin = process.env.BENCH_DATABASE_URL;
        if (!admin) {
          const { startPgCluster } = (await import('../scripts/pg-cluster.mjs')) as { startPgCluster: () => Promise<{ url: string; stop: () => void }> };
          cluster ??= await startPgCluster();
          admin = cluster.url;
        }
        const db = await freshPgDatabase(admin, rows);
        try {
          await runBoth(db.url);
        } finally {
          await db.drop();
        }
      }
      rmSync(path, { force: true });
      rmSync(changed, { force: true });
    }
  } finally {
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log('\ndatabase   run        rows   seconds   CPU s  DB CPU s   rows/s   RSS before   peak RSS   growth  peak heap   live heap before → at 90%');
  for (const r of results) {
    console.log(
      `${r.kind.padEnd(10)} ${r.mode.padEnd(6)} ${String(r.rows).padStart(7)} ${r.seconds.toFixed(2).padStart(9)} ${r.cpuSeconds.toFixed(2).padStart(7)} ${(r.dbCpuSeconds === null ? '-' : r.dbCpuSeconds.toFixed(2)).padStart(9)} ${String(Math.round(r.rows / r.seconds)).padStart(8)} ${`${r.rssBeforeMb.toFixed(0)} MB`.padStart(12)} ${`${r.peakRssMb.toFixed(0)} MB`.padStart(10)} ${`${(r.peakRssMb - r.rssBeforeMb).toFixed(0)} MB`.padStart(8)} ${`${r.peakHeapMb.toFixed(0)} MB`.padStart(10)}   ${r.liveBeforeMb.toFixed(1)} → ${r.liveAfterMb.toFixed(1)} MB`,
    );
  }
  for (const kind of new Set(results.map((r) => `${r.kind} ${r.mode}`))) {
    const own = results.filter((r) => `${r.kind} ${r.mode}` === kind).sort((a, b) => a.rows - b.rows);
    const ten = own.find((r) => r.rows === 10_000);
    if (ten) console.log(`${kind}: 10,000 rows in ${ten.seconds.toFixed(2)} s (goal ≤ 3 s: ${ten.seconds <= 3 ? 'met' : 'missed'})`);
    if (own.length > 1) console.log(`${kind}: peak RSS ${own.map((r) => `${r.peakRssMb.toFixed(0)} MB at ${r.rows}`).join(', ')} (${(own.at(-1)!.peakRssMb - own[0]!.peakRssMb).toFixed(0)} MB more for ${own.at(-1)!.rows / own[0]!.rows}× the rows)`);
  }
}

/** One run as a line. */
function format(r: RunResult): string {
  return `${r.kind} ${r.mode} ${r.rows} rows: ${r.status}, ${r.created} created, ${r.updated} updated, ${r.failed} refused in ${r.seconds.toFixed(2)} s (${Math.round(r.rows / r.seconds)} rows/s; CPU ${r.cpuSeconds.toFixed(2)} s here${r.dbCpuSeconds === null ? '' : ` + ${r.dbCpuSeconds.toFixed(2)} s in PostgreSQL`}), RSS ${r.rssBeforeMb.toFixed(0)} MB before, peak ${r.peakRssMb.toFixed(0)} MB (V8 heap at most ${r.peakHeapMb.toFixed(0)} MB); live heap ${r.liveBeforeMb.toFixed(1)} → ${r.liveAfterMb.toFixed(1)} MB`;
}

if (process.argv[2] === '--child') await child(process.argv[3]!, process.argv[4]!, Number(process.argv[5]), process.argv[6] === 'update' ? 'update' : 'create');
else await main();
