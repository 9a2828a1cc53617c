import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { CategoriesTable, Database, ProductsTable } from '../db/schema';
import {
  selectAllCategories,
  selectAllProducts,
  readCatalogRevisionThisTurn,
  selectLiveProductsByIds,
  selectRevisionAndStamps,
  type ProductStamp,
} from './catalog.repository';
import { rowToCategory, rowToProduct } from './catalog.rows';
import type { OwnCatalogChange } from './own-changes';
import { compareCatalogPlaces, type CatalogPlace } from './catalog.service';
import { DEFLATE_WINDOW, deflatePart, deflatePartSync, gzipFromParts, type GzipPart } from './gzip-parts';

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
  /**
   * The encoding to answer with, from those the client accepts (best first): brotli only once it
   * is ready or quick to make, else gzip meanwhile (see CatalogSnapshotCache).
   */
  choose(accepted: readonly CatalogEncoding[]): CatalogEncoding;
  /** Product count, for logs. */
  productCount: number;
}

/** What one snapshot build did, for the log: how many products had to be serialised again. */
export interface CatalogBuildReport {
  revision: number;
  /** What the snapshot was made from: the database, or a change this process committed (no read). */
  source: 'database' | 'own change';
  products: number;
  /** Products whose row changed since the previous snapshot (all of them on the first build). */
  reserialised: number;
  /** Runs of products the body is cut into, and how many of them were made anew (and so compressed again). */
  chunks: number;
  rechunked: number;
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
  /**
   * The group a product belongs to (the cards: its category), for answers of one group alone
   * (CatalogSnapshotCache.getGroup): without it the cache answers the whole catalogue only.
   */
  groupOf?: (row: ProductsTable) => string;
  /**
   * Keep each product's projected object beside its JSON, for CatalogSnapshotCache.items (the
   * cards' cache, which the server queries): off by default, as a second copy of every product.
   */
  keepItems?: boolean;
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

/** The encodings an Accept-Encoding header accepts, best first: br, gzip, identity (q=0 refuses a coding). */
export function acceptedEncodings(acceptEncoding: string | null): CatalogEncoding[] {
  if (!acceptEncoding) return ['identity'];
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (coding: string) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
  const encodings: CatalogEncoding[] = [];
  if (ok('br')) encodings.push('br');
  if (ok('gzip')) encodings.push('gzip');
  encodings.push('identity');
  return encodings;
}

/** Picks br, then gzip, then identity from an Accept-Encoding header (q=0 refuses a coding). */
export function pickEncoding(acceptEncoding: string | null): CatalogEncoding {
  return acceptedEncodings(acceptEncoding)[0]!;
}

/** Compresses a JSON body with gzip or brotli (off the main thread). */
function compressJson(json: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'gzip'
    ? gzipAsync(json, { level: 6 })
    : brotliAsync(json, {
        params: {
          // Quality 5 compresses this JSON within about 10 % of quality 9 at a thirtieth of the time: a body may live only until the next sale.
          [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        },
      });
}

/** Compresses a body once, on first use, sharing the work between concurrent callers. */
export function lazyEncodings(json: Buffer): (encoding: CatalogEncoding) => Promise<Buffer> {
  const encoded = new Map<CatalogEncoding, Promise<Buffer>>([['identity', Promise.resolve(json)]]);
  return (encoding) => {
    let body = encoded.get(encoding);
    if (!body) {
      body = compressJson(json, encoding === 'identity' ? 'gzip' : encoding);
      encoded.set(encoding, body);
      body.catch(() => encoded.delete(encoding));
    }
    return body;
  };
}

/** Where a run of products starts: about one product in CHUNK_SPREAD, chosen by its id. */
const CHUNK_SPREAD = 32;
/** The longest run, however the ids fall. */
const CHUNK_MAX = 96;
/**
 * Up to this many bytes of JSON, a client that accepts brotli waits for it (a few milliseconds);
 * a bigger catalogue is sent as gzip until its brotli is ready, compressed off the request path,
 * one at a time, so a sale every few milliseconds never queues brotli work it will throw away.
 */
const BROTLI_WAIT_MAX_BYTES = 1_000_000;

/** What the cache keeps of one product between builds. */
interface KeptProduct {
  version: number;
  place: CatalogPlace;
  /** Its JSON: a view into the bytes of the run it is in. */
  json: Buffer;
  /** The object `json` was written from (the projection), kept with it while the JSON is unchanged. */
  item: unknown;
  /** Whether a run starts at this product. */
  startsRun: boolean;
  /** Its group (CatalogCacheOptions.groupOf), when the cache has groups. */
  group?: string;
}

/** A run of consecutive products: its JSON (the products joined by commas), hash and gzip part. */
interface Chunk {
  ids: string[];
  /** The JSON of each product, views into `json`. */
  parts: Buffer[];
  json: Buffer;
  hash: Buffer;
  /** Its gzip part, made with what preceded it in the body then (`after`: the run before it, or none when first). */
  gzip?: { first: boolean; after: Buffer; part: Promise<GzipPart> };
}

const OPEN = Buffer.from('{"products":[');
const COMMA = Buffer.from(',');
const OPEN_GZIP = deflatePartSync(OPEN);
const COMMA_GZIP = deflatePartSync(COMMA);

/**
 * The gzip part of a run at its place in the body: `before` is the run before it, or undefined for
 * the first. The part refers back into the bytes before it (src/server/catalog/gzip-parts.ts), so
 * it is made again when those change, not only when the run does.
 */
function gzipPartOf(chunk: Chunk, before: Chunk | undefined): Promise<GzipPart> {
  const first = before === undefined;
  // The last bytes of the run before, the comma after them completing the window.
  const after = first ? OPEN : before.json.subarray(-(DEFLATE_WINDOW - COMMA.length));
  const known = chunk.gzip;
  if (known && known.first === first && (known.after === after || known.after.equals(after))) {
    // Keep the newest view, so an older run's bytes are not held for it.
    known.after = after;
    return known.part;
  }
  const part = deflatePart(chunk.json, first ? OPEN : Buffer.concat([after, COMMA]));
  chunk.gzip = { first, after, part };
  part.catch(() => {
    if (chunk.gzip?.part === part) chunk.gzip = undefined;
  });
  return part;
}

/** Whether a run starts at the product with this id (FNV-1a of the id): equal catalogues cut alike on every server. */
function startsRun(id: string): boolean {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % CHUNK_SPREAD === 0;
}

/** Whether two places in the catalogue order are the same. */
function samePlace(a: CatalogPlace, b: CatalogPlace): boolean {
  return a.source_file === b.source_file && a.position === b.position;
}

/** Joins JSON pieces with commas into one buffer and returns it with a view of each piece in it. */
function joinJson(pieces: readonly Buffer[]): { json: Buffer; parts: Buffer[] } {
  const json = Buffer.concat(pieces.flatMap((piece, i) => (i === 0 ? [piece] : [COMMA, piece])));
  const parts: Buffer[] = [];
  let offset = 0;
  for (const piece of pieces) {
    parts.push(json.subarray(offset, offset + piece.length));
    offset += piece.length + COMMA.length;
  }
  return { json, parts };
}

/**
 * Keeps the serialised catalogue in memory, one per process, rebuilt only when the database
 * revision moves. The hot path is one revision read (shared by the requests of one turn of the
 * event loop) and a number compare; concurrent requests after a change share one rebuild.
 *
 * A rebuild costs what changed, not what the catalogue holds: it reads every live product's id,
 * version, reads whole only the rows whose version moved (a sale
 * moves one), and serialises only those. The body is kept as runs of about CHUNK_SPREAD products,
 * cut where a product's id says so (so adding or withdrawing a product moves only the runs around
 * it), each with its own hash and gzip part: a sale re-hashes and recompresses one run, and the
 * gzip body is the runs' parts joined (src/server/catalog/gzip-parts.ts). Brotli cannot be joined
 * that way: it is made whole, once per version, and big catalogues get gzip until it is ready.
 */
export class CatalogSnapshotCache {
  #current: CatalogSnapshot | undefined;
  #building: Promise<CatalogSnapshot> | undefined;
  #kept = new Map<string, KeptProduct>();
  /** Ids in catalogue order at the last build. */
  #order: string[] = [];
  /** The last build's runs, by their first product. */
  #chunks = new Map<string, Chunk>();
  #categoriesJson: Buffer = Buffer.from('[]');
  /** The categories of the last build, which a change of products alone leaves as they are. */
  #categoryRows: CategoriesTable[] | undefined;
  /** The brotli compression under way for a big catalogue, if any. */
  #brotliBusy = false;
  readonly #onBuilt: CatalogCacheOptions['onBuilt'];
  readonly #project: NonNullable<CatalogCacheOptions['project']>;
  readonly #groupOf: CatalogCacheOptions['groupOf'];
  readonly #keepItems: boolean;
  /** What each snapshot was made of (its order and products), for the answers of one group and items(); `byGroup` and `items` made on first use. */
  readonly #contents = new WeakMap<
    CatalogSnapshot,
    { order: readonly string[]; kept: ReadonlyMap<string, KeptProduct>; byGroup?: Map<string, Buffer[]>; items?: readonly unknown[] }
  >();
  /** The last items() array made, handed out again for a snapshot of the very same objects. */
  #lastItems: readonly unknown[] = [];
  /** The last answer of each group asked for (a group's products, version and compressed bodies), with its products' bytes. */
  #groups = new Map<string, { answer: CatalogSnapshot; parts: readonly Buffer[] }>();

  constructor(options: CatalogCacheOptions = {}) {
    this.#onBuilt = options.onBuilt;
    this.#project = options.project ?? rowToProduct;
    this.#groupOf = options.groupOf;
    this.#keepItems = options.keepItems ?? false;
  }

  /** The snapshot of the current revision, building it when the catalogue has changed. */
  async get(db: Kysely<Database>): Promise<CatalogSnapshot> {
    let revision = await readCatalogRevisionThisTurn(db);
    const seen = this.#current?.revision;
    if (seen !== undefined && revision < seen) {
      // Read before this process's own change was applied (the snapshot answers), or a database
      // that went back (restored, replaced): a read begun now tells them apart. It is compared with
      // the snapshot it began after: sales applied while it is under way move the snapshot past it,
      // and other requests may have cleared it meanwhile.
      revision = await readCatalogRevisionThisTurn(db);
      if (revision < seen) this.clear();
    }
    // A snapshot of a later revision (made from this process's own change) answers too.
    if (this.#current && this.#current.revision >= revision) return this.#current;
    for (;;) {
      this.#building ??= this.#build(db).finally(() => {
        this.#building = undefined;
      });
      const built = await this.#building;
      // A rebuild started before the change this request saw is not enough for it.
      if (built.revision >= revision) return built;
    }
  }

  /**
   * The answer of one group alone (a category's cards: `{ category, products, version }`, its
   * products in catalogue order) at the current revision, with a version of its own (a hash of its
   * products), so a sale moves only its own group's version and ETag. Made from the snapshot's
   * product bytes (no serialising again) on the first request of a revision, a pass over the ids
   * and a hash of the group's bytes; kept, with the bodies compressed on first use, as long as the
   * group's products are unchanged. One kept answer per group asked for: together they hold about
   * the catalogue once more, compressed (a group is compressed whole: a fraction of the catalogue).
   */
  async getGroup(db: Kysely<Database>, group: string): Promise<CatalogSnapshot> {
    if (!this.#groupOf) throw new Error('This catalogue cache has no groups (CatalogCacheOptions.groupOf).');
    const whole = await this.get(db);
    const known = this.#groups.get(group);
    if (known && known.answer.revision >= whole.revision) return known.answer;
    const contents = this.#contents.get(whole)!;
    if (!contents.byGroup) {
      // One pass over the catalogue per revision for every group's products, not one per group.
      const byGroup = new Map<string, Buffer[]>();
      for (const id of contents.order) {
        const product = contents.kept.get(id)!;
        const key = product.group ?? '';
        const list = byGroup.get(key);
        if (list) list.push(product.json);
        else byGroup.set(key, [product.json]);
      }
      contents.byGroup = byGroup;
    }
    const parts = contents.byGroup.get(group) ?? [];
    // The same bytes (a sale of another group) need no hash: the kept answer stands.
    const same = known !== undefined && known.parts.length === parts.length && known.parts.every((part, i) => part === parts[i]);
    let version = known?.answer.version ?? '';
    if (!same) {
      const hash = createHash('sha256').update(JSON.stringify(group));
      for (const part of parts) hash.update(COMMA).update(part);
      version = hash.digest('base64url').slice(0, 22);
    }
    // Unchanged products keep the kept answer and its compressed bodies, under the new revision.
    const answer = known?.answer.version === version ? { ...known.answer, revision: whole.revision } : this.#groupSnapshot(whole.revision, version, group, parts);
    // Synchronous from the revision on: requests that waited for the same snapshot find this one.
    this.#groups.set(group, { answer, parts });
    return answer;
  }

  /**
   * The current snapshot's products as objects (the projection, e.g. cards), in catalogue order,
   * without parsing its body: the same array for the same snapshot, and for a new snapshot of the
   * same objects, so per-array caches (queryWithFacets' sorted copies and searches) outlive a
   * request and go with the catalogue they were made of. Read only: every caller shares them.
   */
  async items(db: Kysely<Database>): Promise<{ version: string; items: readonly unknown[] }> {
    if (!this.#keepItems) throw new Error('This catalogue cache keeps no items (CatalogCacheOptions.keepItems).');
    const snapshot = await this.get(db);
    const contents = this.#contents.get(snapshot)!;
    if (!contents.items) {
      const items = contents.order.map((id) => contents.kept.get(id)!.item);
      const previous = this.#lastItems;
      const same = previous.length === items.length && items.every((item, i) => item === previous[i]);
      contents.items = same ? previous : items;
      this.#lastItems = contents.items;
    }
    return { version: snapshot.version, items: contents.items };
  }

  /** Drops the cached snapshot (tests, or after a restore). */
  clear(): void {
    this.#current = undefined;
    this.#groups.clear();
    this.#kept.clear();
    this.#order = [];
    this.#chunks.clear();
    this.#lastItems = [];
  }

  /** Reads what changed since the last build and builds the snapshot of the current revision. */
  async #build(db: Kysely<Database>): Promise<CatalogSnapshot> {
    const started = performance.now();
    // The revision and the stamps are read together, the rows after: rows newer than their label only cause one more rebuild, never a stale answer.
    const { revision, stamps } = await selectRevisionAndStamps(db);
    const moved = stamps.filter((stamp) => this.#kept.get(stamp.id)?.version !== Number(stamp.version)).map((stamp) => stamp.id);
    // The first build (or a catalogue mostly changed, like a big import) reads every row in one go.
    // The rows and the categories side by side (two connections of PostgreSQL's pool; one after the other on SQLite).
    const [rows, categoryRows] = await Promise.all([
      moved.length === 0 ? [] : moved.length > stamps.length / 2 ? selectAllProducts(db) : selectLiveProductsByIds(db, moved),
      selectAllCategories(db),
    ]);
    // A change of this process applied meanwhile (applyOwnChange) may have made this revision, or a later one, already.
    if (this.#current && this.#current.revision >= revision) return this.#current;
    this.#categoryRows = categoryRows;
    const snapshot = this.#assemble(revision, stamps, rows, categoryRows, started, 'database');
    this.#current = snapshot;
    return snapshot;
  }

  /**
   * Makes the next snapshot from a change this process committed (./own-changes.ts), without
   * reading the database, when the current snapshot is of the revision the change started from
   * (so no other change came between) and the change holds every write between its revisions
   * (one revision step per product row). Otherwise it does nothing: the next request reads the
   * newer revision and rebuilds as before. A rebuild under way meanwhile keeps whichever is newer.
   */
  applyOwnChange(change: OwnCatalogChange): void {
    const current = this.#current;
    if (!current || current.revision !== change.from || !this.#categoryRows) return;
    if (change.to - change.from !== change.rows.length) return;
    // Rows of products the snapshot does not hold, or withdrawn by the change, are left to a rebuild.
    if (change.rows.some((row) => row.withdrawn_at !== null || !this.#kept.has(row.id))) return;
    const fresh = new Map(change.rows.map((row) => [row.id, row]));
    const stamps: ProductStamp[] = [];
    for (const [id, kept] of this.#kept) stamps.push({ id, version: fresh.get(id)?.version ?? kept.version });
    this.#current = this.#assemble(change.to, stamps, change.rows, this.#categoryRows, performance.now(), 'own change');
  }

  /** Builds the snapshot: the products serialised again where their version moved, runs made anew where a product in them did. */
  #assemble(
    revision: number,
    stamps: ProductStamp[],
    rows: readonly ProductsTable[],
    categoryRows: CategoriesTable[],
    started: number,
    source: CatalogBuildReport['source'],
  ): CatalogSnapshot {
    const fresh = new Map(rows.map((row) => [row.id, row]));
    const kept = new Map<string, KeptProduct>();
    let reserialised = 0;
    for (const stamp of stamps) {
      const known = this.#kept.get(stamp.id);
      const row = fresh.get(stamp.id);
      if (row && known?.version !== Number(row.version)) {
        reserialised += 1;
        const item = this.#project(row);
        const json = Buffer.from(JSON.stringify(item));
        // Unchanged JSON (a change of bookkeeping only) keeps its bytes, and so its run, and its object.
        const same = known !== undefined && known.json.equals(json);
        kept.set(stamp.id, {
          version: Number(row.version),
          place: { id: row.id, source_file: row.source_file, position: Number(row.position) },
          json: same ? known.json : json,
          item: this.#keepItems ? (same ? known.item : item) : undefined,
          startsRun: known?.startsRun ?? startsRun(stamp.id),
          group: this.#groupOf?.(row),
        });
      } else if (known && known.version === Number(stamp.version)) {
        kept.set(stamp.id, known);
      }
      // Otherwise the row moved on or went between the two reads: the next build, which its change asked for, has it.
    }
    const order = this.#orderOf(kept);
    const chunks = this.#chunk(order, kept);
    const rechunked = chunks.filter((chunk) => this.#chunks.get(chunk.ids[0]!) !== chunk).length;
    this.#kept = kept;
    this.#order = order;
    this.#chunks = new Map(chunks.map((chunk) => [chunk.ids[0]!, chunk]));
    const categoriesJson = Buffer.from(JSON.stringify(categoryRows.map(rowToCategory)));
    if (!categoriesJson.equals(this.#categoriesJson)) this.#categoriesJson = categoriesJson;

    const hash = createHash('sha256');
    for (const chunk of chunks) hash.update(chunk.hash);
    hash.update(this.#categoriesJson);
    const version = hash.digest('base64url').slice(0, 22);
    const report = { revision, source, products: order.length, reserialised, chunks: chunks.length, rechunked, ms: Math.round((performance.now() - started) * 10) / 10 };
    this.#onBuilt?.(report);
    const snapshot = this.#snapshot(revision, version, chunks, this.#categoriesJson, order.length);
    this.#contents.set(snapshot, { order, kept });
    return snapshot;
  }

  /** The catalogue order: the last build's when no product came, went or moved, else sorted anew. */
  #orderOf(kept: Map<string, KeptProduct>): string[] {
    const previous = this.#order;
    const known = this.#kept;
    const same =
      previous.length === kept.size &&
      previous.every((id) => {
        const now = kept.get(id);
        const before = known.get(id);
        return now !== undefined && before !== undefined && (now.place === before.place || samePlace(now.place, before.place));
      });
    if (same) return previous;
    return [...kept.values()].map((product) => product.place).sort(compareCatalogPlaces).map((place) => place.id);
  }

  /** Cuts the ordered products into runs, reusing every run whose products and bytes are unchanged. */
  #chunk(order: string[], kept: Map<string, KeptProduct>): Chunk[] {
    const chunks: Chunk[] = [];
    let ids: string[] = [];
    const close = () => {
      if (ids.length === 0) return;
      const pieces = ids.map((id) => kept.get(id)!.json);
      const previous = this.#chunks.get(ids[0]!);
      if (previous && previous.ids.length === ids.length && previous.parts.every((part, i) => part === pieces[i])) {
        chunks.push(previous);
      } else {
        const { json, parts } = joinJson(pieces);
        ids.forEach((id, i) => {
          kept.get(id)!.json = parts[i]!;
        });
        chunks.push({ ids, parts, json, hash: createHash('sha256').update(json).digest() });
      }
      ids = [];
    };
    for (const id of order) {
      if (ids.length >= CHUNK_MAX || (ids.length > 0 && kept.get(id)!.startsRun)) close();
      ids.push(id);
    }
    close();
    return chunks;
  }

  /** The snapshot of one version: its bodies made on first use from the runs. */
  #snapshot(revision: number, version: string, chunks: Chunk[], categoriesJson: Buffer, productCount: number): CatalogSnapshot {
    const tail = Buffer.concat([Buffer.from('],"categories":'), categoriesJson, Buffer.from(`,"version":"${version}"}`)]);
    const size = OPEN.length + chunks.reduce((sum, chunk) => sum + chunk.json.length + COMMA.length, 0) + tail.length;
    let identity: Buffer | undefined;
    const identityBody = () => (identity ??= Buffer.concat([OPEN, ...chunks.flatMap((chunk, i) => (i === 0 ? [chunk.json] : [COMMA, chunk.json])), tail]));
    let gzipBody: Promise<Buffer> | undefined;
    const makeGzip = () => {
      if (!gzipBody) {
        const made = Promise.all(chunks.map((chunk, i) => gzipPartOf(chunk, chunks[i - 1]))).then((parts) =>
          gzipFromParts([OPEN_GZIP, ...parts.flatMap((part, i) => (i === 0 ? [part] : [COMMA_GZIP, part])), deflatePartSync(tail, chunks.at(-1)?.json ?? OPEN)]),
        );
        gzipBody = made;
        made.catch(() => {
          if (gzipBody === made) gzipBody = undefined;
        });
      }
      return gzipBody;
    };
    let brotliBody: Promise<Buffer> | undefined;
    let brotliReady = false;
    const makeBrotli = () => {
      if (!brotliBody) {
        brotliBody = lazyEncodings(identityBody())('br');
        brotliBody.then(
          () => {
            brotliReady = true;
          },
          () => {
            brotliBody = undefined;
          },
        );
      }
      return brotliBody;
    };
    return {
      revision,
      version,
      productCount,
      body: (encoding) => (encoding === 'identity' ? Promise.resolve(identityBody()) : encoding === 'gzip' ? makeGzip() : makeBrotli()),
      choose: (accepted) => this.#choose(accepted, size, { ready: () => brotliReady, started: () => brotliBody !== undefined, make: makeBrotli }),
    };
  }

  /**
   * The encoding to answer with: the client's best, except that a body over BROTLI_WAIT_MAX_BYTES
   * whose brotli is not ready goes as gzip meanwhile, its brotli made off the request path (one
   * at a time for the whole cache).
   */
  #choose(accepted: readonly CatalogEncoding[], size: number, brotli: { ready(): boolean; started(): boolean; make(): Promise<unknown> }): CatalogEncoding {
    const best = accepted[0] ?? 'identity';
    if (best !== 'br' || brotli.ready() || size <= BROTLI_WAIT_MAX_BYTES || !accepted.includes('gzip')) return best;
    if (!brotli.started() && !this.#brotliBusy) {
      this.#brotliBusy = true;
      void brotli
        .make()
        .catch(() => undefined)
        .finally(() => {
          this.#brotliBusy = false;
        });
    }
    return 'gzip';
  }

  /** The answer of one group: `{ category, products, version }` of its products' bytes, compressed whole on first use. */
  #groupSnapshot(revision: number, version: string, group: string, parts: readonly Buffer[]): CatalogSnapshot {
    const head = Buffer.from(`{"category":${JSON.stringify(group)},"products":[`);
    const tail = Buffer.from(`],"version":"${version}"}`);
    const size = head.length + tail.length + parts.reduce((sum, part) => sum + part.length + COMMA.length, 0);
    // Joined when needed and not kept (the compressed bodies are): clients without compression are rare.
    const identity = () => Buffer.concat([head, ...parts.flatMap((part, i) => (i === 0 ? [part] : [COMMA, part])), tail]);
    const encoded = new Map<'br' | 'gzip', Promise<Buffer>>();
    let brotliReady = false;
    const body = (encoding: CatalogEncoding): Promise<Buffer> => {
      if (encoding === 'identity') return Promise.resolve(identity());
      let made = encoded.get(encoding);
      if (!made) {
        const making = compressJson(identity(), encoding);
        made = making;
        encoded.set(encoding, making);
        making.then(
          () => {
            if (encoding === 'br') brotliReady = true;
          },
          () => {
            if (encoded.get(encoding) === making) encoded.delete(encoding);
          },
        );
      }
      return made;
    };
    return {
      revision,
      version,
      productCount: parts.length,
      body,
      choose: (accepted) => this.#choose(accepted, size, { ready: () => brotliReady, started: () => encoded.has('br'), make: () => body('br') }),
    };
  }
}
