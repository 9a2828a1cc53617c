// Content editors and staff share one catalogue (issue #28): content/ is merged into the database at
// every start, per field. Each test works on a scratch copy of the repository's content/ (CONTENT_DIR)
// as an editor would: edit the files, restart, look at the shop; staff work through the back office.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '../../src/lib/schemas/catalog';
import { formatContentJson } from '../../src/server/catalog/catalog.service';
import { call, DEMO, staffSignIn, startShop, type Shop } from './helpers/admin';
import { createTestDatabase, currentLane, ROOT } from './helpers/lane';
import { q } from './helpers/orders';
import { startServer, waitForExit, type TestServer } from './helpers/server';
import { runSql } from './helpers/sql';

const FILE = 'diamond-collection.json';
const A = 'dc-ultra-interior-eggshell-1g';
const B = 'dc-ultra-interior-eggshell-5g';

/** A test that starts servers several times (and runs the export script) on a busy machine. */
const RESTARTS_TIMEOUT_MS = 240_000;
/** The same with a build of the site on top. */
const REBUILD_TIMEOUT_MS = RESTARTS_TIMEOUT_MS + 180_000;

const running: TestServer[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

/** A scratch copy of the repository's content/ folder; returns its path (ending in /content). */
function scratchContent(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'shop-content-')), 'content');
  cpSync(join(ROOT, 'content'), dir, { recursive: true });
  return dir;
}

/** Changes one product of a content file as an editor would, keeping the file's format. */
function editProduct(contentDir: string, id: string, change: (p: Product) => Product): void {
  const path = join(contentDir, 'products', FILE);
  const list = JSON.parse(readFileSync(path, 'utf8')) as Product[];
  writeFileSync(path, formatContentJson(list.map((p) => (p.id === id ? change(p) : p))));
}

/** Starts the shop on `db` with `contentDir` and demo staff; stopped after the test. */
async function start(db: string, contentDir: string): Promise<Shop> {
  const shop = await startShop({ CONTENT_DIR: contentDir }, db);
  running.push(shop.server);
  return shop;
}

/** Stops a shop started by start(). */
async function stop(shop: Shop): Promise<void> {
  running.splice(running.indexOf(shop.server), 1);
  await shop.server.stop();
}

/** The 'content synced' log line of a server's start. */
function syncLine(server: TestServer): Promise<Record<string, unknown>> {
  return server.waitForLog((l) => l.msg === 'content synced', 30_000);
}

/** Products by id through GET /api/products?ids= (the live detail the product pages and islands read). */
async function live(base: string, ...ids: string[]): Promise<Map<string, Product>> {
  const response = await fetch(`${base}/api/products?ids=${ids.join(',')}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { products: Product[] };
  return new Map(body.products.map((p) => [p.id, p]));
}

/** Changes a product's price through the back office as a product manager. */
async function staffSetPrice(shop: Shop, cookie: string, id: string, price: number): Promise<void> {
  const read = await call(shop.base, `/api/admin/products/${id}`, { cookie });
  const product = (await read.json()) as Record<string, unknown>;
  expect(read.status, JSON.stringify(product)).toBe(200);
  const saved = await call(shop.base, `/api/admin/products/${id}`, { method: 'PUT', body: { ...product, price }, cookie });
  expect(saved.status, await saved.clone().text()).toBe(200);
}

interface Conflict {
  id: string;
  productId?: string;
  field: string;
  base: unknown;
  content: unknown;
  live: unknown;
}

async function conflicts(shop: Shop, cookie: string): Promise<Conflict[]> {
  const response = await call(shop.base, '/api/admin/catalog/content-conflicts', { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { conflicts: Conflict[] }).conflicts;
}

/**
 * Builds the site from `contentDir` as npm start's rebuild does (CONTENT_DIR is what the build reads,
 * src/content.config.ts), into a folder of its own; returns the build's folder for SHOP_DIST_DIR.
 */
async function buildSite(contentDir: string): Promise<string> {
  const scratch = mkdtempSync(join(tmpdir(), 'shop-build-'));
  const outDir = join(scratch, 'dist');
  // The server bundle imports its packages by name: they resolve from beside the build.
  symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'));
  const child = spawn(process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: contentDir, ASTRO_OUT_DIR: outDir, ASTRO_CACHE_DIR: join(scratch, 'cache') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const { code } = await waitForExit(child, 180_000);
  expect(code, output.slice(-4000)).toBe(0);
  return outDir;
}

/** Runs `npm run catalog:export` (the tsx script) against a database and content folder. */
async function runExport(db: string, contentDir: string): Promise<string> {
  const child = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'scripts/catalog-export.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: db, CONTENT_DIR: contentDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const { code } = await waitForExit(child, 120_000);
  expect(code, output).toBe(0);
  return output;
}

describe('content sync at start', () => {
  it('applies the editor\u2019s description and other price while keeping the staff\u2019s price; both on one price is a conflict staff decide each way', async () => {
    const db = await createTestDatabase();
    const content = scratchContent();
    let shop = await start(db, content);
    let cookie = await staffSignIn(shop.base, DEMO.productManager.email, DEMO.productManager.password);
    const before = await live(shop.base, A, B);
    const C = 'dc-ultra-interior-flat-1g';
    const D = 'dc-ultra-interior-satin-1g';
    await staffSetPrice(shop, cookie, A, 44.99);
    await staffSetPrice(shop, cookie, C, 45.99);
    await staffSetPrice(shop, cookie, D, 51.99);
    await stop(shop);

    const description = 'Scrubbable eggshell for busy hallways: edited by the content team.';
    editProduct(content, A, (p) => ({ ...p, description }));
    editProduct(content, B, (p) => ({ ...p, price: 244.99 }));
    editProduct(content, C, (p) => ({ ...p, price: 52.99 }));
    editProduct(content, D, (p) => ({ ...p, price: 58.99 }));
    shop = await start(db, content);
    const line = await syncLine(shop.server);
    expect(line).toMatchObject({ products: { updated: 2 }, conflicts: { new: 2, open: 2 } });

    const after = await live(shop.base, A, B, C, D);
    expect(after.get(A)).toMatchObject({ price: 44.99, description });
    expect(after.get(B)!.price).toBe(244.99);
    expect(after.get(C)!.price).toBe(45.99);
    expect(after.get(D)!.price).toBe(51.99);
    expect(before.get(B)!.price).not.toBe(244.99);

    cookie = await staffSignIn(shop.base, DEMO.productManager.email, DEMO.productManager.password);
    const open = await conflicts(shop, cookie);
    const onC = open.find((c) => c.productId === C)!;
    const onD = open.find((c) => c.productId === D)!;
    expect(onC).toMatchObject({ field: 'price', content: 52.99, live: 45.99 });
    expect(onD).toMatchObject({ field: 'price', base: 56.99, content: 58.99, live: 51.99 });
    expect(typeof onC.base).toBe('number');

    // An order manager may not decide.
    const orders = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
    expect((await call(shop.base, `/api/admin/catalog/content-conflicts/${onC.id}`, { body: { take: 'content' }, cookie: orders })).status).toBe(403);
    expect((await call(shop.base, `/api/admin/catalog/content-conflicts/${onC.id}`, { body: { take: 'either' }, cookie })).status).toBe(422);

    expect((await call(shop.base, `/api/admin/catalog/content-conflicts/${onC.id}`, { body: { take: 'content' }, cookie })).status).toBe(204);
    expect((await call(shop.base, `/api/admin/catalog/content-conflicts/${onD.id}`, { body: { take: 'live' }, cookie })).status).toBe(204);
    expect((await call(shop.base, `/api/admin/catalog/content-conflicts/${onD.id}`, { body: { take: 'live' }, cookie })).status).toBe(404);
    const decided = await live(shop.base, C, D);
    expect(decided.get(C)!.price).toBe(52.99);
    expect(decided.get(D)!.price).toBe(51.99);
    expect(await conflicts(shop, cookie)).toEqual([]);
    const audit = await runSql<{ action: string; actor_name: string }>(db, `SELECT action, actor_name FROM audit_log WHERE entity_id IN (${q(C)}, ${q(D)}) AND action = 'product.content_conflict'`);
    expect(audit).toEqual([
      { action: 'product.content_conflict', actor_name: DEMO.productManager.name },
      { action: 'product.content_conflict', actor_name: DEMO.productManager.name },
    ]);
    const contentAudit = await runSql<{ entity_id: string }>(db, `SELECT entity_id FROM audit_log WHERE action = 'content.product.update' AND actor_name = 'content' ORDER BY entity_id`);
    expect(contentAudit.map((r) => r.entity_id)).toEqual([A, B].sort());
  }, RESTARTS_TIMEOUT_MS);

  it('an editor\u2019s change reaches every page type after a restart; after staff edit and export, a restart changes nothing', async () => {
    const db = await createTestDatabase();
    const content = scratchContent();
    let shop = await start(db, content);
    await stop(shop);

    const name = 'Ultra Interior Eggshell Renewed';
    editProduct(content, A, (p) => ({ ...p, name, price: 57.49 }));
    shop = await start(db, content);
    expect(await syncLine(shop.server)).toMatchObject({ products: { updated: 1 } });
    // This build was made from the repository's content/: the server says its pages show that until a rebuild.
    await shop.server.waitForLog((l) => l.level === 'warn' && String(l.msg).startsWith('content is newer than the build') && l.contentDir === content);
    const product = (await live(shop.base, A)).get(A)!;
    expect(product).toMatchObject({ name, price: 57.49 });
    const page = await fetch(`${shop.base}/shop/${product.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(name);
    const cards = (await (await fetch(`${shop.base}/api/catalog/cards`)).json()) as { products: { id: string; name: string; price: number }[] };
    expect(cards.products.find((p) => p.id === A)).toMatchObject({ name, price: 57.49 });
    const catalog = (await (await fetch(`${shop.base}/api/catalog`)).json()) as { products: Product[] };
    expect(catalog.products.find((p) => p.id === A)).toMatchObject({ name, price: 57.49 });

    // The rebuild npm start makes: the pre-rendered category, vendor and shop pages show the change too.
    // Those pages never read the database, so one lane builds (a build is the slowest step here).
    if (currentLane() === 'sqlite') {
      const oldName = 'Diamond Ultra Interior Acrylic Eggshell 1 gal';
      const rebuilt = await buildSite(content);
      const server = await startServer({ env: { DATABASE_URL: db, SHOP_DIST_DIR: rebuilt }, readyTimeoutMs: 120_000 });
      running.push(server);
      for (const path of ['/products/diamond-collection', '/vendors/diamond-collection', '/shop']) {
        const page = await fetch(`${server.url}${path}`);
        expect(page.status, path).toBe(200);
        const html = await page.text();
        expect(html, path).toContain(name);
        expect(html, path).toContain('$57.49');
        expect(html, path).not.toContain(oldName);
      }
      running.splice(running.indexOf(server), 1);
      await server.stop();
    }

    // Staff change a price; the export writes it into content/ and makes it the base.
    const cookie = await staffSignIn(shop.base, DEMO.productManager.email, DEMO.productManager.password);
    await staffSetPrice(shop, cookie, B, 233.33);
    await stop(shop);
    const output = await runExport(db, content);
    expect(output).toContain(FILE);
    const exported = JSON.parse(readFileSync(join(content, 'products', FILE), 'utf8')) as Product[];
    expect(exported.find((p) => p.id === B)!.price).toBe(233.33);
    expect(readFileSync(join(content, 'products', FILE), 'utf8')).toMatch(/"price": 233\.33,/);

    const etag = await runSql<{ n: number }>(db, 'SELECT revision AS n FROM catalog_revision');
    shop = await start(db, content);
    expect(await syncLine(shop.server)).toMatchObject({
      products: { created: 0, updated: 0, withdrawn: 0, restored: 0 },
      categories: { created: 0, updated: 0, removed: 0 },
      conflicts: { new: 0, open: 0 },
    });
    expect(await runSql<{ n: number }>(db, 'SELECT revision AS n FROM catalog_revision')).toEqual(etag);
    expect((await live(shop.base, B)).get(B)!.price).toBe(233.33);
  }, REBUILD_TIMEOUT_MS);

  it(`applies a sync once when ${currentLane() === 'postgres' ? 'three servers' : 'two servers'} start at once on one database`, async () => {
    const db = await createTestDatabase();
    const content = scratchContent();
    const first = await start(db, content);
    await stop(first);
    editProduct(content, A, (p) => ({ ...p, price: 61.11 }));
    editProduct(content, B, (p) => ({ ...p, description: 'Edited once, applied once, whoever starts first.' }));
    const count = currentLane() === 'postgres' ? 3 : 2;
    const servers = await Promise.all(
      Array.from({ length: count }, () => startServer({ env: { DATABASE_URL: db, CONTENT_DIR: content, SHOP_DEMO: '1' }, readyTimeoutMs: 120_000 })),
    );
    running.push(...servers);
    const lines = await Promise.all(servers.map(syncLine));
    expect(lines.map((l) => (l.products as { updated: number }).updated).sort()).toEqual([...Array(count - 1).fill(0), 2]);
    const audit = await runSql<{ entity_id: string }>(db, `SELECT entity_id FROM audit_log WHERE action LIKE 'content.%' ORDER BY entity_id`);
    expect(audit.map((r) => r.entity_id)).toEqual([A, B].sort());
    for (const server of servers) expect((await live(server.url, A)).get(A)!.price).toBe(61.11);
  }, RESTARTS_TIMEOUT_MS);
});
