import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { z } from 'zod';
import { categorySchema, findDuplicates, productSchema, type Category, type Product } from '../../lib/schemas/catalog';
import { categoryPageSchema, siteSchema, type CategoryPage, type Site } from '../../lib/schemas/site';

/** The six product lists, in the order the catalogue is shown. */
export const PRODUCT_FILES = [
  'diamond-collection.json',
  'decorative-eco.json',
  'industrial.json',
  'floor-coatings.json',
  'retail-brands.json',
  'specialty.json',
] as const;

/**
 * The folder whose content/ the build reads: the parent of CONTENT_DIR when it is set (the folder the
 * server syncs from, so a rebuild bakes the same catalogue into the pages), else `fallback`.
 */
export function resolveContentRoot(fallback: string): string {
  const dir = process.env.CONTENT_DIR?.trim();
  return dir ? dirname(resolve(fallback, dir)) : fallback;
}

/** A content file that does not hold what its schema requires; the message names file and field. */
export class ContentError extends Error {
  override name = 'ContentError';
}

/** Reads and parses a JSON file, naming the file when it is not JSON. */
function readJson(path: string, root: string): unknown {
  const text = readFileSync(path, 'utf8');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ContentError(`${relative(root, path)}: not valid JSON (${(err as Error).message})`);
  }
}

/** Formats zod issues as 'file: [index] id → field: message' lines. */
function describeIssues(file: string, where: string, error: z.ZodError): string {
  return error.issues
    .map((i) => `${file}: ${where}${i.path.length ? ` → ${i.path.join('.')}` : ''}: ${i.message}`)
    .join('\n');
}

/** Parses every item of a JSON array file with `schema`, throwing one ContentError for all issues. */
function parseList<S extends z.ZodType>(path: string, root: string, schema: S): z.infer<S>[] {
  const file = relative(root, path);
  const data = readJson(path, root);
  if (!Array.isArray(data)) throw new ContentError(`${file}: must be a JSON array`);
  const problems: string[] = [];
  const items = data.map((raw, index) => {
    const result = schema.safeParse(raw);
    const label = `[${index}]${raw && typeof raw === 'object' && 'id' in raw ? ` ${String(raw.id)}` : ''}`;
    if (!result.success) problems.push(describeIssues(file, label, result.error));
    return result.data as z.infer<S>;
  });
  if (problems.length) throw new ContentError(problems.join('\n'));
  return items;
}

/** A product together with the content file it comes from. */
export interface ProductWithSource {
  product: Product;
  file: string;
}

/** Reads the six product lists under `root`/content/products, validated, ids/skus/slugs unique. */
export function readProductFiles(root: string): ProductWithSource[] {
  const dir = join(root, 'content', 'products');
  const present = readdirSync(dir).filter((f) => f.endsWith('.json'));
  const unknown = present.filter((f) => !(PRODUCT_FILES as readonly string[]).includes(f));
  if (unknown.length) {
    throw new ContentError(
      `content/products: unexpected file(s) ${unknown.join(', ')}; the lists are ${PRODUCT_FILES.join(', ')}`,
    );
  }
  const all: ProductWithSource[] = [];
  for (const name of PRODUCT_FILES) {
    const path = join(dir, name);
    for (const product of parseList(path, root, productSchema)) {
      all.push({ product, file: relative(root, path) });
    }
  }
  const fileOf = new Map(all.map((p) => [p.product.id, p.file]));
  const products = all.map((p) => p.product);
  const problems: string[] = [];
  for (const field of ['id', 'sku', 'slug'] as const) {
    for (const dup of findDuplicates(products, field)) {
      const where = dup.ids.map((id) => `${fileOf.get(id)} (${id})`).join(', ');
      problems.push(`duplicate ${field} '${dup.value}' in ${where}`);
    }
  }
  if (problems.length) throw new ContentError(problems.join('\n'));
  return all;
}

/** Reads content/categories.json: the nine Category/Brand entities of spec §3. */
export function readCategoriesFile(root: string): Category[] {
  const categories = parseList(join(root, 'content', 'categories.json'), root, categorySchema);
  for (const dup of findDuplicates(categories, 'name')) {
    throw new ContentError(`content/categories.json: duplicate name '${dup.value}' (${dup.ids.join(', ')})`);
  }
  return categories.sort((a, b) => a.order - b.order);
}

/** Reads content/category-pages.json: the ten pages of the shared category layout. */
export function readCategoryPagesFile(root: string): CategoryPage[] {
  return parseList(join(root, 'content', 'category-pages.json'), root, categoryPageSchema);
}

/** Reads content/site.json: brand name, contact details, hours. */
export function readSiteFile(root: string): Site {
  const path = join(root, 'content', 'site.json');
  const result = siteSchema.safeParse(readJson(path, root));
  if (!result.success) throw new ContentError(describeIssues('content/site.json', '', result.error));
  return result.data;
}
