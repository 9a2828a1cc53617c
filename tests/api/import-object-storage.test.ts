// Two servers on one database and one bucket (issue #29, "Show"): an image uploaded through one is
// served by the other, and import files live in the bucket, not on either machine: a dry run checked
// through one server is started through the other, and a server killed (SIGKILL) in the middle of an
// import has its job finished by the other alone, reading the file from the bucket, each row once.
// Each server has an IMPORT_DIR of its own that the other cannot see, and neither may use it.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJobSchema, type ImportJob } from '../../src/lib/schemas/admin-imports';
import { parseConfig } from '../../src/server/config';
import { S3_IMPORTS_PREFIX } from '../../src/server/imports/import-files';
import { s3SettingsOf } from '../../src/server/media/media.storage';
import { createS3Client, S3ObjectStore } from '../../src/server/storage/object-store';
import { call, countRows, DEMO, startShop, staffSignIn, type Shop } from './helpers/admin';
import { createTestDatabase } from './helpers/lane';
import { createTestBucket } from './helpers/media-store';
import { findFreePort } from './helpers/server';
import { q } from './helpers/orders';
import { runSql } from './helpers/sql';

/** Small batches, so a kill lands mid-import on a fast machine too. */
const BATCH_ROWS = '100';

let first: Shop;
let second: Shop;
let firstDir: string;
let secondDir: string;
let imports: S3ObjectStore;
let bucketEnv: Record<string, string>;

/** A template CSV of `n` generated products whose SKUs start with `tag`. */
function generated(n: number, tag: string): string {
  const rows = Array.from({ length: n }, (_, i) => `${tag} Product ${i + 1},Generated product number ${i + 1}.,${1 + (i % 50)},${tag}-${i + 1},3`);
  return ['name,description,price,sku,stockQuantity', ...rows].join('\n') + '\n';
}

/** Uploads a CSV through a server as a product manager; returns the running job. */
async function upload(shop: Shop, cookie: string, csv: string, dryRun = false): Promise<ImportJob> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
  if (dryRun) form.append('dryRun', 'true');
  const response = await fetch(`${shop.base}/api/admin/imports`, { method: 'POST', body: form, headers: { origin: shop.base, cookie } });
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(202);
  return importJobSchema.parse(json);
}

/** Polls a job through a server until `done` holds; fails after `ms`. */
async function waitFor(shop: Shop, cookie: string, id: string, done: (job: ImportJob) => boolean, ms: number): Promise<ImportJob> {
  const deadline = Date.now() + ms;
  for (;;) {
    const response = await call(shop.base, `/api/admin/imports/${id}`, { cookie });
    expect(response.status).toBe(200);
    const job = importJobSchema.parse(await response.json());
    if (done(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} never got there in ${ms} ms: ${JSON.stringify({ status: job.status, current: job.current, total: job.total })}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const finished = (job: ImportJob) => ['completed', 'error', 'cancelled'].includes(job.status);

/** The stored file key of a job, as the database has it. */
async function fileKeyOf(id: string): Promise<string> {
  const [row] = await runSql<{ file_path: string }>(first.db, `SELECT file_path FROM import_jobs WHERE id = ${q(id)}`);
  return row!.file_path;
}

/** The names under the bucket's imports/ folder. */
async function bucketImports(): Promise<string[]> {
  const names: string[] = [];
  for await (const item of imports.list()) names.push(item.name);
  return names;
}

/** Each SKU of the tag exactly once, `rows` in all. */
async function expectExactlyOnce(tag: string, rows: number): Promise<void> {
  expect(await countRows(first.db, 'products', `sku LIKE '${tag}-%'`)).toBe(rows);
  const [dupes] = await runSql<{ n: number }>(first.db, `SELECT COUNT(*) AS n FROM (SELECT sku FROM products WHERE sku LIKE '${tag}-%' GROUP BY sku HAVING COUNT(*) > 1) d`);
  expect(Number(dupes!.n)).toBe(0);
}

beforeAll(async () => {
  bucketEnv = await createTestBucket();
  imports = new S3ObjectStore(createS3Client(s3SettingsOf(parseConfig(bucketEnv))), bucketEnv.S3_BUCKET!, S3_IMPORTS_PREFIX);
  firstDir = mkdtempSync(join(tmpdir(), 'shop-imports-first-'));
  secondDir = mkdtempSync(join(tmpdir(), 'shop-imports-second-'));
  const db = await createTestDatabase();
  // One after the other: the first start migrates and seeds the database, the second finds it ready.
  // IMPORT_STORE is not set: it follows MEDIA_STORE=s3.
  first = await startShop({ ...bucketEnv, IMPORT_DIR: firstDir, IMPORT_BATCH_ROWS: BATCH_ROWS }, db);
  second = await startShop({ ...bucketEnv, IMPORT_DIR: secondDir, IMPORT_BATCH_ROWS: BATCH_ROWS }, db);
}, 240_000);

afterAll(async () => {
  await Promise.all([first?.server.stop(), second?.server.stop()]);
  imports?.client.destroy();
});

describe('two servers on one database and one bucket', () => {
  it('serve through one an image uploaded through the other', async () => {
    const cookie = await staffSignIn(first.base, DEMO.productManager.email, DEMO.productManager.password);
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8e2e4a' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'shared.png');
    const response = await fetch(`${first.base}/api/admin/media`, { method: 'POST', headers: { origin: first.base, cookie }, body: form });
    const text = await response.text();
    expect(response.status, text).toBe(201);
    const media = JSON.parse(text) as { url: string };
    const [one, other] = await Promise.all([fetch(`${first.base}${media.url}`), fetch(`${second.base}${media.url}`)]);
    expect([one.status, other.status]).toEqual([200, 200]);
    const hash = async (r: Response) => createHash('sha256').update(Buffer.from(await r.arrayBuffer())).digest('hex');
    expect(await hash(other)).toBe(await hash(one));
  }, 60_000);

  it('start through one a dry run checked through the other: the file is in the bucket under a key, never in a folder of either', async () => {
    const tag = `DRY${Date.now().toString(36).toUpperCase()}`;
    const cookie = await staffSignIn(first.base, DEMO.productManager.email, DEMO.productManager.password);
    const dry = await upload(first, cookie, generated(30, tag), true);
    const checked = await waitFor(first, cookie, dry.id, finished, 60_000);
    expect(checked).toMatchObject({ status: 'completed', dryRun: true, startable: true });
    expect(checked.preview?.length).toBeGreaterThan(0);
    const key = await fileKeyOf(dry.id);
    expect(key).toBe(`${dry.id}.csv`);
    expect(await bucketImports()).toContain(key);
    expect([...readdirSync(firstDir), ...readdirSync(secondDir)]).toEqual([]);

    const otherCookie = await staffSignIn(second.base, DEMO.productManager.email, DEMO.productManager.password);
    // The other server reads the dry run's preview from the bucket too.
    expect((await waitFor(second, otherCookie, dry.id, () => true, 10_000)).preview).toEqual(checked.preview);
    const started = await call(second.base, `/api/admin/imports/${dry.id}/start`, { method: 'POST', cookie: otherCookie });
    expect(started.status).toBe(202);
    const real = importJobSchema.parse(await started.json());
    const done = await waitFor(second, otherCookie, real.id, finished, 60_000);
    expect(done).toMatchObject({ status: 'completed', current: 30 });
    expect(done.result).toMatchObject({ created: 30, failed: 0 });
    await expectExactlyOnce(tag, 30);
    // The file is removed from the bucket once the job that took it ended.
    await expect.poll(bucketImports, { timeout: 10_000 }).not.toContain(key);
  }, 120_000);

  it('store a file larger than one upload part (a multipart upload) and read it back whole, range by range', async () => {
    const tag = `BIG${Date.now().toString(36).toUpperCase()}`;
    const rows = 1_400;
    const long = 'Two coats of graphene primer sanded between coats. '.repeat(76);
    const csv = ['name,description,price,sku,stockQuantity', ...Array.from({ length: rows }, (_, i) => `${tag} Product ${i + 1},${long}${i + 1},12,${tag}-${i + 1},3`)].join('\n') + '\n';
    // Above the 5 MB part size, so the upload goes in two parts and the read in six ranges.
    expect(Buffer.byteLength(csv)).toBeGreaterThan(5 * 1024 * 1024);
    const cookie = await staffSignIn(second.base, DEMO.productManager.email, DEMO.productManager.password);
    const dry = await upload(second, cookie, csv, true);
    const key = await fileKeyOf(dry.id);
    const stored = await imports.head(key);
    expect(stored?.size).toBe(Buffer.byteLength(csv));
    const checked = await waitFor(second, cookie, dry.id, finished, 120_000);
    expect(checked).toMatchObject({ status: 'completed', total: rows, current: rows });
    expect(checked.result).toMatchObject({ created: rows, failed: 0 });
    expect(checked.preview?.[0]?.fields.description).toBe(`${long}1`);
    expect([...readdirSync(firstDir), ...readdirSync(secondDir)]).toEqual([]);
  }, 180_000);

  it('leave to a server that can read the bucket a job whose server cannot: the upload answers 500, the job goes on elsewhere by itself', async () => {
    const tag = `CUT${Date.now().toString(36).toUpperCase()}`;
    const rows = 1_000;
    const closed = `http://127.0.0.1:${await findFreePort()}`;
    const cut = await startShop({ ...bucketEnv, S3_ENDPOINT: closed, IMPORT_DIR: mkdtempSync(join(tmpdir(), 'shop-imports-cut-')), IMPORT_BATCH_ROWS: BATCH_ROWS }, first.db);
    try {
      const cutCookie = await staffSignIn(cut.base, DEMO.productManager.email, DEMO.productManager.password);
      const jobsBefore = await countRows(first.db, 'import_jobs');
      const form = new FormData();
      form.append('file', new Blob([generated(5, `${tag}X`)], { type: 'text/csv' }), 'products.csv');
      const refused = await fetch(`${cut.base}/api/admin/imports`, { method: 'POST', body: form, headers: { origin: cut.base, cookie: cutCookie } });
      expect(refused.status).toBe(500);
      expect(await countRows(first.db, 'import_jobs')).toBe(jobsBefore);

      // A job paused at once through a working server, then resumed through the cut-off one: it runs there first.
      const cookie = await staffSignIn(first.base, DEMO.productManager.email, DEMO.productManager.password);
      const job = await upload(first, cookie, generated(rows, tag));
      expect((await call(first.base, `/api/admin/imports/${job.id}/pause`, { method: 'POST', cookie })).status).toBe(200);
      await expect.poll(async () => (await runSql<{ lease_owner: string | null }>(first.db, `SELECT lease_owner FROM import_jobs WHERE id = ${q(job.id)}`))[0]!.lease_owner, { timeout: 30_000 }).toBeNull();
      expect((await call(cut.base, `/api/admin/imports/${job.id}/resume`, { method: 'POST', cookie: cutCookie })).status).toBe(200);
      const stopped = await cut.server.waitForLog((line) => line.msg === 'import stopped: its file store cannot be read' && line.job === job.id, 30_000);
      expect((stopped.err as { name: string }).name).toBe('ObjectStoreError');
      // Not failed: a server that reads the bucket takes it up and finishes it, nobody pressing anything.
      const done = await waitFor(first, cookie, job.id, finished, 120_000);
      expect(done).toMatchObject({ status: 'completed', current: rows, errorMessage: null });
      expect(done.result).toMatchObject({ created: rows, failed: 0 });
      await expectExactlyOnce(tag, rows);
      await expect.poll(bucketImports, { timeout: 10_000 }).not.toContain(`${job.id}.csv`);
    } finally {
      await cut.server.stop();
    }
  }, 240_000);

  it('finish by the other alone an import whose server was killed, reading the file from the bucket, each row exactly once', async () => {
    const tag = `KILL${Date.now().toString(36).toUpperCase()}`;
    const rows = 6_000;
    const cookie = await staffSignIn(first.base, DEMO.productManager.email, DEMO.productManager.password);
    const job = await upload(first, cookie, generated(rows, tag));
    const key = await fileKeyOf(job.id);
    expect(key).toBe(`${job.id}.csv`);
    expect(await bucketImports()).toContain(key);
    await waitFor(first, cookie, job.id, (j) => j.current >= 300, 60_000);
    first.server.child.kill('SIGKILL');
    await first.server.exited;
    const [atKill] = await runSql<{ current: number; status: string; lease_owner: string | null }>(first.db, `SELECT current, status, lease_owner FROM import_jobs WHERE id = ${q(job.id)}`);
    // Unfinished; still the dead server's, or already seen dead by the other's sweep (same machine: at once).
    expect(['uploading', 'interrupted']).toContain(atKill!.status);
    if (atKill!.status === 'uploading' && !atKill!.lease_owner?.includes(`#${second.server.child.pid}#`)) {
      expect(atKill!.lease_owner).toContain(`#${first.server.child.pid}#`);
    }
    expect(Number(atKill!.current)).toBeLessThan(rows);

    // Nobody presses Resume: the other server's sweep sees the dead process and takes the job up.
    const otherCookie = await staffSignIn(second.base, DEMO.productManager.email, DEMO.productManager.password);
    const done = await waitFor(second, otherCookie, job.id, finished, 240_000);
    expect(done).toMatchObject({ status: 'completed', current: rows });
    expect(done.result).toMatchObject({ created: rows, success: rows, failed: 0 });
    await expectExactlyOnce(tag, rows);
    expect(second.server.logLines().some((l) => l.msg === 'import taken over' && l.job === job.id)).toBe(true);
    // Neither server's folder was used, and the file left the bucket with its job.
    expect([...readdirSync(firstDir), ...readdirSync(secondDir)]).toEqual([]);
    await expect.poll(bucketImports, { timeout: 10_000 }).not.toContain(key);
  }, 400_000);
});
