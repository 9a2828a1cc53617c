import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCatalogCard, type CatalogCard } from '../../../src/lib/catalog/card';
import type { Product } from '../../../src/lib/schemas/catalog';

type CatalogStore = typeof import('../../../src/stores/catalog');

function makeProduct(id: string, overrides: Partial<Product> = {}): Product {
  return {
    id,
    slug: id,
    name: `Product ${id}`,
    sku: `SKU-${id.toUpperCase()}`,
    price: 34.99,
    description: 'A stain-blocking primer that bonds to glossy surfaces.',
    category: 'Zinsser',
    brand: 'Zinsser',
    brandLogo: '/images/generated/logos/zinsser.svg',
    image: `/images/generated/products/${id}.svg`,
    gallery: [],
    inStock: true,
    stockQuantity: 20,
    isEcoFriendly: true,
    isNew: false,
    isPopular: false,
    requestQuoteOnly: false,
    rating: 4.8,
    reviews: 310,
    features: ['Sticks to glossy surfaces without sanding'],
    technicalSpecs: [{ name: 'Recoat', value: '1', unit: 'h' }],
    certifications: [],
    usageInstructions: 'Apply by brush, roller or sprayer.',
    coverage: '300-400 sq ft per gallon',
    finish: 'Primer',
    ...overrides,
  };
}

const primer = toCatalogCard(makeProduct('primer'));
const enamel = toCatalogCard(makeProduct('enamel', { price: 12.5, category: 'Rustoleum', brand: 'Rust-Oleum', finish: 'Gloss' }));
const buildTime: readonly CatalogCard[] = [primer, enamel];
const VERSION = 'Zx81mQ0pT4aB9cD2eF7gH1';

/** A 200 answer carrying a catalogue body. */
function catalogAnswer(products: CatalogCard[]): Response {
  return new Response(JSON.stringify({ products, categories: [], version: VERSION }), {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** Lets pending promise callbacks and zero-delay timers run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A storage whose every use fails the test: the store must not touch storage. */
const forbiddenStorage = new Proxy(
  {},
  {
    get(_target, key) {
      throw new Error(`storage touched: ${String(key)}`);
    },
  },
);

let fetchMock: ReturnType<typeof vi.fn>;
let info: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;
let store: CatalogStore;

beforeEach(async () => {
  // A fresh module per test: the load runs once per page, i.e. once per module instance.
  vi.resetModules();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', forbiddenStorage);
  vi.stubGlobal('sessionStorage', forbiddenStorage);
  info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  error = vi.spyOn(console, 'error');
  store = await import('../../../src/stores/catalog');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('loadLiveCatalog', () => {
  it('fetches /api/catalog/cards once, revalidating the HTTP cache, however often it is called', async () => {
    fetchMock.mockResolvedValue(catalogAnswer([primer, enamel]));
    const first = store.loadLiveCatalog();
    const second = store.loadLiveCatalog();
    expect(second).toBe(first);
    const catalog = await first;
    await store.loadLiveCatalog();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/catalog/cards');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ cache: 'no-cache' });
    expect(catalog?.version).toBe(VERSION);
    expect(store.$liveCatalog.get()?.products).toEqual([primer, enamel]);
  });

  it('keeps null and logs info, not an error, when the server answers 500', async () => {
    fetchMock.mockResolvedValue(new Response('{"error":{"code":"internal"}}', { status: 500 }));
    expect(await store.loadLiveCatalog()).toBeNull();
    expect(store.$liveCatalog.get()).toBeNull();
    expect(info).toHaveBeenCalledTimes(1);
    expect(String(info.mock.calls[0]![0])).toContain('HTTP 500');
    expect(error).not.toHaveBeenCalled();
  });

  it('keeps null when the network fails, and does not try again', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await store.loadLiveCatalog()).toBeNull();
    expect(await store.loadLiveCatalog()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(store.$liveCatalog.get()).toBeNull();
    expect(String(info.mock.calls[0]![0])).toContain('Failed to fetch');
    expect(error).not.toHaveBeenCalled();
  });

  it('keeps null when the answer is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('<!doctype html><title>Proxy error</title>', { status: 200 }));
    expect(await store.loadLiveCatalog()).toBeNull();
    expect(String(info.mock.calls[0]![0])).toContain('not JSON');
  });

  it('keeps null when a product has the wrong shape, naming the field', async () => {
    const broken = { ...primer, price: '34.99' } as unknown as CatalogCard;
    fetchMock.mockResolvedValue(catalogAnswer([enamel, broken]));
    expect(await store.loadLiveCatalog()).toBeNull();
    expect(store.$liveCatalog.get()).toBeNull();
    expect(String(info.mock.calls[0]![0])).toContain('products[1].price');
  });

  it('waits for an idle moment before fetching', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void, options: { timeout: number }) => {
      expect(options.timeout).toBeGreaterThan(0);
      idle.push(cb);
      return idle.length;
    });
    fetchMock.mockResolvedValue(catalogAnswer([primer]));
    const loading = store.loadLiveCatalog();
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]!();
    await loading;
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('waits for the page load event while the document is still loading', async () => {
    const listeners = new Map<string, () => void>();
    vi.stubGlobal('document', { readyState: 'loading' });
    vi.stubGlobal('window', { addEventListener: (type: string, fn: () => void) => listeners.set(type, fn) });
    fetchMock.mockResolvedValue(catalogAnswer([primer]));
    const loading = store.loadLiveCatalog();
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    listeners.get('load')!();
    await loading;
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('reconciledProducts', () => {
  it('gives the build-time list until the live catalogue arrives, then the reconciled one', async () => {
    fetchMock.mockResolvedValue(catalogAnswer([{ ...primer, price: 36.49 }, enamel]));
    const products = store.reconciledProducts(buildTime);
    expect(products.get()).toBe(buildTime);
    const seen: (readonly CatalogCard[])[] = [];
    // Subscribing is what an island's useStore does; it starts the load.
    const stop = products.subscribe((list) => seen.push(list));
    await store.loadLiveCatalog();
    stop();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(buildTime);
    expect(seen[1]!.map((p) => [p.id, p.price])).toEqual([
      ['primer', 36.49],
      ['enamel', 12.5],
    ]);
    expect(seen[1]![1]).toBe(enamel);
  });

  it('does not notify again when the live catalogue equals the build-time one', async () => {
    fetchMock.mockResolvedValue(catalogAnswer([primer, enamel]));
    const calls: (readonly CatalogCard[])[] = [];
    const stop = store.reconciledProducts(buildTime).subscribe((list) => calls.push(list));
    await store.loadLiveCatalog();
    stop();
    expect(store.$liveCatalog.get()).not.toBeNull();
    expect(calls).toEqual([buildTime]);
  });

  it('returns the same store for the same array', () => {
    expect(store.reconciledProducts(buildTime)).toBe(store.reconciledProducts(buildTime));
    expect(store.reconciledCatalog(buildTime)).toBe(store.reconciledCatalog(buildTime));
    expect(store.reconciledProducts([...buildTime])).not.toBe(store.reconciledProducts(buildTime));
  });

  it('reports added, removed and changed products through reconciledCatalog', async () => {
    const primerPlus = makeProduct('primer-plus');
    fetchMock.mockResolvedValue(catalogAnswer([primerPlus, { ...primer, inStock: false, stockQuantity: 0 }]));
    await store.loadLiveCatalog();
    const r = store.reconciledCatalog(buildTime).get();
    expect(r.products.map((p) => p.id)).toEqual(['primer', 'primer-plus']);
    expect(r.removed).toEqual(['enamel']);
    expect(r.added.map((p) => p.id)).toEqual(['primer-plus']);
    expect(r.changed.get('primer')).toEqual({
      inStock: { from: true, to: false },
      stockQuantity: { from: 20, to: 0 },
    });
  });
});

describe('$liveProductsById', () => {
  it('is null until loaded, then indexes the live products', async () => {
    expect(store.$liveProductsById.get()).toBeNull();
    fetchMock.mockResolvedValue(catalogAnswer([primer, enamel]));
    await store.loadLiveCatalog();
    expect(store.$liveProductsById.get()?.get('enamel')?.price).toBe(12.5);
    expect([...store.$liveProductsById.get()!.keys()]).toEqual(['primer', 'enamel']);
  });
});

/** A 200 answer of the look-up carrying whole products (withdrawn ones are simply absent). */
function productsAnswer(products: Product[]): Response {
  return new Response(JSON.stringify({ products }), { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

describe('loadLiveProduct', () => {
  it('asks for the one product (not the catalogue), once per page, and keeps the whole product', async () => {
    const whole = makeProduct('primer', { price: 36.49 });
    fetchMock.mockResolvedValue(productsAnswer([whole]));
    const first = await store.loadLiveProduct('primer', { now: true });
    await store.loadLiveProduct('primer');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/products?ids=primer');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ cache: 'no-cache' });
    expect(first).toEqual(whole);
    expect(store.$liveCatalog.get()).toBeNull();
  });

  it("says 'removed' when the server leaves it out, and null (asked again with now) when the server fails", async () => {
    fetchMock.mockResolvedValueOnce(productsAnswer([]));
    expect(await store.loadLiveProduct('gone', { now: true })).toBe('removed');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 503 }));
    expect(await store.loadLiveProduct('primer', { now: true })).toBeNull();
    fetchMock.mockResolvedValueOnce(productsAnswer([makeProduct('primer')]));
    expect(await store.loadLiveProduct('primer', { now: true })).toMatchObject({ id: 'primer', technicalSpecs: [{ name: 'Recoat' }] });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('keeps null when the product has the wrong shape (a detail field too), naming the field', async () => {
    fetchMock.mockResolvedValue(productsAnswer([{ ...makeProduct('primer'), technicalSpecs: [{ name: 'VOC' }] } as unknown as Product]));
    expect(await store.loadLiveProduct('primer', { now: true })).toBeNull();
    expect(String(info.mock.calls[0]![0])).toContain('products[0].technicalSpecs');
  });
});

describe('loadLiveCards', () => {
  it('asks for the lines together without the catalogue, leaving out the withdrawn ones', async () => {
    fetchMock.mockResolvedValue(productsAnswer([makeProduct('primer', { price: 30 })]));
    const found = await store.loadLiveCards(['primer', 'enamel']);
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/products?ids=primer,enamel']);
    expect([...found!.keys()]).toEqual(['primer']);
    expect(found!.get('primer')!.price).toBe(30);
  });

  it('asks in batches of at most 100 ids', async () => {
    fetchMock.mockImplementation(async () => productsAnswer([]));
    const ids = Array.from({ length: 150 }, (_, i) => `p${i}`);
    expect((await store.loadLiveCards(ids))!.size).toBe(0);
    expect(fetchMock.mock.calls.map((c) => String(c[0]).split(',').length)).toEqual([100, 50]);
  });

  it('is null when the look-up fails, so no line reads as withdrawn', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 500 }));
    expect(await store.loadLiveCards(['primer', 'enamel'])).toBeNull();
  });

  it('reads the live catalogue instead when the page has it', async () => {
    fetchMock.mockResolvedValue(catalogAnswer([primer]));
    await store.loadLiveCatalog({ now: true });
    const found = await store.loadLiveCards(['primer', 'enamel']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect([...found!.keys()]).toEqual(['primer']);
  });
});

describe('applyLiveToCart with public quantity tiers', () => {
  const tiered = toCatalogCard(makeProduct('t', { price: 20, priceTiers: [{ minQuantity: 10, price: 18 }, { minQuantity: 50, price: 15 }] }));
  const line = (quantity: number, price = 20) => ({ product: { id: 't', name: tiered.name, price, image: tiered.image, category: tiered.category }, quantity });

  it('prices a line at the best tier its quantity reaches, from exactly that quantity', () => {
    const byId = new Map([[tiered.id, tiered]]);
    expect([9, 10, 49, 50].map((q) => store.applyLiveToCart([line(q)], byId).lines[0]!.product.price)).toEqual([20, 18, 18, 15]);
  });

  it('goes back to the price when the quantity drops below the tier, and leaves a settled line alone', () => {
    const byId = new Map([[tiered.id, tiered]]);
    expect(store.applyLiveToCart([line(9, 18)], byId).lines[0]!.product.price).toBe(20);
    const settled = [line(10, 18)];
    expect(store.applyLiveToCart(settled, byId).lines).toBe(settled);
  });

  it("counts a product's quantity over its lines in two colours, as the server prices it", () => {
    const byId = new Map([[tiered.id, tiered]]);
    const grey = { ...line(6), colour: { system: 'RAL' as const, code: '7016' } };
    const white = { ...line(4), colour: { system: 'RAL' as const, code: '9010' } };
    expect(store.applyLiveToCart([grey, white], byId).lines.map((l) => l.product.price)).toEqual([18, 18]);
    expect(store.applyLiveToCart([grey, { ...white, quantity: 3 }], byId).lines.map((l) => l.product.price)).toEqual([20, 20]);
  });
});
