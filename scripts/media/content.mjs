// Reads what the media generator needs from content/ with plain fs + JSON. It is forgiving on
// purpose: the content loader of the site validates strictly, this only must never crash the build.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The six product lists in catalogue order (mirrors PRODUCT_FILES of src/server/catalog/content-files.ts). */
export const PRODUCT_FILES = ['diamond-collection.json', 'decorative-eco.json', 'industrial.json', 'floor-coatings.json', 'retail-brands.json', 'specialty.json'];

/** Parses a JSON file, or returns `fallback` (with a warning) when it is missing or not JSON. */
function readJsonOr(path, fallback, warn) {
  if (!existsSync(path)) return fallback;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    warn(`media: skipped ${path}: ${err.message}`);
    return fallback;
  }
}

/** Products of the six lists (objects with a usable slug, first occurrence of a slug wins), categories and site facts. */
export function readContent(root, warn = (m) => console.warn(m)) {
  const dir = join(root, 'content');
  const products = [];
  const seen = new Set();
  for (const file of PRODUCT_FILES) {
    const list = readJsonOr(join(dir, 'products', file), [], warn);
    if (!Array.isArray(list)) continue;
    for (const p of list) {
      if (!p || typeof p !== 'object' || typeof p.slug !== 'string' || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(p.slug)) continue;
      if (seen.has(p.slug)) continue;
      seen.add(p.slug);
      products.push(p);
    }
  }
  const rawCategories = readJsonOr(join(dir, 'categories.json'), [], warn);
  const categories = (Array.isArray(rawCategories) ? rawCategories : [])
    .filter((c) => c && typeof c.id === 'string' && /^[a-z0-9-]+$/.test(c.id) && typeof c.name === 'string')
    .sort((a, b) => (Number(a.order) || 0) - (Number(b.order) || 0));
  const site = readJsonOr(join(dir, 'site.json'), {}, warn);
  return { products, categories, site: site && typeof site === 'object' ? site : {} };
}
