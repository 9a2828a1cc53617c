import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { CategoriesTable, Database, ProductsTable } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

// Multi-row inserts are cut into batches well under SQLite's and PostgreSQL's parameter limits.
const INSERT_BATCH_ROWS = 100;

/** The catalogue revision: a counter the database increments on every product or category change. */
export async function selectCatalogRevision(db: Db): Promise<number> {
  const { rows } = await db.executeQuery(compiledOnce(db, 'revision', () => db.selectFrom('catalog_revision').select('revision').where('id', '=', 1).compile()));
  if (!rows[0]) throw new Error('The catalogue revision row is missing.');
  return Number(rows[0].revision);
}

/** The revision reads waiting for the end of this turn of the event loop, by database. */
const revisionReadsThisTurn = new WeakMap<Db, Promise<number>>();

/**
 * The catalogue revision, read once for every caller of one turn of the event loop: the requests
 * that arrived together (a busy server reads several from its sockets in one turn) share one read,
 * made after the last of them asked, so each sees every change committed before it asked. The
 * revision read was a tenth of a catalogue revalidation's CPU (SQLite takes its WAL read lock
 * with system calls, slow in a virtual machine), and the catalogue, its cards and every other
 * cache keyed by the revision ask for it on each request.
 */
export function readCatalogRevisionThisTurn(db: Db): Promise<number> {
  let read = revisionReadsThisTurn.get(db);
  if (!read) {
    read = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      // Callers from now on may have seen a later commit: they wait for the next read.
      revisionReadsThisTurn.delete(db);
      return selectCatalogRevision(db);
    });
    revisionReadsThisTurn.set(db, read);
  }
  return read;
}

/**
 * The two reads every catalogue request and product page makes, compiled once per database:
 * building and compiling a Kysely query each time cost more event-loop time than SQLite's read.
 */
const compiledQueries = new WeakMap<object, Map<string, CompiledQuery<Record<string, unknown>>>>();

function compiledOnce<R>(db: Db, name: string, compile: () => CompiledQuery<R>): CompiledQuery<R> {
  let known = compiledQueries.get(db);
  if (!known) compiledQueries.set(db, (known = new Map()));
  let query = known.get(name);
  if (!query) known.set(name, (query = compile() as CompiledQuery<Record<string, unknown>>));
  return query as CompiledQuery<R>;
}

/** Every live product row (withdrawn ones left out), in no particular order. */
export async function selectAllProducts(db: Db): Promise<ProductsTable[]> {
  return db.selectFrom('products').selectAll().where('withdrawn_at', 'is', null).execute();
}

/** A live product's id and row version. */
export type ProductStamp = Pick<ProductsTable, 'id' | 'version'>;

/**
 * The catalogue revision and every live product's stamp, in one statement: one snapshot of the
 * database (the stamps are exactly those of that revision) and one round trip where a rebuild
 * made two (on PostgreSQL, each a wait while 50 sales a second ask for rebuilds).
 */
export async function selectRevisionAndStamps(db: Db): Promise<{ revision: number; stamps: ProductStamp[] }> {
  const query = compiledOnce(db, 'revision-stamps', () =>
    db
      .selectFrom('catalog_revision as r')
      .leftJoin('products as p', (join) => join.on('p.withdrawn_at', 'is', null))
      .select(['r.revision', 'p.id', 'p.version'])
      .where('r.id', '=', 1)
      .compile(),
  );
  const { rows } = await db.executeQuery(query);
  if (!rows[0]) throw new Error('The catalogue revision row is missing.');
  const stamps: ProductStamp[] = [];
  for (const row of rows) if (row.id !== null) stamps.push({ id: row.id, version: row.version! });
  return { revision: Number(rows[0].revision), stamps };
}

/** The live product rows with these ids (withdrawn ones left out), in no particular order. */
export async function selectLiveProductsByIds(db: Db, ids: readonly string[]): Promise<ProductsTable[]> {
  const rows: ProductsTable[] = [];
  // Well under SQLite's and PostgreSQL's parameter limits.
  for (let i = 0; i < ids.length; i += 500) {
    rows.push(...(await db.selectFrom('products').selectAll().where('id', 'in', ids.slice(i, i + 500)).where('withdrawn_at', 'is', null).execute()));
  }
  return rows;
}

/** The live product (not withdrawn) whose slug is `slug`, or undefined. */
export async function selectLiveProductBySlug(db: Db, slug: string): Promise<ProductsTable | undefined> {
  return db.selectFrom('products').selectAll().where('slug', '=', slug).where('withdrawn_at', 'is', null).executeTakeFirst();
}

/**
 * What identifies the state of the live product with this slug: its id and row version ('id:version'),
 * or undefined when no product on sale has the slug. Every change of the row (an edit, a sale's
 * stock) moves the version: a product page rendered at one stamp stays right until it moves.
 */
export async function selectLiveProductStamp(db: Db, slug: string): Promise<string | undefined> {
  const template = compiledOnce(db, 'stamp', () => db.selectFrom('products').select(['id', 'version']).where('slug', '=', '').where('withdrawn_at', 'is', null).compile());
  // The slug is the template's one parameter.
  const { rows } = await db.executeQuery(CompiledQuery.raw(template.sql, [slug]) as CompiledQuery<{ id: string; version: number }>);
  const row = rows[0];
  return row ? `${row.id}:${row.version}` : undefined;
}

/** Slug and last change of every live product (not withdrawn), by slug. */
export async function selectLiveProductSlugs(db: Db): Promise<Pick<ProductsTable, 'slug' | 'updated_at'>[]> {
  return db.selectFrom('products').select(['slug', 'updated_at']).where('withdrawn_at', 'is', null).orderBy('slug').execute();
}

/** The live product row with this id, or undefined (also when withdrawn). */
export async function selectProductById(db: Db, id: string): Promise<ProductsTable | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).where('withdrawn_at', 'is', null).executeTakeFirst();
}

/** Every category row, by sort order. */
export async function selectAllCategories(db: Db): Promise<CategoriesTable[]> {
  return db.selectFrom('categories').selectAll().orderBy('sort_order').orderBy('id').execute();
}

/** How many products and categories there are. */
export async function countCatalog(db: Db): Promise<{ products: number; categories: number }> {
  const products = await db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const categories = await db.selectFrom('categories').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return { products: Number(products.n), categories: Number(categories.n) };
}

/** Inserts product rows in batches. */
export async function insertProducts(db: Db, rows: ProductsTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH_ROWS) {
    await db.insertInto('products').values(rows.slice(i, i + INSERT_BATCH_ROWS)).execute();
  }
}

/** Inserts category rows in batches. */
export async function insertCategories(db: Db, rows: CategoriesTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH_ROWS) {
    await db.insertInto('categories').values(rows.slice(i, i + INSERT_BATCH_ROWS)).execute();
  }
}

/** How many products each content file holds per category (to place a new product). */
export async function countProductsByFileAndCategory(
  db: Db,
): Promise<{ source_file: string; category: string; n: number }[]> {
  const rows = await db
    .selectFrom('products')
    .select(['source_file', 'category', (eb) => eb.fn.countAll().as('n')])
    .groupBy(['source_file', 'category'])
    .execute();
  return rows.map((r) => ({ source_file: r.source_file, category: r.category, n: Number(r.n) }));
}

/** The next free position at the end of a content file. */
export async function selectNextPosition(db: Db, sourceFile: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('source_file', '=', sourceFile)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}
