// Generates the shop's visual media from content/ before every build: brand logos and tiles, scene illustrations, texture tiles, the Open Graph image and the two
// catalogue PDFs. Writes only under <out>/images/generated/ and <out>/Catalog/.
//
// The product illustrations (three per product, 30,000 files at 10,000 products) are not drawn
// here: the server draws each on first request from the product's row, with the same code
// (src/lib/product-art, src/server/media/product-art.ts), so the build does not grow with the
// catalogue and an edited or imported product's art follows its data.
//
//   node scripts/generate-media.mjs [--content <root>] [--out <public dir>]
//   env: MEDIA_CONTENT_ROOT (folder holding content/), MEDIA_OUT_ROOT (the public/ folder)
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { optimize } from 'svgo';
import { chooseBrandColor, renderBrandTile, renderLogo } from './media/brands.mjs';
import { buildEquipmentCatalog, buildPaintsCatalog, EQUIPMENT_CATALOG_KINDS } from './media/catalogs.mjs';
import { PRODUCT_FILES, readContent } from './media/content.mjs';
import { slugifyName } from '../src/lib/product-art/lib.mjs';
import { renderOgImage } from './media/og.mjs';
import { describeProduct, renderProductMain } from '../src/lib/product-art/products.mjs';
import { renderScene, renderTextures, SCENE_NAMES } from './media/scenes.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Reads --content / --out (or the MEDIA_* variables), defaulting to this repository. */
function readOptions(argv, env) {
  const opts = { content: env.MEDIA_CONTENT_ROOT || repo, out: env.MEDIA_OUT_ROOT || join(repo, 'public'), force: argv.includes('--force') };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=');
    const value = inline ?? argv[i + 1];
    if (flag === '--content' || flag === '--out') {
      opts[flag.slice(2)] = value;
      if (inline === undefined) i++;
    }
  }
  return { content: resolve(opts.content), out: resolve(opts.out), force: opts.force };
}

// Only what is safe for every drawing: keep viewBox and the glyph ids referenced by <use>.
const SVGO_CONFIG = {
  multipass: false,
  floatPrecision: 2,
  plugins: [{ name: 'preset-default', params: { overrides: { cleanupIds: { minify: false } } } }],
};

/** Optimises an SVG document with svgo. */
function optimizeSvg(svg) {
  return optimize(svg, SVGO_CONFIG).data;
}

/** Writes a file only when its bytes change, so watchers and mtimes stay quiet; returns whether it wrote. */
function writeIfChanged(path, data) {
  const buf = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data);
  if (existsSync(path)) {
    const old = readFileSync(path);
    if (old.equals(buf)) return false;
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, buf);
  return true;
}

/** Removes files in `dir` that this run did not produce (a deleted product's images). */
function removeStale(dir, keep) {
  if (!existsSync(dir)) return;
  for (const f of readdirSync(dir)) if (!keep.has(f) && statSync(join(dir, f)).isFile()) rmSync(join(dir, f));
}

const STAMP = join('images', 'generated', '.media-stamp.json');

/** The shop hero's slides, also written as WebP (src/pages/shop/index.astro), at these widths. */
const SHOP_HERO_SCENES = ['shop-hero-1', 'shop-hero-2', 'shop-hero-3', 'shop-hero-4'];
const SHOP_HERO_WIDTHS = [640, 800, 1280];

/**
 * A hash of everything the output depends on: the content files, this generator's own code and
 * the versions of the libraries that write the bytes. Equal hash + all outputs present = nothing to do.
 */
function hashInputs(content) {
  const h = createHash('sha256');
  const add = (path) => h.update(basename(path)).update(existsSync(path) ? readFileSync(path) : Buffer.alloc(0));
  for (const f of PRODUCT_FILES) add(join(content, 'content', 'products', f));
  add(join(content, 'content', 'categories.json'));
  add(join(content, 'content', 'site.json'));
  add(fileURLToPath(import.meta.url));
  for (const mediaDir of [join(repo, 'scripts', 'media'), join(repo, 'src', 'lib', 'product-art')]) {
    for (const f of readdirSync(mediaDir).sort()) if (/\.(mjs|json)$/.test(f)) add(join(mediaDir, f));
  }
  for (const pkg of ['sharp', 'svgo', 'pdf-lib']) add(join(repo, 'node_modules', pkg, 'package.json'));
  return h.digest('hex');
}

/** Whether a previous run with the same inputs left every one of its files in place. */
function isUpToDate(out, hash) {
  const path = join(out, STAMP);
  if (!existsSync(path)) return false;
  try {
    const stamp = JSON.parse(readFileSync(path, 'utf8'));
    return stamp.hash === hash && Array.isArray(stamp.files) && stamp.files.every((f) => existsSync(join(out, f)));
  } catch {
    return false;
  }
}

/** Runs the whole generation; returns counts for the summary line. */
export async function generateMedia({ content, out, force = false }) {
  const started = performance.now();
  const hash = hashInputs(content);
  if (!force && isUpToDate(out, hash)) return { upToDate: true, ms: Math.round(performance.now() - started) };
  const mark = (label) => process.env.MEDIA_DEBUG && console.log(`media: ${label} at ${Math.round(performance.now() - started)} ms`);
  const { products, categories, site } = readContent(content);
  const gen = join(out, 'images', 'generated');
  let written = 0;
  const files = [];
  const put = (path, data) => {
    files.push(relative(out, path).split(sep).join('/'));
    const changed = writeIfChanged(path, data);
    if (changed) written++;
    return changed;
  };

  // Product art drawn by earlier builds (before the server drew it) would be copied and served stale.
  rmSync(join(gen, 'products'), { recursive: true, force: true });
  const infos = new Map(products.map((p) => [p.slug, describeProduct(p)]));

  mark('products');
  // Start the raster work (sharp runs on its own threads) before the svgo passes below occupy
  // the main thread, so both cores work at once.
  const isEquipment = (p) => EQUIPMENT_CATALOG_KINDS.includes(p.visual?.kind);
  const paints = products.filter((p) => !isEquipment(p));
  const equipment = products.filter(isEquipment);
  // Rasterise straight at the target size (density) instead of rendering large and shrinking.
  const toWebp = (svg, width, native) => sharp(Buffer.from(svg), { density: (72 * width) / native }).resize(width).webp({ quality: 80 }).toBuffer();
  const toJpeg = (svg, width, native) => sharp(Buffer.from(svg), { density: (72 * width) / native }).resize(width).flatten({ background: '#f3efe8' }).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
  const rasters = Promise.all([
    // Variants of one piece of equipment differ only in their <title>, which draws nothing: one
    // raster per distinct drawing (56 rather than 952 at 10,000 products), shared by the variants.
    (() => {
      const bySvg = new Map();
      const rasterOf = (svg) => {
        const drawing = svg.replace(/<title>[^<]*<\/title>/, '');
        if (!bySvg.has(drawing)) bySvg.set(drawing, toJpeg(drawing, 480, 800));
        return bySvg.get(drawing);
      };
      return Promise.all(equipment.map(async (p) => [p.slug, await rasterOf(renderProductMain(infos.get(p.slug)))]));
    })(),
    toJpeg(renderScene('shop-hero-1'), 1224, 1600),
    toJpeg(renderScene('shop-hero-2'), 1224, 1600),
    sharp(Buffer.from(renderOgImage(site))).png({ compressionLevel: 9 }).toBuffer(),
    // The shop hero's slides as WebP at two widths: an SVG scene in <img> is drawn on the page's
    // main thread (each cost /shop 50-230 ms of blocking time on a throttled phone), a raster is
    // decoded off it.
    Promise.all(SHOP_HERO_SCENES.flatMap((name) => SHOP_HERO_WIDTHS.map(async (width) => [`${name}-${width}.webp`, await toWebp(renderScene(name), width, 1600)]))),
  ]);
  rasters.catch(() => {});

  // Logos for every brand named by a product or a category, plus the company's own.
  const logoDir = join(gen, 'logos');
  const brands = new Map();
  for (const name of [site.name || 'Graphene Coatings', ...categories.map((c) => c.name), ...products.map((p) => String(p.brand || ''))]) {
    const slug = slugifyName(name);
    if (slug && !brands.has(slug)) brands.set(slug, name);
  }
  const logoFiles = new Set();
  for (const [slug, name] of [...brands.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    logoFiles.add(`${slug}.svg`);
    put(join(logoDir, `${slug}.svg`), optimizeSvg(renderLogo(name, chooseBrandColor(name, categories))));
  }
  removeStale(logoDir, logoFiles);

  // Brand tiles, scenes, textures.
  for (const c of categories) put(join(gen, 'brands', `${c.id}.svg`), optimizeSvg(renderBrandTile(c)));
  for (const name of SCENE_NAMES) put(join(gen, 'scenes', `${name}.svg`), optimizeSvg(renderScene(name)));
  const textures = renderTextures();
  for (const [name, svg] of Object.entries(textures)) put(join(gen, 'textures', `${name}.svg`), optimizeSvg(svg));
  mark('svg');

  // Open Graph image and catalogues.
  const [equipmentImages, paintHero, equipmentHero, ogPng, shopHeroes] = await rasters;
  put(join(gen, 'og', 'default.png'), ogPng);
  for (const [file, bytes] of shopHeroes) put(join(gen, 'scenes', file), bytes);
  const images = new Map(equipmentImages);
  mark('raster');
  const catalogDir = join(out, 'Catalog');
  const listing = [];
  for (const [file, name, description, bytes] of [
    ['diamond_paints_catalog.pdf', 'Diamond Paints Catalog', 'Architectural paints, primers and coatings with colours, finishes, coverage, specifications and prices.', await buildPaintsCatalog({ products: paints, categories, site, heroJpeg: paintHero })],
    ['airless_spray_equipment_catalog.pdf', 'Airless Spray Equipment Catalog', 'Airless sprayers, spray guns, reversible tips, hoses, respirators and masking tape with full specifications.', await buildEquipmentCatalog({ products: equipment, site, images, heroJpeg: equipmentHero })],
  ]) {
    put(join(catalogDir, file), bytes);
    const { PDFDocument } = await import('pdf-lib');
    const pages = (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
    listing.push({ name, description, file: `/Catalog/${file}`, size: bytes.length, pages });
  }
  put(join(catalogDir, 'catalogs.json'), `${JSON.stringify(listing, null, 2)}\n`);
  writeIfChanged(join(out, STAMP), `${JSON.stringify({ hash, files: files.sort() })}\n`);

  return { products: products.length, logos: brands.size, tiles: categories.length, scenes: SCENE_NAMES.length, written, ms: Math.round(performance.now() - started) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const opts = readOptions(process.argv.slice(2), process.env);
  const r = await generateMedia(opts);
  if (r.upToDate) console.log(`media: up to date (${r.ms} ms; --force to regenerate)`);
  else {
    const cpu = process.cpuUsage();
    console.log(`media: ${r.products} products, ${r.logos} logos, ${r.tiles} brand tiles, ${r.scenes} scenes, 2 catalogues; ${r.written} files written in ${r.ms} ms (${((cpu.user + cpu.system) / 1e6).toFixed(1)} CPU-seconds, zlib's and sharp's threads included)`);
  }
}
