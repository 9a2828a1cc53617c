// Grows the catalogue to N realistic products in a scratch copy of this repository (never in its
// own content/), builds the copy and can serve it, so the storefront's figures can be taken at any
// catalogue size (issue #15 item 5). Prints the build time, /shop's HTML size (raw and gzip) and
// the gzip JavaScript each page type loads before any interaction.
//
//   npm run bench:catalog-generate -- --products 10000 --out /tmp/shop-10k [--no-build] [--serve] [--port 4400]
//   npm run bench:catalog-generate -- --out /tmp/shop-10k --serve-only     (serve an earlier copy as it is)
//
// The generated products are variants of the editors' own: each list keeps its products and grows
// in proportion with colours of the RAL standard (/work/shared/fixtures/paint-colours/ral.csv, or
// RAL_CSV), pack sizes, prices, stock, ratings and badges drawn from a seeded generator, so two
// runs with the same --products and --seed write the same catalogue.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createRandom } from '../src/lib/product-art/lib.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RAL_CSV = process.env.RAL_CSV || '/work/shared/fixtures/paint-colours/ral.csv';

/** The six product lists, in catalogue order (as src/server/catalog/content-files.ts lists them). */
const PRODUCT_FILES = ['diamond-collection.json', 'decorative-eco.json', 'industrial.json', 'floor-coatings.json', 'retail-brands.json', 'specialty.json'];

/** What is copied: everything but installed, built, runtime and generated files. */
const SKIPPED = new Set(['node_modules', 'dist', '.astro', 'data', 'media', '.git', 'test-results', 'tests/.artifacts', 'public/images/generated', 'public/Catalog']);

/** Containers drawn as paint (coloured by the RAL colour); the rest is equipment. */
const PAINT_KINDS = new Set(['can', 'pail', 'drum', 'aerosol', 'bottle', 'kit']);

/** Pack sizes a paint variant may come in, with the price factor against a gallon. */
const PACKS = [
  { label: '1 qt', factor: 0.32 },
  { label: '1 gal', factor: 1 },
  { label: '2 gal', factor: 1.9 },
  { label: '5 gal', factor: 4.4 },
];
/** Size words the editors' names end with, replaced by a variant's pack. */
const PACK_IN_NAME = /\s+\d+(?:\.\d+)?\s*(?:qt|gal|oz|fl oz|L|ml|lb|kg)\b.*$/i;

/** Reads `--name value` options and flags. */
function readOptions(argv) {
  const opts = { products: 10_000, out: '', build: true, serve: false, serveOnly: false, port: 4400, seed: 15 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--no-build') opts.build = false;
    else if (arg === '--serve') opts.serve = true;
    else if (arg === '--serve-only') opts.serve = opts.serveOnly = true;
    else if (['--products', '--out', '--port', '--seed'].includes(arg)) opts[arg.slice(2)] = argv[++i];
    else throw new Error(`Unknown option ${arg}`);
  }
  opts.products = Number(opts.products);
  opts.port = Number(opts.port);
  opts.seed = Number(opts.seed);
  if (!Number.isInteger(opts.products) || opts.products < 1) throw new Error('--products must be a whole number ≥ 1');
  opts.out = resolve(opts.out || `/tmp/shop-${opts.products}`);
  if (opts.out === repo || opts.out.startsWith(repo + sep)) throw new Error('--out must be outside the repository');
  return opts;
}

/** The RAL colours: name, number, hex. */
function readRalColours(file) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.match(/^"([^"]+)","(\d+)","(#[0-9a-f]{6})"/i))
    .filter(Boolean)
    .map(([, name, code, hex]) => ({ name, code, hex: hex.toLowerCase() }));
}

/** Copies the repository to `out` (replacing an earlier copy) with node_modules linked, not copied. */
function copyRepository(out) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  cpSync(repo, out, {
    recursive: true,
    filter: (src) => {
      const rel = relative(repo, src).split(sep).join('/');
      return rel === '' || (!SKIPPED.has(rel) && !rel.startsWith('dist-'));
    },
  });
  symlinkSync(realpathSync(join(repo, 'node_modules')), join(out, 'node_modules'), 'dir');
}

/** Rounds dollars to a shelf price ending in .99 (at least 0.99). */
function shelfPrice(dollars) {
  return Math.max(0.99, Math.floor(dollars) + 0.99);
}

/** One generated variant of an editor's product. */
function makeVariant(template, n, colours, random) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const paint = PAINT_KINDS.has(template.visual?.kind);
  const slug = `${template.slug}-v${n}`;
  let name;
  let sku;
  let price;
  let visual = template.visual;
  if (paint) {
    const colour = pick(colours);
    const pack = pick(PACKS);
    const base = template.name.replace(PACK_IN_NAME, '');
    name = `${base}, RAL ${colour.code} ${colour.name}, ${pack.label}`;
    sku = `${template.sku}-R${colour.code}-${pack.label.replace(/\s+/g, '').toUpperCase()}-${n}`;
    price = shelfPrice(template.price * pack.factor * (0.85 + random() * 0.3));
    visual = { ...template.visual, color: colour.hex, colorName: `RAL ${colour.code} ${colour.name}` };
  } else {
    const series = String.fromCharCode(65 + Math.floor(random() * 8));
    name = `${template.name}, Series ${series}${100 + (n % 900)}`;
    sku = `${template.sku}-${series}${n}`;
    price = shelfPrice(template.price * (0.8 + random() * 0.5));
  }
  const inStock = random() > 0.1;
  const swapSlug = (path) => path.replace(`/${template.slug}`, `/${slug}`);
  const generatedArt = template.visual !== undefined;
  return {
    ...template,
    id: slug,
    slug,
    name,
    sku,
    price,
    ...(random() < 0.2 ? { originalPrice: Math.round(price * 1.18 * 100) / 100 } : { originalPrice: undefined }),
    image: generatedArt ? swapSlug(template.image) : template.image,
    gallery: generatedArt ? template.gallery.map(swapSlug) : template.gallery,
    inStock,
    stockQuantity: inStock ? 1 + Math.floor(random() * 400) : 0,
    isNew: random() < 0.05,
    isPopular: random() < 0.05,
    rating: Math.round((3.6 + random() * 1.4) * 10) / 10,
    reviews: Math.floor(random() * 2000),
    requestQuoteOnly: template.requestQuoteOnly && random() < 0.8,
    ...(visual ? { visual } : {}),
  };
}

/** Grows the copy's six lists to `total` products in proportion to their sizes; returns the count per file. */
function growCatalogue(out, total, colours, seed) {
  const dir = join(out, 'content', 'products');
  const lists = PRODUCT_FILES.map((file) => ({ file, products: JSON.parse(readFileSync(join(dir, file), 'utf8')) }));
  const existing = lists.reduce((n, l) => n + l.products.length, 0);
  const extra = Math.max(0, total - existing);
  const random = createRandom(seed);
  let given = 0;
  const counts = {};
  lists.forEach((list, index) => {
    const share = index === lists.length - 1 ? extra - given : Math.round((extra * list.products.length) / existing);
    given += share;
    const templates = list.products;
    const variants = [];
    for (let i = 0; i < share; i++) variants.push(makeVariant(templates[i % templates.length], i + 1, colours, random));
    const all = [...templates, ...variants].slice(0, total >= existing ? undefined : Math.round((total * templates.length) / existing));
    // JSON.stringify drops undefined keys (a variant without an original price).
    writeFileSync(join(dir, list.file), `${JSON.stringify(all, null, 2)}\n`);
    counts[list.file] = all.length;
  });
  return counts;
}

/**
 * CPU seconds used so far by this process's finished children and their descendants (Linux:
 * cutime + cstime of /proc/self/stat), or null elsewhere. On a shared machine the wall clock
 * mostly measures waiting for a core; the CPU time says what the build itself costs.
 */
function childrenCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // Fields 16 and 17 of stat (cutime, cstime), counted from the state field (3).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

/** The 1-minute load average, or '?' where /proc/loadavg is missing. */
function loadAverage() {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  } catch {
    return '?';
  }
}

/** Runs a command in `cwd`, inheriting output; resolves with its wall time in ms and its CPU seconds (null if unknown). */
function run(command, args, cwd, env = {}) {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const cpuBefore = childrenCpuSeconds();
    const child = spawn(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => {
      const cpuAfter = childrenCpuSeconds();
      if (code !== 0) return reject(new Error(`${command} ${args.join(' ')} exited with ${code}`));
      resolvePromise({ ms: performance.now() - started, cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore });
    });
  });
}

/** Prints /shop's HTML size and the JS each page type loads before interaction. */
async function printFigures(out) {
  const clientDir = join(out, 'dist', 'client');
  const html = readFileSync(join(clientDir, 'shop.html'));
  console.log(`\n/shop HTML: ${(html.length / 1024).toFixed(1)} KB raw, ${(gzipSync(html, { level: 9 }).length / 1024).toFixed(1)} KB gzip`);
  const { measurePage } = await import(pathToFileURL(join(out, 'bench', 'js-size.mjs')).href);
  const firstUnder = (folder) => {
    const sample = { products: '/products/decorative-paints', vendors: '/vendors/rustoleum' }[folder];
    return existsSync(join(clientDir, `${sample.slice(1)}.html`)) ? sample : null;
  };
  const pages = ['/', '/shop', firstUnder('products'), firstUnder('vendors'), '/vendors/diamond-collection', '/checkout', '/login'].filter(Boolean);
  console.log('gzip JS before interaction, and the HTML (raw / gzip):');
  for (const route of pages) {
    const js = measurePage(clientDir, route);
    const file = join(clientDir, route === '/' ? 'index.html' : `${route.slice(1)}.html`);
    const page = existsSync(file) ? readFileSync(file) : null;
    const htmlSize = page ? `${(page.length / 1024).toFixed(1)} KB / ${(gzipSync(page, { level: 9 }).length / 1024).toFixed(1)} KB` : 'no HTML';
    console.log(`  ${route.padEnd(30)} JS ${js ? `${(js.gzip / 1024).toFixed(1)} KB` : '–'}   HTML ${htmlSize}`);
  }
}

async function main() {
  const opts = readOptions(process.argv.slice(2));
  if (opts.serveOnly) return serve(opts);
  const colours = readRalColours(RAL_CSV);
  if (colours.length === 0) throw new Error(`No RAL colours in ${RAL_CSV}`);
  const t = performance.now();
  copyRepository(opts.out);
  console.log(`copied ${repo} to ${opts.out} in ${Math.round(performance.now() - t)} ms`);
  const counts = growCatalogue(opts.out, opts.products, colours, opts.seed);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`catalogue: ${total} products (${Object.entries(counts).map(([f, n]) => `${f} ${n}`).join(', ')})`);
  if (opts.build) {
    const loadBefore = loadAverage();
    // Astro's cache (its content store) goes in the copy: the default, node_modules/.astro, is the
    // shared node_modules of every worktree, and a build beside this one would read this catalogue.
    const { ms, cpu } = await run('npm', ['run', 'build'], opts.out, { ASTRO_CACHE_DIR: join(opts.out, '.astro', 'cache') });
    console.log(
      `\nbuild (media + astro build) of ${total} products: ${(ms / 1000).toFixed(1)} s wall` +
        `${cpu === null ? '' : `, ${cpu.toFixed(1)} CPU-seconds`} (load average ${loadBefore} at start, ${loadAverage()} at end)`,
    );
    await printFigures(opts.out);
  }
  if (opts.serve) await serve(opts);
}

/** Serves the built copy on 127.0.0.1 with a database, media and mail folder of its own (seeded from its content on first start). */
async function serve(opts) {
  if (!existsSync(join(opts.out, 'dist', 'server', 'entry.mjs'))) throw new Error(`No build in ${opts.out}: run without --serve-only first.`);
  console.log(`\nserving ${opts.out} on http://127.0.0.1:${opts.port} (Ctrl+C stops)`);
  mkdirSync(join(opts.out, 'data'), { recursive: true });
  await run('npm', ['run', 'serve'], opts.out, {
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    DATABASE_URL: `file:${join(opts.out, 'data', 'shop.db')}`,
    MEDIA_DIR: join(opts.out, 'media'),
    MAIL_DIR: join(opts.out, 'data', 'mail'),
    CONTENT_DIR: join(opts.out, 'content'),
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
