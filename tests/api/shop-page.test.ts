// The shop page of a products-view URL (src/server/catalog/shop-page.ts): the server sends the
// pre-rendered /shop with the query's first cards in the products view's frame and its first page
// of results in a JSON data block, so the first screenful is in the HTML. Expectations are
// computed from GET /api/catalog/results (itself checked against the worker's query in
// catalog-results.test.ts), never written down as numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_CARDS } from '../../src/components/shop/product-list';
import { FIRST_RESULTS_ID, type CatalogResultsAnswer } from '../../src/lib/catalog/results';
import { PRODUCT_LIST_PAGE_SIZE } from '../../src/lib/constants';
import { baseUrl, rawRequest } from './helpers/http';
import { createTestDatabase } from './helpers/lane';
import { orderBody, postOrder } from './helpers/orders';
import { startServer, type TestServer } from './helpers/server';

/** A page read without compression. */
async function pageOf(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; html: string }> {
  const response = await rawRequest(url, { headers: { 'accept-encoding': 'identity', ...headers } });
  return { status: response.status, headers: response.headers, html: response.body.toString('utf8') };
}

/** The first page of results a query has, as GET /api/catalog/results answers it. */
async function resultsOf(origin: string, query: string): Promise<CatalogResultsAnswer> {
  const response = await fetch(`${origin}/api/catalog/results?${query}${query ? '&' : ''}limit=${PRODUCT_LIST_PAGE_SIZE}`);
  return (await response.json()) as CatalogResultsAnswer;
}

/** The data block's answer in a page. */
function dataBlockOf(html: string): CatalogResultsAnswer | undefined {
  const match = new RegExp(`<script type="application/json" id="${FIRST_RESULTS_ID}">([\\s\\S]*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as CatalogResultsAnswer) : undefined;
}

/** The names of the cards in the frame's list, in order. */
function frameCardNames(html: string): string[] {
  // The frame's list ends where the div it hides begins (a card's own lists, such as its badges, end inside it).
  const list = /<ul data-shop-first-cards=""[^>]*>([\s\S]*?)<\/ul><div class="\[\[data-shop-first-cards\]/.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<h3[^>]*><a [^>]*>([^<]*)<\/a><\/h3>/g)].map((m) => m[1]!.replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/&quot;/g, '"'));
}

describe('the shop page of a products-view URL', () => {
  it("carries the query's first cards in the frame and its first page of results in a data block", async () => {
    const query = 'category=Zinsser&sort=price-low';
    const page = await pageOf(`${baseUrl()}/shop?view=products&${query}`);
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(page.html).toMatch(/^<!DOCTYPE html><html data-shop-view="products" /);
    const expected = await resultsOf(baseUrl(), query);
    expect(expected.total).toBeGreaterThan(1);
    expect(dataBlockOf(page.html)).toEqual(expected);
    expect(frameCardNames(page.html)).toEqual(expected.results.slice(0, FIRST_CARDS).map((p) => p.name));
    // The rest of the page is the pre-rendered /shop's.
    const bare = await pageOf(`${baseUrl()}/shop`);
    expect(page.html).toContain(bare.html.slice(bare.html.indexOf('<main'), bare.html.indexOf('<main') + 200));
    expect(page.headers['content-security-policy']).toBe(bare.headers['content-security-policy']);
  });

  it('writes no "<" of the catalogue into the data block, so no text can close its script element', async () => {
    const page = await pageOf(`${baseUrl()}/shop?view=products&q=${encodeURIComponent('</script><script>alert(1)</script>')}`);
    expect(page.status).toBe(200);
    const block = new RegExp(`<script type="application/json" id="${FIRST_RESULTS_ID}">([\\s\\S]*?)</script>`).exec(page.html)![1]!;
    expect(block).not.toContain('<');
    expect(dataBlockOf(page.html)?.key).toBe(new URLSearchParams({ q: '</script><script>alert(1)</script>' }).toString());
  });

  it('sends the static page for a bare /shop, the categories view and the list layout', async () => {
    const bare = await pageOf(`${baseUrl()}/shop`);
    for (const query of ['', '?view=categories', '?view=products&layout=list', '?category=Zinsser']) {
      const page = await pageOf(`${baseUrl()}/shop${query}`);
      expect(page.html, query).toBe(bare.html);
      expect(dataBlockOf(page.html), query).toBeUndefined();
    }
  });

  it('sends a strong ETag per encoding and answers 304 to it; HEAD has the headers alone', async () => {
    const url = `${baseUrl()}/shop?view=products&category=Rustoleum`;
    const first = await rawRequest(url, { headers: { 'accept-encoding': 'br' } });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+-br"$/);
    const again = await rawRequest(url, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const gzip = await rawRequest(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).not.toBe(etag);
    const other = await rawRequest(`${baseUrl()}/shop?view=products&category=Zinsser`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(other.status).toBe(200);
    const head = await rawRequest(url, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.etag).toBe(etag);
  });

  describe('after a sale', () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startServer({ env: { DATABASE_URL: await createTestDatabase(), ORDER_LIMIT_PER_HOUR: '1000' } });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("shows the sold product's live stock, and the page's old ETag no longer matches", async () => {
      const url = `${server.url}/shop?view=products`;
      const before = await rawRequest(url, { headers: { 'accept-encoding': 'gzip' } });
      const sold = dataBlockOf((await pageOf(url)).html)!.results[0]!;
      const order = await postOrder(server.url, orderBody([{ productId: sold.id, quantity: 2 }]));
      expect(order.status).toBe(201);
      const after = await rawRequest(url, { headers: { 'accept-encoding': 'gzip', 'if-none-match': String(before.headers.etag) } });
      expect(after.status).toBe(200);
      const block = dataBlockOf((await pageOf(url)).html)!;
      expect(block).toEqual(await resultsOf(server.url, ''));
      expect(block.results.find((p) => p.id === sold.id)?.stockQuantity).toBe((sold.stockQuantity ?? 0) - 2);
    });
  });
});
