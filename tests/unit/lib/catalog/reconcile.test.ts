import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../../../src/lib/cart';
import {
  applyLiveToCart,
  indexProductsById,
  isSameCatalog,
  parseLiveCatalog,
  parseLiveProduct,
  reconcileCatalog,
} from '../../../../src/lib/catalog/reconcile';
import { CARD_FIELDS, toCatalogCard } from '../../../../src/lib/catalog/card';
import { rowToCatalogCard } from '../../../../src/server/catalog/catalog-cards';
import { productSchema, type Product } from '../../../../src/lib/schemas/catalog';
import { answerCatalogRequest } from '../../../../src/server/catalog/catalog.http';
import { seedCatalogFromContent } from '../../../../src/server/catalog/catalog.service';
import { CatalogSnapshotCache } from '../../../../src/server/catalog/catalog.snapshot';
import { readProductFiles } from '../../../../src/server/catalog/content-files';
import { openDatabase } from '../../../../src/server/db/connection';
import { migrateToLatest } from '../../../../src/server/db/migrate';

/** A valid product (checked against the real schema below) with `id` and any overrides. */
function makeProduct(id: string, overrides: Partial<Product> = {}): Product {
  return {
    id,
    slug: id,
    name: `Product ${id}`,
    sku: `SKU-${id.toUpperCase()}`,
    price: 58.99,
    description: 'A deep, chalky matt wall paint with a high pigment load.',
    category: 'Decorative Paints',
    brand: 'Diamond Collection',
    brandLogo: '/images/generated/logos/diamond-collection.svg',
    image: `/images/generated/products/${id}.svg`,
    gallery: [`/images/generated/products/${id}-swatch.svg`],
    inStock: true,
    stockQuantity: 69,
    isEcoFriendly: false,
    isNew: false,
    isPopular: true,
    requestQuoteOnly: false,
    rating: 4.5,
    reviews: 1270,
    features: ['Washable matt finish'],
    technicalSpecs: [{ name: 'VOC', value: '< 50', unit: 'g/L' }],
    certifications: ['GREENGUARD Gold'],
    usageInstructions: 'Stir well. Apply two coats by brush or roller.',
    coverage: '350-400 sq ft per gallon',
    finish: 'Matt',
    visual: { kind: 'can', color: '#d8cfc0', colorName: 'Chalk' },
    ...overrides,
  };
}

/** A structurally equal copy, as JSON.parse of the live body gives. */
const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

const a = makeProduct('a');
const b = makeProduct('b', {
  price: 12.5,
  originalPrice: 15,
  priceTiers: [{ minQuantity: 10, price: 11 }],
  family: 'paint-b',
  packSize: { value: 1, unit: 'gal' },
  tintable: true,
  hazard: { pictograms: ['GHS02', 'GHS07'], signalWord: 'Warning', statements: [], ufi: null },
});
const c = makeProduct('c');
const buildTime: readonly Product[] = [a, b, c];

describe('the test fixture', () => {
  it('is a valid product', () => {
    expect(productSchema.safeParse(b).success).toBe(true);
  });
});

describe('reconcileCatalog', () => {
  it('returns the build-time array itself when the live catalogue has the same content', () => {
    const r = reconcileCatalog(buildTime, copy(buildTime));
    expect(r.products).toBe(buildTime);
    expect(r.changed.size).toBe(0);
    expect(r.added).toEqual([]);
    expect(r.removed).toEqual([]);
  });

  it('keeps the build-time object of an unchanged product even when others change', () => {
    const r = reconcileCatalog(buildTime, [copy(a), { ...copy(b), price: 13 }, copy(c)]);
    expect(r.products).not.toBe(buildTime);
    expect(r.products[0]).toBe(a);
    expect(r.products[2]).toBe(c);
    expect(r.products[1]).not.toBe(b);
  });

  it('reports a price rise with both values and shows the live price', () => {
    const r = reconcileCatalog(buildTime, [a, { ...b, price: 13.75 }, c]);
    expect(r.products[1]!.price).toBe(13.75);
    expect(r.changed.get('b')).toEqual({ price: { from: 12.5, to: 13.75 } });
    expect(r.changed.size).toBe(1);
  });

  it('reports a price drop', () => {
    const r = reconcileCatalog(buildTime, [{ ...a, price: 49.99 }, b, c]);
    expect(r.products[0]!.price).toBe(49.99);
    expect(r.changed.get('a')).toEqual({ price: { from: 58.99, to: 49.99 } });
  });

  it('reports an original price that was removed, and the product loses it', () => {
    const { originalPrice: _gone, ...withoutOriginal } = b;
    const r = reconcileCatalog<Product>(buildTime, [a, withoutOriginal, c]);
    expect(r.changed.get('b')).toEqual({ originalPrice: { from: 15, to: undefined } });
    expect(r.products[1]!.originalPrice).toBeUndefined();
  });

  it('reports a product going out of stock (inStock and stockQuantity)', () => {
    const r = reconcileCatalog(buildTime, [a, b, { ...c, inStock: false, stockQuantity: 0 }]);
    expect(r.changed.get('c')).toEqual({
      inStock: { from: true, to: false },
      stockQuantity: { from: 69, to: 0 },
    });
    expect(r.products[2]!.inStock).toBe(false);
  });

  it('reports a product coming back into stock', () => {
    const soldOut = makeProduct('c', { inStock: false, stockQuantity: 0 });
    const r = reconcileCatalog([a, b, soldOut], [a, b, { ...soldOut, inStock: true, stockQuantity: 12 }]);
    expect(r.changed.get('c')).toEqual({
      inStock: { from: false, to: true },
      stockQuantity: { from: 0, to: 12 },
    });
    expect(r.products[2]!.stockQuantity).toBe(12);
  });

  it('reports quote-only, name and image changes', () => {
    const live = { ...a, requestQuoteOnly: true, name: 'Heritage Matt', image: '/media/uploads/a.webp' };
    const r = reconcileCatalog(buildTime, [live, b, c]);
    expect(r.changed.get('a')).toEqual({
      requestQuoteOnly: { from: false, to: true },
      name: { from: 'Product a', to: 'Heritage Matt' },
      image: { from: '/images/generated/products/a.svg', to: '/media/uploads/a.webp' },
    });
  });

  it('takes the live version of a product whose unwatched fields changed, without listing it as changed', () => {
    const live = { ...b, description: 'A rewritten description by staff.' };
    const r = reconcileCatalog(buildTime, [a, live, c]);
    expect(r.products[1]).toBe(live);
    expect(r.changed.has('b')).toBe(false);
  });

  it('leaves out a removed product and keeps the others in build-time order', () => {
    const r = reconcileCatalog(buildTime, [c, a]);
    expect(r.products.map((p) => p.id)).toEqual(['a', 'c']);
    expect(r.removed).toEqual(['b']);
    expect(r.products[0]).toBe(a);
  });

  it('appends added products at the end in live order, never inserting them among shown ones', () => {
    const x = makeProduct('x');
    const y = makeProduct('y');
    const r = reconcileCatalog(buildTime, [y, a, x, b, c]);
    expect(r.products.map((p) => p.id)).toEqual(['a', 'b', 'c', 'y', 'x']);
    expect(r.added).toEqual([y, x]);
    expect(r.removed).toEqual([]);
  });

  it('keeps build-time order when the live catalogue lists products in another order', () => {
    const r = reconcileCatalog(buildTime, [c, b, a]);
    expect(r.products).toBe(buildTime);
  });

  it('uses the first of a repeated live id', () => {
    const r = reconcileCatalog([a], [{ ...a, price: 1 }, { ...a, price: 2 }]);
    expect(r.products[0]!.price).toBe(1);
    expect(r.added).toEqual([]);
  });

  it('treats an optional field holding undefined as absent', () => {
    const withUndefined = [makeProduct('a', { originalPrice: undefined })];
    const r = reconcileCatalog(withUndefined, [copy(a)]);
    expect(r.changed.size).toBe(0);
    expect(r.products).toBe(withUndefined);
  });
});

describe('isSameCatalog', () => {
  it('is true for the same array and for equal content', () => {
    expect(isSameCatalog(buildTime, buildTime)).toBe(true);
    expect(isSameCatalog(buildTime, copy(buildTime))).toBe(true);
  });

  it('is false for a different length, order or value', () => {
    expect(isSameCatalog(buildTime, [a, b])).toBe(false);
    expect(isSameCatalog(buildTime, [b, a, c])).toBe(false);
    expect(isSameCatalog(buildTime, [a, b, { ...c, stockQuantity: 68 }])).toBe(false);
    expect(isSameCatalog(buildTime, [a, b, { ...c, technicalSpecs: [{ name: 'VOC', value: '< 50' }] }])).toBe(false);
  });
});

describe('applyLiveToCart', () => {
  const line = (p: Product, quantity: number, price = p.price): CartLine => ({
    product: { id: p.id, name: p.name, price, image: p.image, category: p.category },
    quantity,
  });

  it('returns the same lines array when every line is current and orderable', () => {
    const lines = [line(a, 2), line(b, 1)];
    const result = applyLiveToCart(lines, indexProductsById(buildTime));
    expect(result.lines).toBe(lines);
    expect(result.problems).toEqual([]);
    expect(result.repriced).toEqual([]);
  });

  it('re-prices a line and reports the old and new price', () => {
    const lines = [line(a, 2, 61.5), line(b, 1)];
    const result = applyLiveToCart(lines, indexProductsById(buildTime));
    expect(result.lines[0]!.product.price).toBe(58.99);
    expect(result.lines[0]!.quantity).toBe(2);
    expect(result.lines[1]).toBe(lines[1]);
    expect(result.repriced).toEqual([{ productId: 'a', from: 61.5, to: 58.99 }]);
    expect(result.problems).toEqual([]);
  });

  it('updates the snapshot name and image to the live ones', () => {
    const lines = [line(a, 1)];
    const live = indexProductsById([{ ...a, name: 'Heritage Matt', image: '/media/uploads/a.webp' }]);
    expect(applyLiveToCart(lines, live).lines[0]!.product).toEqual({
      id: 'a',
      name: 'Heritage Matt',
      price: 58.99,
      image: '/media/uploads/a.webp',
      category: 'Decorative Paints',
    });
  });

  it('keeps the line of a removed product and lists it as removed', () => {
    const lines = [line(a, 1), line(b, 3)];
    const result = applyLiveToCart(lines, indexProductsById([a, c]));
    expect(result.lines).toBe(lines);
    expect(result.problems).toEqual([{ productId: 'b', reason: 'removed' }]);
  });

  it('keeps the line of a removed product, unchanged, beside re-priced lines', () => {
    const lines = [line(a, 1, 61.5), line(b, 3)];
    const result = applyLiveToCart(lines, indexProductsById([a]));
    expect(result.lines.map((l) => [l.product.id, l.product.price, l.quantity])).toEqual([
      ['a', 58.99, 1],
      ['b', 12.5, 3],
    ]);
    expect(result.lines[1]).toBe(lines[1]);
    expect(result.problems).toEqual([{ productId: 'b', reason: 'removed' }]);
  });

  it('keeps the line of a product gone out of stock and lists it', () => {
    const lines = [line(c, 1)];
    const result = applyLiveToCart(lines, indexProductsById([{ ...c, inStock: false, stockQuantity: 0 }]));
    expect(result.lines).toEqual(lines);
    expect(result.problems).toEqual([{ productId: 'c', reason: 'out-of-stock' }]);
  });

  it('lists a line of a product now sold by quotation only', () => {
    const result = applyLiveToCart([line(a, 1)], indexProductsById([{ ...a, requestQuoteOnly: true }]));
    expect(result.problems).toEqual([{ productId: 'a', reason: 'quote-only' }]);
  });

  it('lists a line asking for more units than are on hand, with the number available, without cutting it', () => {
    const result = applyLiveToCart([line(a, 5)], indexProductsById([{ ...a, stockQuantity: 3 }]));
    expect(result.problems).toEqual([{ productId: 'a', reason: 'short', available: 3 }]);
    expect(result.lines[0]!.quantity).toBe(5);
  });

  it('has no problem for a line of a product back in stock', () => {
    const result = applyLiveToCart([line(c, 2)], indexProductsById([{ ...c, inStock: true, stockQuantity: 2 }]));
    expect(result.problems).toEqual([]);
  });
});

describe('parseLiveCatalog', () => {
  const category = {
    id: 'diamond-collection',
    name: 'Diamond Collection',
    description: 'Our own range.',
    image: '/images/generated/brands/diamond-collection.svg',
    icon: 'Package',
    featured: true,
    gradient: 'linear-gradient(135deg, #0f2b46, #1d6fa5)',
    order: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  const body = () => copy({ products: [a, b], categories: [category], version: 'k3Jx9QpX2mN8vL1aB4cD7e' });

  it('accepts a well-formed body and keeps exactly the card fields of each product', () => {
    const raw = body();
    (raw.products[0] as Record<string, unknown>).internalNote = 'staff only';
    const parsed = parseLiveCatalog(raw);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.catalog.version).toBe('k3Jx9QpX2mN8vL1aB4cD7e');
    expect(parsed.catalog.products).toEqual([toCatalogCard(a), toCatalogCard(b)]);
    expect(Object.keys(parsed.catalog.products[0]!).sort()).toEqual(CARD_FIELDS.filter((f) => !['originalPrice', 'priceTiers', 'family', 'packSize', 'tintable', 'pictograms'].includes(f)).sort());
    expect(Object.keys(parsed.catalog.products[1]!).sort()).toEqual([...CARD_FIELDS].sort());
    expect(parsed.catalog.categories).toEqual([category]);
    expect(isSameCatalog(parsed.catalog.products, [a, b].map(toCatalogCard))).toBe(true);
  });

  it('accepts cards, which carry none of the detail fields', () => {
    const raw = { ...body(), products: [a, b].map(toCatalogCard) };
    expect(parseLiveCatalog(copy(raw)).ok).toBe(true);
  });

  it('accepts a product without the optional fields', () => {
    const raw = body();
    const p = raw.products[0] as Record<string, unknown>;
    delete p.stockQuantity;
    delete p.visual;
    delete p.originalPrice;
    expect(parseLiveCatalog(raw).ok).toBe(true);
  });

  it('names the first bad field', () => {
    const cases: [(raw: ReturnType<typeof body>) => void, string][] = [
      [(r) => ((r.products[1] as Record<string, unknown>).price = '12.50'), 'products[1].price'],
      [(r) => ((r.products[0] as Record<string, unknown>).inStock = 'yes'), 'products[0].inStock'],
      [(r) => ((r.products[0] as Record<string, unknown>).stockQuantity = 2.5), 'products[0].stockQuantity'],
      [(r) => ((r.products[0] as Record<string, unknown>).category = 'Unknown Brand'), 'products[0].category'],
      [(r) => ((r.products[0] as Record<string, unknown>).features = [3]), 'products[0].features'],
      [(r) => ((r.products[0] as Record<string, unknown>).finish = 'Sparkly'), 'products[0].finish'],
      [(r) => ((r.products[1] as Record<string, unknown>).id = ''), 'products[1].id'],
      [(r) => ((r.categories[0] as Record<string, unknown>).name = 7), 'categories[0]'],
      [(r) => ((r as Record<string, unknown>).version = undefined), 'version'],
      [(r) => ((r as Record<string, unknown>).products = {}), 'products'],
    ];
    for (const [spoil, problem] of cases) {
      const raw = body();
      spoil(raw);
      expect(parseLiveCatalog(raw)).toEqual({ ok: false, problem });
    }
  });

  it('rejects a body that is not an object', () => {
    expect(parseLiveCatalog(null)).toEqual({ ok: false, problem: 'body is not an object' });
    expect(parseLiveCatalog([])).toEqual({ ok: false, problem: 'body is not an object' });
  });
});

describe('parseLiveProduct', () => {
  it('keeps exactly the schema fields of a whole product', () => {
    const raw = copy(a) as Record<string, unknown>;
    raw.internalNote = 'staff only';
    expect(parseLiveProduct(raw)).toEqual({ ok: true, product: a });
  });

  it('names the first bad field, the detail fields too, and refuses a card', () => {
    expect(parseLiveProduct({ ...copy(a), gallery: [3] })).toEqual({ ok: false, problem: 'gallery' });
    expect(parseLiveProduct({ ...copy(a), technicalSpecs: [{ name: 'VOC' }] })).toEqual({ ok: false, problem: 'technicalSpecs' });
    expect(parseLiveProduct({ ...copy(a), price: '1' })).toEqual({ ok: false, problem: 'price' });
    expect(parseLiveProduct(toCatalogCard(a))).toEqual({ ok: false, problem: 'brandLogo' });
    expect(parseLiveProduct(null)).toEqual({ ok: false, problem: 'body is not an object' });
  });
});

describe('toCatalogCard', () => {
  it('keeps the card fields in order, optional ones only when set, and none of the detail', () => {
    expect(Object.keys(toCatalogCard(b))).toEqual([...CARD_FIELDS]);
    expect(Object.keys(toCatalogCard(a))).toEqual(CARD_FIELDS.filter((f) => !['originalPrice', 'priceTiers', 'family', 'packSize', 'tintable', 'pictograms'].includes(f)));
    expect(toCatalogCard(b).pictograms).toEqual(['GHS02', 'GHS07']);
    expect(toCatalogCard({ ...a, tintable: false })).toEqual(toCatalogCard(a));
    expect(toCatalogCard({ ...a, family: null, hazard: { pictograms: [], signalWord: null, statements: [{ code: 'EUH208', text: 'x' }], ufi: null } })).toEqual(toCatalogCard(a));
    const card = toCatalogCard(a) as Record<string, unknown>;
    for (const f of ['brandLogo', 'gallery', 'technicalSpecs', 'usageInstructions', 'coverage', 'visual']) expect(card[f]).toBeUndefined();
    expect(toCatalogCard(toCatalogCard(a))).toEqual(toCatalogCard(a));
  });
});

describe('against the real server', () => {
  it('reads the whole catalogue of GET /api/catalog as cards too, finding nothing to change in a freshly seeded shop', async () => {
    const root = new URL('../../../../', import.meta.url).pathname;
    const handle = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'reconcile-db-')), 'shop.db') });
    try {
      await migrateToLatest(handle.db);
      await seedCatalogFromContent(handle.db, join(root, 'content'));
      const answer = await answerCatalogRequest(handle.db, new CatalogSnapshotCache(), {
        ifNoneMatch: null,
        acceptEncoding: null,
        head: false,
      });
      const parsed = parseLiveCatalog(JSON.parse(answer.body!.toString('utf8')));
      expect(parsed.ok && parsed.catalog.categories.length).toBe(9);
      if (!parsed.ok) return;
      // The build-time catalogue as the shop page embeds it: the content files, in catalogue order.
      const pageCatalogue = readProductFiles(root).map(({ product }) => toCatalogCard(product));
      const r = reconcileCatalog(pageCatalogue, parsed.catalog.products);
      expect(r.products).toBe(pageCatalogue);
      expect([r.changed.size, r.added.length, r.removed.length]).toEqual([0, 0, 0]);
    } finally {
      await handle.close();
    }
  });

  it('accepts the cards the server sends and finds nothing to change against the cards the pages are built with', async () => {
    const root = new URL('../../../../', import.meta.url).pathname;
    const handle = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'reconcile-db-')), 'shop.db') });
    try {
      await migrateToLatest(handle.db);
      await seedCatalogFromContent(handle.db, join(root, 'content'));
      const answer = await answerCatalogRequest(handle.db, new CatalogSnapshotCache({ project: rowToCatalogCard }), {
        ifNoneMatch: null,
        acceptEncoding: null,
        head: false,
      });
      const parsed = parseLiveCatalog(JSON.parse(answer.body!.toString('utf8')));
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      const pageCards = readProductFiles(root).map(({ product }) => toCatalogCard(product));
      const r = reconcileCatalog(pageCards, parsed.catalog.products);
      expect(r.products).toBe(pageCards);
      expect([r.changed.size, r.added.length, r.removed.length]).toEqual([0, 0, 0]);
    } finally {
      await handle.close();
    }
  });
});
