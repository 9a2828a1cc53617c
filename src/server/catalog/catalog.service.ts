import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Category, Product } from '../../lib/schemas/catalog';
import type { Database, ProductsTable } from '../db/schema';
import { insertMetaOnce, selectMeta } from '../db/meta.repository';
import {
  countCatalog,
  countProductsByFileAndCategory,
  insertCategories,
  insertProducts,
  selectAllCategories,
  selectAllProducts,
  selectLiveProductsByIds,
  selectProductById,
} from './catalog.repository';
import { categoryToColumns, productToColumns, rowToCategory, rowToProduct } from './catalog.rows';
import { PRODUCT_FILES, readCategoriesFile, readProductFiles } from './content-files';
import { claimContentSync } from './content-sync.repository';
import { mergeContentInto, readContentSnapshot } from './content-sync.service';

/** The live catalogue: products in catalogue order and categories by their order. */
export interface Catalog {
  products: Product[];
  categories: Category[];
}

/** Meta key recording when (and from what) the catalogue was seeded. */
export const CATALOG_SEEDED_KEY = 'catalog_seeded';

/** Position of a content file in the catalogue order; unknown files go last. */
function fileRank(file: string): number {
  const index = (PRODUCT_FILES as readonly string[]).indexOf(file);
  return index === -1 ? PRODUCT_FILES.length : index;
}

/** What places a product in the catalogue order. */
export type CatalogPlace = Pick<ProductsTable, 'id' | 'source_file' | 'position'>;

/** The catalogue order: by content file, then position; strings are compared only where they differ (10,000 rows sort in milliseconds). */
export function compareCatalogPlaces(a: CatalogPlace, b: CatalogPlace): number {
  if (a.source_file !== b.source_file) return fileRank(a.source_file) - fileRank(b.source_file) || a.source_file.localeCompare(b.source_file);
  return Number(a.position) - Number(b.position) || (a.id === b.id ? 0 : a.id.localeCompare(b.id));
}

/** Sorts product rows the way the content files list them. */
export function sortProductRows<T extends CatalogPlace>(rows: T[]): T[] {
  return [...rows].sort(compareCatalogPlaces);
}

/** Reads the catalogue on sale (withdrawn products left out) from the database. */
export async function listCatalog(db: Kysely<Database>): Promise<Catalog> {
  const [productRows, categoryRows] = await Promise.all([selectAllProducts(db), selectAllCategories(db)]);
  return {
    products: sortProductRows(productRows).map(rowToProduct),
    categories: categoryRows.map(rowToCategory),
  };
}

/** One product by id, or undefined. */
export async function getProduct(db: Kysely<Database>, id: string): Promise<Product | undefined> {
  const row = await selectProductById(db, id);
  return row ? rowToProduct(row) : undefined;
}

/** The products of the given ids that are on sale, in the order asked; unknown and withdrawn ids left out. */
export async function getProducts(db: Kysely<Database>, ids: readonly string[]): Promise<Product[]> {
  const byId = new Map((await selectLiveProductsByIds(db, ids)).map((row) => [row.id, rowToProduct(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** What seeding did. */
export interface SeedResult {
  /** False when the catalogue had been seeded (or filled) before: nothing changed. */
  seeded: boolean;
  products: number;
  categories: number;
}

/**
 * Fills an empty catalogue from the content folder (`contentDir` ends in /content), in one
 * transaction, and records it in meta. A catalogue seeded before, or holding rows, is left alone,
 * so restarts and concurrent starts change nothing.
 */
export async function seedCatalogFromContent(db: Kysely<Database>, contentDir: string, now = new Date()): Promise<SeedResult> {
  if (await selectMeta(db, CATALOG_SEEDED_KEY)) return { seeded: false, ...(await countCatalog(db)) };
  // Read and validate before opening the transaction: a bad content file names file and field.
  const root = dirname(contentDir);
  const productFiles = readProductFiles(root);
  const categories = readCategoriesFile(root);
  const stamp = now.toISOString();
  const positions = new Map<string, number>();
  const productRows: ProductsTable[] = productFiles.map(({ product, file }) => {
    const sourceFile = basename(file);
    const position = positions.get(sourceFile) ?? 0;
    positions.set(sourceFile, position + 1);
    return { ...productToColumns(product), source_file: sourceFile, position, version: 1, created_at: stamp, updated_at: stamp };
  });
  try {
    return await db.transaction().execute(async (trx) => {
      const counts = await countCatalog(trx);
      const claimed = await insertMetaOnce(
        trx,
        CATALOG_SEEDED_KEY,
        JSON.stringify({ at: stamp, products: productRows.length, categories: categories.length, filled: counts.products + counts.categories === 0 }),
        stamp,
      );
      if (!claimed) return { seeded: false, ...counts };
      // Rows already present (a database filled by other means) are kept; the mark still stops re-seeding.
      if (counts.products + counts.categories > 0) return { seeded: false, ...counts };
      await insertCategories(trx, categories.map(categoryToColumns));
      await insertProducts(trx, productRows);
      return { seeded: true, products: productRows.length, categories: categories.length };
    });
  } catch (err) {
    // Another process seeding at the same moment wins the unique keys; its result stands.
    if (await selectMeta(db, CATALOG_SEEDED_KEY)) return { seeded: false, ...(await countCatalog(db)) };
    throw err;
  }
}

/** Fields the content files always write as decimals (329.0, 4.0), like the tools that made them. */
const DECIMAL_FIELDS = new Set(['price', 'originalPrice', 'rating']);
const DECIMAL_MARK = '\u0000decimal:';

/**
 * Serialises a list the way the content files are written: 2-space JSON, money and ratings with a
 * decimal point even when whole, and a final newline unless `finalNewline` is false.
 */
export function formatContentJson(value: unknown, finalNewline = true): string {
  const text = JSON.stringify(
    value,
    (key, v: unknown) => (DECIMAL_FIELDS.has(key) && typeof v === 'number' && Number.isInteger(v) ? `${DECIMAL_MARK}${v}.0` : v),
    2,
  ).replace(/"\\u0000decimal:([0-9.]+)"/g, '$1');
  return finalNewline ? `${text}\n` : text;
}

/** Whether an existing file ends with a newline (new files get one). */
function endsWithNewline(path: string): boolean {
  try {
    return readFileSync(path, 'utf8').endsWith('\n');
  } catch {
    return true;
  }
}

/**
 * Writes the database catalogue back to the content folder: the six product lists (each product
 * on sale to the file it came from, in its position; withdrawn ones stay out, so a database seeded
 * from the files never sells them) and categories.json, in the files' own format (an
 * existing file keeps its final-newline convention). What it wrote becomes the content sync's
 * base in the same transaction (open content conflicts end: the files now hold the live values),
 * so deploying the files changes nothing. Returns the paths written.
 */
export async function exportCatalogToContent(db: Kysely<Database>, contentDir: string, now = new Date()): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    // No sync may read the files while they are half written, nor write between the read and the base.
    await claimContentSync(trx, now.toISOString());
    const [productRows, categoryRows] = await Promise.all([selectAllProducts(trx), selectAllCategories(trx)]);
    const byFile = new Map<string, Product[]>(PRODUCT_FILES.map((f) => [f, []]));
    for (const row of sortProductRows(productRows)) {
      const file = byFile.has(row.source_file) ? row.source_file : PRODUCT_FILES[PRODUCT_FILES.length - 1];
      // Data sheets are uploads the database alone owns: the files never carry them.
      byFile.get(file)!.push(rowToProduct({ ...row, documents: null }));
    }
    const written: string[] = [];
    const productsDir = join(contentDir, 'products');
    mkdirSync(productsDir, { recursive: true });
    for (const [file, products] of byFile) {
      const path = join(productsDir, file);
      writeFileSync(path, formatContentJson(products, endsWithNewline(path)));
      written.push(path);
    }
    const categoriesPath = join(contentDir, 'categories.json');
    writeFileSync(categoriesPath, formatContentJson(categoryRows.map(rowToCategory), endsWithNewline(categoriesPath)));
    written.push(categoriesPath);
    await mergeContentInto(trx, readContentSnapshot(contentDir), now, false);
    return written;
  });
}

/**
 * The content file a new product of `category` belongs in: the file holding most products of that
 * category, else the last list (specialty).
 */
export async function chooseSourceFile(db: Kysely<Database>, category: string): Promise<string> {
  const counts = (await countProductsByFileAndCategory(db)).filter((c) => c.category === category && byName(c.source_file));
  counts.sort((a, b) => b.n - a.n || fileRank(a.source_file) - fileRank(b.source_file));
  return counts[0]?.source_file ?? PRODUCT_FILES[PRODUCT_FILES.length - 1];
}

/** Whether a file name is one of the six product lists. */
function byName(file: string): boolean {
  return (PRODUCT_FILES as readonly string[]).includes(file);
}
