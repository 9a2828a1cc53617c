import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJobSchema, TEMPLATE_COLUMNS } from '../../src/lib/schemas/admin-imports';
import { call, DEMO, placeOrder, startShop, staffLogin, staffSignIn, type Shop } from './helpers/admin';
import { fetchProducts, setStock } from './helpers/orders';

const METRICS_TOKEN = 'scrape-me-0123456789';

/** One metric family as the parser gives it. */
interface Family {
  name: string;
  type: string;
  metrics: { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string; sum?: string }[];
}

let shop: Shop;

beforeAll(async () => {
  shop = await startShop({ METRICS_TOKEN });
}, 180_000);

afterAll(async () => {
  await shop?.server.stop();
});

/** GET /api/metrics with the token, parsed by a Prometheus text-format parser: families by name. */
async function scrape(): Promise<Map<string, Family>> {
  const response = await fetch(`${shop.base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  const families = parsePrometheusTextFormat(text) as Family[];
  // The parser folds a histogram's series into one without labels (it was written for unlabelled
  // ones): read without their TYPE lines, its _bucket, _count and _sum lines are plain labelled samples.
  const series = parsePrometheusTextFormat(text.replace(/^# TYPE \S+ histogram\n/gm, '')) as Family[];
  // A name met again (a histogram's _bucket lines come per series) adds its samples to the first.
  const byName = new Map<string, Family>(families.map((f) => [f.name, f]));
  const histogramSeries = new Map<string, Family>();
  for (const family of series.filter((f) => !byName.has(f.name))) {
    const known = histogramSeries.get(family.name);
    if (known) known.metrics.push(...family.metrics);
    else histogramSeries.set(family.name, { ...family, metrics: [...family.metrics] });
  }
  return new Map([...byName, ...histogramSeries]);
}

/** The value of the sample of `name` whose labels include `labels` (0 when there is none). */
function valueOf(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  const sample = families.get(name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return sample?.value === undefined ? 0 : Number(sample.value);
}

/** The count of a histogram's series whose labels are `labels`. */
function countOf(families: Map<string, Family>, name: string, labels: Record<string, string>): number {
  return valueOf(families, `${name}_count`, labels);
}

describe('GET /api/metrics', () => {
  it('answers 401 without the token and 404 on a server without METRICS_TOKEN', async () => {
    expect((await fetch(`${shop.base}/api/metrics`)).status).toBe(401);
    expect((await fetch(`${shop.base}/api/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
  });

  it("serves Node's process metrics, the database state and the outbox backlog", async () => {
    const families = await scrape();
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_seconds']) {
      expect(families.has(name), name).toBe(true);
    }
    expect(families.get('shop_database_state')!.type).toBe('GAUGE');
    const ok = families.get('shop_database_state')!.metrics.find((m) => m.labels?.state === 'ok')!;
    expect(ok.value).toBe('1');
    expect(['sqlite', 'postgres']).toContain(ok.labels!.database);
    expect(families.get('shop_mail_queued')!.metrics.map((m) => m.labels!.priority).sort()).toEqual(['bulk', 'normal', 'security'].sort());
    expect(families.get('shop_mail_sent_total')!.type).toBe('COUNTER');
    expect(families.has('shop_mail_oldest_age_seconds')).toBe(true);
  });

  it('counts an order placed, a refused sign-in, import rows by outcome and the requests by route kind and status class', async () => {
    const before = await scrape();
    const product = (await fetchProducts(shop.base)).find((p) => !p.requestQuoteOnly)!;
    await setStock(shop.db, product.id, 50);
    await placeOrder(shop.base, [{ productId: product.id, quantity: 1 }]);
    expect((await staffLogin(shop.base, DEMO.orderManager.email, 'not-the-password')).status).toBe(401);
    expect((await call(shop.base, '/api/auth/login', { body: { email: 'nobody.here@example.com', password: 'whatever-it-is' } })).status).toBe(404);
    const cookie = await staffSignIn(shop.base, DEMO.productManager.email, DEMO.productManager.password);
    const rows = [
      { name: 'Metric Primer', description: 'A primer counted by the metrics.', price: '9.99', sku: `MET-${Date.now().toString(36)}` },
      { name: 'No Price', description: 'This row has no price.', price: '', sku: `MET-${Date.now().toString(36)}-2` },
    ];
    const csv = [TEMPLATE_COLUMNS.join(','), ...rows.map((r) => TEMPLATE_COLUMNS.map((c) => (r as Record<string, string>)[c] ?? '').join(','))].join('\n') + '\n';
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
    const upload = await fetch(`${shop.base}/api/admin/imports`, { method: 'POST', body: form, headers: { origin: shop.base, cookie } });
    expect(upload.status).toBe(202);
    const { id } = importJobSchema.parse(await upload.json());
    await expect
      .poll(async () => importJobSchema.parse(await (await call(shop.base, `/api/admin/imports/${id}`, { cookie })).json()).status, { timeout: 30_000 })
      .toBe('completed');

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('shop_orders_placed_total')).toBe(1);
    expect(moved('shop_signins_refused_total', { area: 'staff', status: '401' })).toBe(1);
    expect(moved('shop_signins_refused_total', { area: 'customer', status: '404' })).toBe(1);
    expect(moved('shop_signins_refused_total', { area: 'staff', status: '404' })).toBe(0);
    expect(moved('shop_import_rows_total', { outcome: 'created' })).toBe(1);
    expect(moved('shop_import_rows_total', { outcome: 'failed' })).toBe(1);

    expect(after.get('shop_http_request_duration_seconds')!.type).toBe('HISTOGRAM');
    const requests = (labels: Record<string, string>) => countOf(after, 'shop_http_request_duration_seconds', labels) - countOf(before, 'shop_http_request_duration_seconds', labels);
    // The order's POST and the catalogue read that found the product.
    expect(requests({ route: 'api', status: '2xx' })).toBeGreaterThanOrEqual(1);
    expect(requests({ route: 'catalogue', status: '2xx' })).toBeGreaterThanOrEqual(1);
    expect(requests({ route: 'sign_in', status: '4xx' })).toBe(2);
    expect(requests({ route: 'sign_in', status: '2xx' })).toBe(1);
    expect(requests({ route: 'admin_api', status: '2xx' })).toBeGreaterThanOrEqual(2);
    // Every series' buckets are cumulative and its +Inf bucket holds every request it counted.
    for (const series of after.get('shop_http_request_duration_seconds_count')!.metrics) {
      const buckets = after.get('shop_http_request_duration_seconds_bucket')!.metrics.filter((m) => m.labels!.route === series.labels!.route && m.labels!.status === series.labels!.status);
      const counts = buckets.sort((a, b) => Number(a.labels!.le) - Number(b.labels!.le)).map((m) => Number(m.value));
      expect(counts.length).toBeGreaterThan(5);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
      expect(buckets.find((m) => m.labels!.le === '+Inf')!.value).toBe(series.value);
    }
  });

  it('counts a page, a product page and a build file under their own kinds', async () => {
    const before = await scrape();
    expect((await fetch(`${shop.base}/about`)).status).toBe(200);
    expect((await fetch(`${shop.base}/shop/dc-heritage-interior-matt-1g`)).status).toBe(200);
    expect((await fetch(`${shop.base}/favicon.svg`)).status).toBe(200);
    const after = await scrape();
    const requests = (route: string) =>
      countOf(after, 'shop_http_request_duration_seconds', { route, status: '2xx' }) - countOf(before, 'shop_http_request_duration_seconds', { route, status: '2xx' });
    expect(requests('page')).toBe(1);
    expect(requests('product_page')).toBe(1);
    expect(requests('asset')).toBe(1);
  });
});
