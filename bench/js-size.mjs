// Prints the JavaScript each built page ships, gzip -9, following <script src>, inline module
// scripts, Astro island component/renderer URLs and every static import transitively.
// Usage: npm run build && npx node bench/js-size.mjs [--dist DIR] [--budget KB] [/path ...]
// Budget: marketing pages ship at most 85 KB gzip of JS (exit code 1 when a page is over it).
// Also a module: tests/quality/js-budget.test.ts checks the same figures against the budget.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The JS budget of a marketing page, gzip KB (1 KB = 1024 bytes). */
export const JS_BUDGET_KB = 85;

/** The first page of a folder of pre-rendered pages, e.g. a /products/ or /vendors/ page. */
function findFirstPageUnder(clientDir, folder, skip = []) {
  const dir = join(clientDir, folder);
  if (!existsSync(dir)) return null;
  const page = readdirSync(dir)
    .filter((f) => f.endsWith('.html'))
    .map((f) => `/${folder}/${f.replace(/\.html$/, '')}`)
    .filter((p) => !skip.includes(p))
    .sort()[0];
  return page ?? null;
}

/** The default pages: home, about, contact, a category page, a vendor page and the Diamond Collection vendor page. */
function listDefaultPages(clientDir) {
  return [
    '/',
    '/about',
    '/contact',
    findFirstPageUnder(clientDir, 'products') ?? '/products/decorative-paints',
    findFirstPageUnder(clientDir, 'vendors', ['/vendors/diamond-collection']) ?? '/vendors/rustoleum',
    '/vendors/diamond-collection',
  ];
}

/** The HTML file a route was pre-rendered to (build.format 'file', or 'directory'). */
function findHtmlFile(clientDir, route) {
  const clean = route.replace(/\/+$/, '');
  const candidates = clean === '' ? ['index.html'] : [`${clean.slice(1)}.html`, `${clean.slice(1)}/index.html`];
  return candidates.map((c) => join(clientDir, c)).find((file) => existsSync(file)) ?? null;
}

/** Decodes the few HTML entities Astro uses in attribute values. */
function decodeAttribute(value) {
  return value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

/** Script URLs and inline module code a page's HTML loads on its own. */
function readPageEntries(html) {
  const urls = new Set();
  const inline = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = match[1];
    const type = attrs.match(/\btype=["']?([^"'\s>]+)/i)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue; // JSON-LD and other data
    const src = attrs.match(/\bsrc=["']([^"']+)["']/i)?.[1];
    if (src) urls.add(decodeAttribute(src));
    else if (match[2].trim()) inline.push(match[2]);
  }
  for (const match of html.matchAll(/\b(?:component-url|renderer-url|before-hydration-url)=["']([^"']+)["']/gi)) {
    const url = decodeAttribute(match[1]);
    if (url) urls.add(url);
  }
  for (const match of html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*>/gi)) {
    const href = match[0].match(/\bhref=["']([^"']+)["']/i)?.[1];
    if (href) urls.add(decodeAttribute(href));
  }
  return { urls: [...urls], inline };
}

/** Static import/export-from specifiers of a module (dynamic `import()` is lazy and not counted). */
function readStaticImports(code) {
  const found = new Set();
  const pattern = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']/g;
  for (const match of code.matchAll(pattern)) found.add(match[1]);
  return [...found];
}

/** Resolves a specifier against the URL path of the module importing it ('/' for the page). */
function resolveUrl(specifier, fromPath) {
  if (/^[a-z]+:/i.test(specifier)) return null; // another origin: not ours to count
  const path = specifier.split(/[?#]/)[0];
  return path.startsWith('/') ? posix.normalize(path) : posix.normalize(posix.join(posix.dirname(fromPath), path));
}

/** gzip -9 size of some bytes. */
function measureGzip(bytes) {
  return gzipSync(bytes, { level: 9 }).length;
}

/**
 * Walks a built page's JavaScript graph (from `clientDir`, e.g. dist/client) and returns its
 * files with raw and gzip sizes, the inline module scripts, and the totals; null without HTML.
 */
export function measurePage(clientDir, route) {
  const htmlFile = findHtmlFile(clientDir, route);
  if (!htmlFile) return null;
  return measureHtml(clientDir, readFileSync(htmlFile, 'utf8'), route);
}

/** measurePage for a page's HTML as served (an on-demand page has no pre-rendered file); `more` adds script URLs it loaded besides. */
export function measureHtml(clientDir, html, route, more = []) {
  const { urls, inline } = readPageEntries(html);
  urls.push(...more);
  const files = new Map();
  const missing = [];
  const queue = [];
  const enqueue = (specifier, from) => {
    const url = resolveUrl(specifier, from);
    if (url && !files.has(url) && !queue.includes(url)) queue.push(url);
  };
  urls.forEach((u) => enqueue(u, route));
  let inlineRaw = 0;
  let inlineGzip = 0;
  for (const code of inline) {
    inlineRaw += Buffer.byteLength(code);
    inlineGzip += measureGzip(Buffer.from(code));
    readStaticImports(code).forEach((s) => enqueue(s, route));
  }
  while (queue.length > 0) {
    const url = queue.shift();
    const file = join(clientDir, url);
    if (!existsSync(file)) {
      missing.push(url);
      continue;
    }
    const bytes = readFileSync(file);
    files.set(url, { raw: bytes.length, gzip: measureGzip(bytes) });
    readStaticImports(bytes.toString('utf8')).forEach((s) => enqueue(s, url));
  }
  const sum = (key) => [...files.values()].reduce((n, f) => n + f[key], 0);
  return {
    files,
    missing,
    inline: { count: inline.length, raw: inlineRaw, gzip: inlineGzip },
    raw: sum('raw') + inlineRaw,
    gzip: sum('gzip') + inlineGzip,
  };
}

/** Formats bytes as KB with one decimal. */
function formatKb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** The command line: prints the figures, exit code 1 when a page is over the budget. */
function main() {
  const args = process.argv.slice(2);
  /** Reads `--name value` from the arguments, removing both. */
  const takeOption = (name, fallback) => {
    const at = args.indexOf(name);
    if (at < 0) return fallback;
    const [, value] = args.splice(at, 2);
    return value;
  };
  const distDir = resolve(takeOption('--dist', process.env.SHOP_DIST_DIR || process.env.ASTRO_OUT_DIR || 'dist'));
  const budgetKb = Number(takeOption('--budget', String(JS_BUDGET_KB)));
  const clientDir = join(distDir, 'client');
  if (!existsSync(clientDir)) {
    console.error(`No build at ${clientDir}: run \`npm run build\` first (or pass --dist DIR).`);
    process.exit(1);
  }
  const pages = args.length > 0 ? args : listDefaultPages(clientDir);
  let over = 0;
  console.log(`JavaScript per page, gzip -9 (budget ${budgetKb} KB), from ${clientDir}\n`);
  for (const route of pages) {
    const result = measurePage(clientDir, route);
    if (!result) {
      console.log(`${route.padEnd(36)} no pre-rendered HTML`);
      over += 1;
      continue;
    }
    const overBudget = result.gzip > budgetKb * 1024;
    if (overBudget) over += 1;
    console.log(
      `${route.padEnd(36)} ${formatKb(result.gzip).padStart(9)} gzip  ${formatKb(result.raw).padStart(9)} raw  ${String(result.files.size).padStart(3)} files${result.inline.count ? ` + ${result.inline.count} inline` : ''}${overBudget ? '  OVER BUDGET' : ''}`,
    );
    const biggest = [...result.files.entries()].sort((a, b) => b[1].gzip - a[1].gzip).slice(0, Number(process.env.JS_SIZE_TOP || 5));
    for (const [url, size] of biggest) console.log(`    ${formatKb(size.gzip).padStart(9)}  ${url}`);
    if (result.missing.length > 0) console.log(`    missing: ${result.missing.join(', ')}`);
  }
  process.exitCode = over > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
