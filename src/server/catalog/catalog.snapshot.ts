import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { CategoriesTable, Database, ProductsTable } from '../db/schema';
import { selectAllCategories, selectAllProducts, selectCatalogRevision } from './catalog.repository';
import { rowToCategory, rowToProduct } from './catalog.rows';
import { sortProductRows } from './catalog.service';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The body encodings the catalogue is kept in. */
export type CatalogEncoding = 'br' | 'gzip' | 'identity';

/** The serialised catalogue of one revision, ready to send. */
export interface CatalogSnapshot {
  /** Database revision it was read at. */
  revision: number;
  /** Content hash of products + categories: equal catalogues have equal versions, on any server. */
  version: string;
  /** The JSON body `{ products, categories, version }` in an encoding, compressed on first use. */
  body(encoding: CatalogEncoding): Promise<Buffer>;
  /** Product count, for logs. */
  productCount: number;
}

/** What one snapshot build did, for the log: how many products had to be serialised again. */
export interface CatalogBuildReport {
  revision: number;
  products: number;
  /** Products whose row changed since the previous snapshot (all of them on the first build). */
  reserialised: number;
  ms: number;
}

/** Options of the cache. */
export interface CatalogCacheOptions {
  /** Called after each snapshot build (the server logs it). */
  onBuilt?: (report: CatalogBuildReport) => void;
  /**
   * What each product of the body is made of (default: the whole Product): a cache of a compact
   * view of the same rows (a list's cards, prices and stock) passes its own projection.
   */
  project?: (row: ProductsTable) => unknown;
}

/** Strong ETag of one encoding of a catalogue version (each encoding is its own representation). */
export function catalogEtag(version: string, encoding: CatalogEncoding): string {
  return encoding === 'identity' ? `"${version}"` : `"${version}-${encoding === 'br' ? 'br' : 'gz'}"`;
}

/** Whether an If-None-Match header names any encoding of `version` (weak comparison, RFC 9110 §13.1.2). */
export function matchesVersion(ifNoneMatch: string | null, version: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    return tag === '*' || tag === `"${version}"` || tag === `"${version}-br"` || tag === `"${version}-gz"`;
  });
}

/** Picks br, then gzip, then identity from an Accept-Encoding header (q=0 refuses a coding). */
export function pickEncoding(acceptEncoding: string | null): CatalogEncoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (coding: string) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

/** A product's row and its serialised JSON (UTF-8), kept between builds so an unchanged product is not serialised again. */
interface SerialisedProduct {
  row: ProductsTable;
  json: Buffer;
}

const COMMA = Buffer.from(',');

/** Columns that only order or book-keep a product: they never change its JSON. */
const BOOKKEEPING_COLUMNS = new Set<string>(['source_file', 'position', 'version', 'created_at', 'updated_at']);

/** Whether two rows of one product serialise the same (every column but the bookkeeping ones equal). */
function sameProductJson(a: ProductsTable, b: ProductsTable): boolean {
  for (const key of Object.keys(a) as (keyof ProductsTable)[]) {
    if (!BOOKKEEPING_COLUMNS.has(key) && a[key] !== b[key]) return false;
  }
  return true;
}

/** Compresses a body once, on first use, sharing the work between concurrent callers. */
export function lazyEncodings(json: Buffer): (encoding: CatalogEncoding) => Promise<Buffer> {
  const encoded = new Map<CatalogEncoding, Promise<Buffer>>([['identity', Promise.resolve(json)]]);
  return (encoding) => {
    let body = encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'gzip'
          ? gzipAsync(json, { level: 6 })
          : brotliAsync(json, {
              params: {
                // Quality 5 compresses this JSON within about 10 % of quality 9 at a thirtieth of the time: a body may live only until the next sale.
                [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length,
                [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
              },
            });
      encoded.set(encoding, body);
      body.catch(() => encoded.delete(encoding));
    }
    return body;
  };
}

/**
 * Keeps the serialised catalogue in memory, one per process, rebuilt only when the database
 * revision moves. The hot path is one revision read (shared by the requests that arrive while one
 * is under way) and a number compare. A rebuild reads the rows and serialises again only the
 * products whose row changed (a sale changes one stock number), and concurrent requests after a
 * change share that one rebuild.
 */
export class CatalogSnapshotCache {
  #current: CatalogSnapshot | undefined;
  #building: Promise<CatalogSnapshot> | undefined;
  #serialised = new Map<string, SerialisedProduct>();
  #revisionRead: Promise<number> | undefined;
  #nextRevisionRead: Promise<number> | undefined;
  readonly #onBuilt: CatalogCacheOptions['onBuilt'];
  readonly #project: NonNullable<CatalogCacheOptions['project']>;

  constructor(options: CatalogCacheOptions = {}) {
    this.#onBuilt = options.onBuilt;
    this.#project = options.project ?? rowToProduct;
  }

  /** The snapshot of the current revision, building it when the catalogue has changed. */
  async get(db: Kysely<Database>): Promise<CatalogSnapshot> {
    const revision = await this.#readRevision(db);
    if (this.#current?.revision === revision) return this.#current;
    for (;;) {
      this.#building ??= this.#build(db).finally(() => {
        this.#building = undefined;
      });
      const built = await this.#building;
      // A rebuild started before the change this request saw is not enough for it.
      if (built.revision >= revision) return built;
    }
  }

  /** Drops the cached snapshot (tests, or after a restore). */
  clear(): void {
    this.#current = undefined;
    this.#serialised.clear();
  }

  /**
   * The database revision, read no earlier than this call: a read already under way may have
   * started before a change this caller has seen, so callers arriving meanwhile share the next one.
   */
  #readRevision(db: Kysely<Database>): Promise<number> {
    if (!this.#revisionRead) {
      const read = selectCatalogRevision(db).finally(() => {
        this.#revisionRead = undefined;
      });
      this.#revisionRead = read;
      return read;
    }
    this.#nextRevisionRead ??= this.#revisionRead
      .catch(() => undefined)
      .then(() => {
        this.#nextRevisionRead = undefined;
        return this.#readRevision(db);
      });
    return this.#nextRevisionRead;
  }

  /** Reads the catalogue at the current revision and serialises what changed since the last build. */
  async #build(db: Kysely<Database>): Promise<CatalogSnapshot> {
    const started = performance.now();
    // The revision is read before the rows: rows newer than their label only cause one more rebuild, never a stale answer.
    const revision = await selectCatalogRevision(db);
    const [productRows, categoryRows] = await Promise.all([selectAllProducts(db), selectAllCategories(db)]);
    const snapshot = this.#serialise(revision, productRows, categoryRows, started);
    if (!this.#current || snapshot.revision >= this.#current.revision) this.#current = snapshot;
    return snapshot;
  }

  /** Builds the snapshot from rows, reusing the JSON of every product whose row is unchanged. */
  #serialise(revision: number, productRows: ProductsTable[], categoryRows: CategoriesTable[], started: number): CatalogSnapshot {
    const serialised = new Map<string, SerialisedProduct>();
    let reserialised = 0;
    const products = sortProductRows(productRows).map((row) => {
      const known = this.#serialised.get(row.id);
      if (known && sameProductJson(known.row, row)) {
        serialised.set(row.id, known);
        return known.json;
      }
      reserialised += 1;
      const fresh = { row, json: Buffer.from(JSON.stringify(this.#project(row))) };
      serialised.set(row.id, fresh);
      return fresh.json;
    });
    this.#serialised = serialised;
    // The bytes of JSON.stringify({ products, categories }), assembled from the kept pieces without one big string.
    const parts: Buffer[] = [Buffer.from('{"products":[')];
    products.forEach((json, i) => parts.push(...(i === 0 ? [json] : [COMMA, json])));
    parts.push(Buffer.from(`],"categories":${JSON.stringify(categoryRows.map(rowToCategory))}`));
    const hash = createHash('sha256');
    for (const part of parts) hash.update(part);
    hash.update('}');
    const version = hash.digest('base64url').slice(0, 22);
    // The body is the content plus its version.
    parts.push(Buffer.from(`,"version":"${version}"}`));
    const json = Buffer.concat(parts);
    const report = { revision, products: products.length, reserialised, ms: Math.round((performance.now() - started) * 10) / 10 };
    this.#onBuilt?.(report);
    return { revision, version, body: lazyEncodings(json), productCount: products.length };
  }
}
