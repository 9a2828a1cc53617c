import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './helpers/lane';
import { fetchProducts, orderBody, postOrder, readStock, setStock, type CatalogProduct } from './helpers/orders';
import { startServer, type TestServer } from './helpers/server';

let db: string;
let server: TestServer;
let base: string;
let product: CatalogProduct;

/** The server's log lines saying it built a catalogue snapshot. */
const builds = () => server.logLines().filter((line) => line.msg === 'catalogue snapshot built');

/** Waits (up to 10 s) until the server has written `count` build lines (stdout arrives a little after the answer, seconds on a loaded machine). */
async function waitForBuilds(count: number): Promise<void> {
  for (let i = 0; i < 500 && builds().length < count; i += 1) await new Promise((r) => setTimeout(r, 20));
}

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startServer({ env: { DATABASE_URL: db, LOG_LEVEL: 'debug', ORDER_LIMIT_PER_HOUR: '100000', ORDER_PENDING_MAX: '100000' } });
  base = server.url;
  product = (await fetchProducts(base)).find((p) => !p.requestQuoteOnly && p.inStock)!;
  await setStock(db, product.id, 40);
});
afterAll(async () => {
  await server?.stop();
});

describe('GET /api/catalog while orders come in', () => {
  it('makes the catalogue once, from the sale itself, for 30 concurrent requests after it, with the stock number patched in', async () => {
    const before = await fetch(`${base}/api/catalog`, { headers: { 'accept-encoding': 'gzip' } });
    const oldEtag = before.headers.get('etag')!;
    await waitForBuilds(1);
    const built = builds().length;

    expect((await postOrder(base, orderBody([{ productId: product.id, quantity: 3 }]))).status).toBe(201);
    expect((await readStock(db, product.id)).stock_quantity).toBe(37);

    const encodings = ['gzip', 'br', 'identity'];
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => fetch(`${base}/api/catalog`, { headers: { 'accept-encoding': encodings[i % 3]!, 'if-none-match': oldEtag } })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(30).fill(200));
    const versions = new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as { version: string }).version)));
    expect(versions.size).toBe(1);

    await waitForBuilds(built + 1);
    await new Promise((r) => setTimeout(r, 100));
    const after = builds().slice(built);
    expect(after).toHaveLength(1);
    // One product serialised again, one run of products hashed and compressed again, from the
    // order's own row as it committed: no read of the database (the revision read aside).
    expect(after[0]).toMatchObject({ source: 'own change', reserialised: 1, rechunked: 1 });

    const fresh = await fetch(`${base}/api/catalog`, { headers: { 'accept-encoding': 'gzip' } });
    // fetch undoes the gzip itself.
    const catalogue = (await fresh.json()) as { products: CatalogProduct[]; version: string };
    expect(catalogue.version).toBe([...versions][0]);
    expect(catalogue.products.find((p) => p.id === product.id)?.stockQuantity).toBe(37);
    const revalidated = await fetch(`${base}/api/catalog`, { headers: { 'accept-encoding': 'gzip', 'if-none-match': fresh.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);
    expect(builds()).toHaveLength(built + 1);
  });

  it('has a stock number set straight in the database, by a writer that did not move the row version, in the next answer', async () => {
    await fetch(`${base}/api/catalog`);
    const built = builds().length;
    await setStock(db, product.id, 5);
    const catalogue = (await (await fetch(`${base}/api/catalog`, { headers: { 'accept-encoding': 'gzip' } })).json()) as { products: CatalogProduct[] };
    expect(catalogue.products.find((p) => p.id === product.id)?.stockQuantity).toBe(5);
    // A change of another writer is read from the database.
    await waitForBuilds(built + 1);
    expect(builds().slice(built)).toMatchObject([{ source: 'database', reserialised: 1 }]);
    const raw = await fetch(`${base}/api/catalog`, { headers: { 'accept-encoding': 'identity' } });
    expect(((await raw.json()) as { products: CatalogProduct[] }).products.find((p) => p.id === product.id)?.stockQuantity).toBe(5);
  });
});
