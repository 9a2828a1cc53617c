// Imports that resume by themselves (issue #29, item 2 and the probe's defect 4): a job whose
// process died is taken up by another server on the same database (or the same one restarted), with
// nobody pressing Resume, each row written exactly once; a paused job waits for a person.
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { importJobSchema, TEMPLATE_COLUMNS, type ImportJob } from '../../src/lib/schemas/admin-imports';
import { call, countRows, DEMO, startShop, staffSignIn } from './helpers/admin';
import { q } from './helpers/orders';
import { startServer } from './helpers/server';
import { runSql } from './helpers/sql';

/** Small batches, so a kill lands mid-import on a fast machine too. */
const BATCH_ROWS = '100';

/** A template CSV of `n` generated products whose SKUs start with `tag`. */
function generated(n: number, tag: string): string {
  const columns = ['name', 'description', 'price', 'sku', 'stockQuantity'];
  expect(columns.every((c) => (TEMPLATE_COLUMNS as readonly string[]).includes(c))).toBe(true);
  const rows = Array.from({ length: n }, (_, i) => [`${tag} Product ${i + 1}`, `Generated product number ${i + 1}.`, String(1 + (i % 50)), `${tag}-${i + 1}`, '3']);
  return [columns.join(','), ...rows.map((r) => r.join(','))].join('\n') + '\n';
}

/** Uploads a CSV as a product manager; returns the running job. */
async function upload(base: string, cookie: string, csv: string): Promise<ImportJob> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
  const response = await fetch(`${base}/api/admin/imports`, { method: 'POST', body: form, headers: { origin: base, cookie } });
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(202);
  return importJobSchema.parse(json);
}

/** Polls a job until `done` holds; fails after `ms`. */
async function waitFor(base: string, cookie: string, id: string, done: (job: ImportJob) => boolean, ms: number): Promise<ImportJob> {
  const deadline = Date.now() + ms;
  for (;;) {
    const response = await call(base, `/api/admin/imports/${id}`, { cookie });
    expect(response.status).toBe(200);
    const job = importJobSchema.parse(await response.json());
    if (done(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} never got there in ${ms} ms: ${JSON.stringify({ status: job.status, current: job.current, total: job.total })}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const finished = (job: ImportJob) => ['completed', 'error', 'cancelled'].includes(job.status);

/** Each SKU of the tag exactly once, `rows` in all. */
async function expectExactlyOnce(db: string, tag: string, rows: number): Promise<void> {
  expect(await countRows(db, 'products', `sku LIKE '${tag}-%'`)).toBe(rows);
  const [dupes] = await runSql<{ n: number }>(db, `SELECT COUNT(*) AS n FROM (SELECT sku FROM products WHERE sku LIKE '${tag}-%' GROUP BY sku HAVING COUNT(*) > 1) d`);
  expect(Number(dupes!.n)).toBe(0);
}

describe('a server killed in the middle of an import', () => {
  it('has its job finished by another server on the same database by itself, each row exactly once', async () => {
    const own = await startShop({ IMPORT_BATCH_ROWS: BATCH_ROWS });
    const tag = `TAKE${Date.now().toString(36).toUpperCase()}`;
    const rows = 6_000;
    const cookie = await staffSignIn(own.base, DEMO.productManager.email, DEMO.productManager.password);
    const job = await upload(own.base, cookie, generated(rows, tag));
    await waitFor(own.base, cookie, job.id, (j) => j.current >= 300, 60_000);
    own.server.child.kill('SIGKILL');
    await own.server.exited;
    const [atKill] = await runSql<{ current: number; status: string }>(own.db, `SELECT current, status FROM import_jobs WHERE id = ${q(job.id)}`);
    expect(atKill!.status).toBe('uploading');
    expect(Number(atKill!.current)).toBeLessThan(rows);

    const other = await startServer({ env: { DATABASE_URL: own.db, SHOP_DEMO: '1', IMPORT_BATCH_ROWS: BATCH_ROWS }, readyTimeoutMs: 120_000 });
    try {
      const otherCookie = await staffSignIn(other.url, DEMO.productManager.email, DEMO.productManager.password);
      // Nobody presses Resume: the other server sees the dead process at once and takes the job up.
      const moving = await waitFor(other.url, otherCookie, job.id, (j) => j.current > Number(atKill!.current) || finished(j), 15_000);
      expect(moving.status).not.toBe('interrupted');
      const [held] = await runSql<{ lease_owner: string | null }>(own.db, `SELECT lease_owner FROM import_jobs WHERE id = ${q(job.id)}`);
      if (!finished(moving)) expect(held!.lease_owner).toContain(`#${other.child.pid}#`);
      const done = await waitFor(other.url, otherCookie, job.id, finished, 180_000);
      expect(done).toMatchObject({ status: 'completed', current: rows });
      expect(done.result).toMatchObject({ created: rows, success: rows, failed: 0 });
      await expectExactlyOnce(own.db, tag, rows);
      expect(other.logLines().some((l) => l.msg === 'import taken over' && l.job === job.id)).toBe(true);
      // Audited as the system's, with the row it went on after.
      const audited = await runSql<{ actor_id: string | null; actor_name: string; after_json: string }>(own.db, `SELECT actor_id, actor_name, after_json FROM audit_log WHERE action = 'import.take_over' AND entity_id = ${q(job.id)}`);
      expect(audited).toHaveLength(1);
      expect(audited[0]).toMatchObject({ actor_id: null, actor_name: 'System' });
      expect(JSON.parse(audited[0]!.after_json)).toMatchObject({ status: 'uploading' });
    } finally {
      await other.stop();
    }
  }, 400_000);
});

describe('a job held by a process that is gone', () => {
  it('is taken over at once when the holder had this process id (a restart in a container gets the same pid), and when its lease ran out on another machine; a paused job waits for Resume', async () => {
    const shop = await startShop({ IMPORT_BATCH_ROWS: BATCH_ROWS });
    try {
      const cookie = await staffSignIn(shop.base, DEMO.productManager.email, DEMO.productManager.password);
      const pid = shop.server.child.pid!;
      /** A job of `rows` rows paused as soon as it starts (within its first batch), its lease released. */
      const pausedJob = async (tag: string, rows: number) => {
        const job = await upload(shop.base, cookie, generated(rows, tag));
        expect((await call(shop.base, `/api/admin/imports/${job.id}/pause`, { method: 'POST', cookie })).status).toBe(200);
        await expect.poll(async () => (await runSql<{ lease_owner: string | null }>(shop.db, `SELECT lease_owner FROM import_jobs WHERE id = ${q(job.id)}`))[0]!.lease_owner, { timeout: 30_000 }).toBeNull();
        return job;
      };

      // A lease of an earlier process that had this server's pid (killed, restarted with the same pid), valid for another minute.
      const sameTag = `PID${Date.now().toString(36).toUpperCase()}`;
      const samePid = await pausedJob(sameTag, 2_000);
      const until = new Date(Date.now() + 60_000).toISOString();
      await runSql(shop.db, `UPDATE import_jobs SET status = 'uploading', lease_owner = ${q(`${hostname()}#${pid}#0badc0de`)}, lease_expires_at = ${q(until)} WHERE id = ${q(samePid.id)}`);
      const took = await waitFor(shop.base, cookie, samePid.id, (j) => finished(j), 30_000);
      expect(took.result).toMatchObject({ created: 2_000, failed: 0 });
      await expectExactlyOnce(shop.db, sameTag, 2_000);

      // A lease of a process on another machine that ran out a second ago.
      const farTag = `FAR${Date.now().toString(36).toUpperCase()}`;
      const far = await pausedJob(farTag, 2_000);
      const expired = new Date(Date.now() - 1_000).toISOString();
      await runSql(shop.db, `UPDATE import_jobs SET status = 'uploading', lease_owner = 'another-machine#4242#cafe0001', lease_expires_at = ${q(expired)} WHERE id = ${q(far.id)}`);
      const farDone = await waitFor(shop.base, cookie, far.id, finished, 30_000);
      expect(farDone.result).toMatchObject({ created: 2_000, failed: 0 });
      await expectExactlyOnce(shop.db, farTag, 2_000);

      // Paused by a person: no server resumes it by itself; Resume does.
      const heldTag = `HELD${Date.now().toString(36).toUpperCase()}`;
      const paused = await pausedJob(heldTag, 2_000);
      await new Promise((r) => setTimeout(r, 7_000));
      const still = await waitFor(shop.base, cookie, paused.id, () => true, 1_000);
      expect(still.status).toBe('paused');
      expect((await call(shop.base, `/api/admin/imports/${paused.id}/resume`, { method: 'POST', cookie })).status).toBe(200);
      expect((await waitFor(shop.base, cookie, paused.id, finished, 60_000)).result).toMatchObject({ created: 2_000, failed: 0 });
      await expectExactlyOnce(shop.db, heldTag, 2_000);
    } finally {
      await shop.server.stop();
    }
  }, 300_000);
});
