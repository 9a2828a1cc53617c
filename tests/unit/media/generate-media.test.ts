import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { optimize } from 'svgo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeProduct, renderDetail, renderProductMain, renderSwatch } from '../../../src/lib/product-art/products.mjs';

const repo = join(import.meta.dirname, '..', '..', '..');
const script = join(repo, 'scripts', 'generate-media.mjs');

const SCENES = [
  'shop-hero-1', 'shop-hero-2', 'shop-hero-3', 'shop-hero-4', 'swatch-wall', 'paint-drip', 'roller-texture',
  'brush-stroke', 'floor-epoxy', 'floor-polyurethane', 'floor-flake', 'spray-airless', 'spray-hvlp', 'spray-air',
  'spray-accessories', 'project-commercial', 'project-residential', 'wood-grain', 'industrial-steel', 'organic-leaf',
  'traditional-heritage', 'sustainability-forest', 'global-map', 'atelier-oslo', 'atelier-new-york', 'atelier-london',
  'lab-testing', 'team-craft',
];

/** A product as the content files write it, with the fields the generator reads. */
function makeProduct(i: number, over: Record<string, unknown>) {
  return {
    id: `t${i}`,
    slug: `test-product-${i}`,
    name: `Test Product ${i}`,
    sku: `TST-${i}`,
    price: 10 + i,
    description: 'A product written for the media generator test.',
    category: 'Diamond Collection',
    brand: 'Diamond Collection',
    brandLogo: '/images/generated/logos/diamond-collection.svg',
    image: `/images/generated/products/test-product-${i}.svg`,
    gallery: [],
    inStock: true,
    isEcoFriendly: false,
    isNew: false,
    isPopular: false,
    requestQuoteOnly: false,
    rating: 4.5,
    reviews: 3,
    features: ['Sprays evenly'],
    technicalSpecs: [{ name: 'Max pressure', value: '3300', unit: 'psi' }],
    certifications: [],
    usageInstructions: 'Use as directed.',
    coverage: '350 sq ft per gallon',
    finish: 'Satin',
    ...over,
  };
}

const PRODUCTS = [
  makeProduct(1, { visual: { kind: 'can', color: '#1f4f7a', colorName: 'RAL 5010 Gentian Blue' }, finish: 'Eggshell' }),
  makeProduct(2, { visual: { kind: 'pail', color: '#C9B79C' }, finish: 'Matt', category: 'Kretus', brand: 'Kretus' }),
  makeProduct(3, { visual: { kind: 'aerosol', color: '#b32428' }, finish: 'Gloss', category: 'Rustoleum', brand: 'Rustoleum' }),
  makeProduct(4, { visual: { kind: 'spray-gun', color: '#d0542c' }, name: 'Diamond Pro 3600 Airless Spray Gun' }),
  makeProduct(5, { visual: { kind: 'tip', color: '#e5be01' }, name: 'Diamond Reversible Spray Tip 517' }),
  makeProduct(6, { visual: { kind: 'tape', color: '#2e6fb5' } }),
  makeProduct(7, { visual: { kind: 'brush', color: '#3b5e3a' }, finish: 'Textured' }),
  // No visual at all: drawn as a neutral grey can.
  makeProduct(8, { finish: 'Primer', brand: 'Zinsser', category: 'Zinsser' }),
  // An unknown kind and a colour that is not '#rrggbb' must not stop the build.
  makeProduct(9, { visual: { kind: 'teapot', color: 'blue' }, finish: 'Metallic' }),
];

const CATEGORIES = [
  { id: 'diamond-collection', name: 'Diamond Collection', description: 'Our own range.', gradient: 'linear-gradient(135deg, #0f1b2d 0%, #1f4f7a 100%)', order: 1 },
  { id: 'kretus', name: 'Kretus', description: 'Floor systems.', gradient: 'linear-gradient(135deg, #3a3f47 0%, #7b8794 100%)', order: 2 },
];

const SITE = {
  name: 'Graphene Coatings',
  legalName: 'Graphene Coatings, Inc.',
  tagline: 'Professional paints, coatings and spray equipment since 1987',
  founded: 1987,
  phone: '+1 (214) 555-0142',
  email: 'hello@graphenecoatings.com',
  address: { street: '2300 Irving Boulevard, Suite 140', city: 'Dallas', region: 'TX', postalCode: '75207', country: 'US' },
  storeHours: [{ label: 'Mon-Fri', opens: '09:00', closes: '18:00' }],
  supportHours: 'Mon-Fri 9AM-6PM GMT',
};

let work: string;
let content: string;
let outA: string;
let outB: string;

/** Runs the generator as `npm run media` would, with content and output roots pointed at the fixture. */
function runGenerator(args: string[], env: Record<string, string> = {}) {
  return execFileSync(process.execPath, [script, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
}

/** Every file under dir, as paths relative to dir, sorted. */
function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort();
}

/** Parses an SVG with svgo's strict XML parser and returns the root element's attributes. */
function readSvgRoot(svg: string): Record<string, string> {
  let root: Record<string, string> = {};
  optimize(svg, {
    plugins: [
      {
        name: 'read-root',
        fn: () => ({
          element: {
            enter: (node, parent) => {
              if (parent.type === 'root' && node.name === 'svg') root = { ...node.attributes };
            },
          },
        }),
      },
    ],
  });
  return root;
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'media-test-'));
  content = join(work, 'site');
  mkdirSync(join(content, 'content', 'products'), { recursive: true });
  // Product art an earlier build drew: the generator leaves it to the server now, and removes it.
  mkdirSync(join(work, 'out-a', 'images', 'generated', 'products'), { recursive: true });
  writeFileSync(join(work, 'out-a', 'images', 'generated', 'products', 'test-product-1.svg'), '<svg/>');
  writeFileSync(join(content, 'content', 'products', 'diamond-collection.json'), JSON.stringify(PRODUCTS));
  writeFileSync(join(content, 'content', 'products', 'industrial.json'), '[]');
  writeFileSync(join(content, 'content', 'categories.json'), JSON.stringify(CATEGORIES));
  writeFileSync(join(content, 'content', 'site.json'), JSON.stringify(SITE));
  outA = join(work, 'out-a');
  outB = join(work, 'out-b');
  runGenerator([], { MEDIA_CONTENT_ROOT: content, MEDIA_OUT_ROOT: outA });
  runGenerator(['--content', content, '--out', outB]);
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The three drawings of a product, as the server draws them on request (src/server/media/product-art.ts). */
function drawingsOf(p: (typeof PRODUCTS)[number]): { '': string; '-swatch': string; '-detail': string } {
  const info = describeProduct(p);
  return { '': renderProductMain(info), '-swatch': renderSwatch(info), '-detail': renderDetail(info) };
}

describe('product art (src/lib/product-art)', () => {
  it('draws the three images of every product, even one without a visual or with odd data', () => {
    for (const p of PRODUCTS) {
      for (const svg of Object.values(drawingsOf(p))) {
        const root = readSvgRoot(svg);
        expect(root.viewBox).toBe('0 0 800 800');
        expect(root.width).toBe('800');
        expect(root.height).toBe('800');
      }
    }
  });

  it("draws each product in its own colour and a product without a visual in neutral grey", () => {
    for (const p of PRODUCTS.slice(0, 7)) {
      const color = String((p as { visual?: { color: string } }).visual?.color).toLowerCase();
      expect(drawingsOf(p)[''].toLowerCase()).toContain(color);
      expect(drawingsOf(p)['-detail'].toLowerCase()).toContain(color);
    }
    expect(drawingsOf(PRODUCTS[7]!)['']).toContain('#9a9b97');
  });

  it('draws the same bytes twice', () => {
    for (const p of PRODUCTS) expect(drawingsOf(p)).toEqual(drawingsOf(p));
  });
});

describe('generate-media', () => {
  it('draws no product art (the server draws it on request) and removes what an earlier build drew', () => {
    for (const out of [outA, outB]) expect(listFiles(out).filter((f) => f.includes('products'))).toEqual([]);
  });

  it('writes a logo per brand, a tile per category, every scene, the textures and the OG image', async () => {
    const gen = join(outA, 'images', 'generated');
    for (const slug of ['diamond-collection', 'kretus', 'rustoleum', 'zinsser', 'graphene-coatings']) {
      const root = readSvgRoot(readFileSync(join(gen, 'logos', `${slug}.svg`), 'utf8'));
      expect([root.viewBox, root.width, root.height]).toEqual(['0 0 240 80', '240', '80']);
    }
    for (const c of CATEGORIES) {
      const root = readSvgRoot(readFileSync(join(gen, 'brands', `${c.id}.svg`), 'utf8'));
      expect([root.viewBox, root.width, root.height]).toEqual(['0 0 800 500', '800', '500']);
    }
    for (const name of SCENES) {
      const root = readSvgRoot(readFileSync(join(gen, 'scenes', `${name}.svg`), 'utf8'));
      expect([root.viewBox, root.width, root.height]).toEqual(['0 0 1600 1000', '1600', '1000']);
    }
    for (const name of ['grain', 'stipple', 'canvas']) {
      expect(readSvgRoot(readFileSync(join(gen, 'textures', `${name}.svg`), 'utf8')).viewBox).toMatch(/^0 0 \d+ \d+$/);
    }
    const png = readFileSync(join(gen, 'og', 'default.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it('writes both catalogues as real PDFs and lists their true size and page count', async () => {
    const listing = JSON.parse(readFileSync(join(outA, 'Catalog', 'catalogs.json'), 'utf8'));
    expect(listing.map((c: { name: string }) => c.name)).toEqual(['Diamond Paints Catalog', 'Airless Spray Equipment Catalog']);
    for (const entry of listing) {
      const bytes = readFileSync(join(outA, entry.file));
      expect(entry.size).toBe(bytes.length);
      const pdf = await PDFDocument.load(bytes);
      expect(entry.pages).toBe(pdf.getPageCount());
      // Cover, contents, at least one product page, back page.
      expect(pdf.getPageCount()).toBeGreaterThanOrEqual(4);
      expect(pdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    }
  });

  it('writes only under images/generated and Catalog', () => {
    const top = [...new Set(listFiles(outA).map((f) => f.split(/[\\/]/).slice(0, 2).join('/')))];
    expect(top.sort()).toEqual(['Catalog/catalogs.json', 'Catalog/airless_spray_equipment_catalog.pdf', 'Catalog/diamond_paints_catalog.pdf', 'images/generated'].sort());
  });

  it('skips the work when nothing changed, and regenerates on --force', () => {
    expect(runGenerator(['--content', content, '--out', outA])).toContain('up to date');
    expect(runGenerator(['--content', content, '--out', outA, '--force'])).toContain(`${PRODUCTS.length} products`);
  }, 120_000);

  it('produces identical bytes on a second run', () => {
    const a = listFiles(outA);
    expect(listFiles(outB)).toEqual(a);
    for (const f of a) expect(readFileSync(join(outB, f)).equals(readFileSync(join(outA, f))), relative(outA, join(outA, f))).toBe(true);
  });
});
