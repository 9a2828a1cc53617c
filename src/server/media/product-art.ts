/**
 * The product art (a studio shot, a swatch and a detail card per product, SVG) drawn by the server
 * on first request from the product's row, with the drawing code the build's media generator uses
 * for everything else (src/lib/product-art). The build used to draw all three for every product:
 * 30,000 files and 540 MB at 10,000 products, most of its CPU; now it draws none, and an edited or
 * imported product's art follows its data.
 *
 * URLs stay those the content names: /images/generated/products/<slug>.svg, <slug>-swatch.svg and
 * <slug>-detail.svg. A slug the product had before a rename still draws its art (pages and carts
 * may hold the old URL). Each answer is compressed (br or gzip, as the request accepts), carries
 * an ETag of the drawing's bytes (a price or stock change redraws to the same bytes: clients keep
 * theirs with a 304) and is kept in a memory cache bounded in bytes.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Kysely } from 'kysely';
import { describeProduct, renderDetail, renderProductMain, renderSwatch } from '../../lib/product-art/products.mjs';
import { selectLiveProductBySlug, selectLiveProductStamp } from '../catalog/catalog.repository';
import { rowToProduct } from '../catalog/catalog.rows';
import { catalogEtag, lazyEncodings, matchesVersion, pickEncoding, type CatalogEncoding } from '../catalog/catalog.snapshot';
import { currentSlugFor } from '../catalog/product-slugs.repository';
import type { Database } from '../db/schema';
import { isDatabaseUnavailable } from '../db/errors';
import type { Logger } from '../log';
import { getConfig, getDatabase } from '../runtime';

/** Where the product art is served (the folder the media generator wrote it to before). */
export const PRODUCT_ART_PREFIX = '/images/generated/products/';

/** The three drawings of a product, by the suffix of their file name. */
const VIEWS = { '': renderProductMain, '-swatch': renderSwatch, '-detail': renderDetail } as const;
type View = keyof typeof VIEWS;

/**
 * A day fresh, then a week served stale while the browser asks again: the URL names the product,
 * not the drawing, so an edit of its name or colour must reach browsers that hold the old art
 * within a day; between edits a revalidation is a 304 without a body.
 */
export const PRODUCT_ART_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

// Longer than any slug the product form accepts (plus '-swatch.svg'): such a path is not looked up.
const MAX_FILE_NAME_LENGTH = 220;
const FILE_NAME = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;

/** Whether a path names a product drawing (a well-formed file name under PRODUCT_ART_PREFIX). */
export function isProductArtPath(pathname: string): boolean {
  if (!pathname.startsWith(PRODUCT_ART_PREFIX)) return false;
  const name = pathname.slice(PRODUCT_ART_PREFIX.length);
  return name.length <= MAX_FILE_NAME_LENGTH && FILE_NAME.test(name);
}

/** The (slug, view) pairs a file stem may name: the whole stem as a slug first, then a view's suffix stripped. */
function candidatesOf(stem: string): { slug: string; view: View }[] {
  const found: { slug: string; view: View }[] = [{ slug: stem, view: '' }];
  for (const view of ['-swatch', '-detail'] as const) {
    if (stem.endsWith(view) && stem.length > view.length) found.push({ slug: stem.slice(0, -view.length), view });
  }
  return found;
}

/** One drawing: its ETag version (a hash of the bytes), its size and its bytes in each encoding. */
interface Drawing {
  version: string;
  bytes: number;
  body: (encoding: CatalogEncoding) => Promise<Buffer>;
}

/** What a request for product art carries that its answer depends on. */
export interface ProductArtRequest {
  head: boolean;
  acceptEncoding: string | null;
  ifNoneMatch: string | null;
}

/** An answer, ready for a node response. */
export interface ProductArtAnswer {
  status: 200 | 304 | 404;
  headers: Record<string, string>;
  body: Buffer | null;
}

const NOT_FOUND: ProductArtAnswer = {
  status: 404,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
  body: Buffer.from('Not found.\n'),
};

/**
 * Memory kept per drawing, against the budget: its SVG and the compressed forms a request asked for
 * (brotli and gzip together weigh about two thirds of the SVG; measured on the editors' products).
 */
function weightOf(svgBytes: number): number {
  return Math.ceil(svgBytes * 1.7);
}

/**
 * The drawings of product art, each kept under the stamp of the row it was drawn from
 * ('id:version') while its product is unchanged, the least recently used first out once the kept
 * drawings weigh more than `maxBytes`. A row that changed is drawn again; when the drawing's bytes
 * did not change (a sale changes only the stock), its compressed forms and ETag are kept.
 */
export class ProductArtCache {
  readonly #entries = new Map<string, { stamp: string; drawing: Drawing }>();
  readonly #drawing = new Map<string, Promise<Drawing | undefined>>();
  #bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** Bytes the kept drawings weigh (tests, logs). */
  get bytes(): number {
    return this.#bytes;
  }

  /** The answer to a GET or HEAD of `pathname` (a path isProductArtPath accepts). */
  async answer(db: Kysely<Database>, pathname: string, request: ProductArtRequest): Promise<ProductArtAnswer> {
    if (!isProductArtPath(pathname)) return NOT_FOUND;
    const stem = pathname.slice(PRODUCT_ART_PREFIX.length, -'.svg'.length);
    for (const { slug, view } of candidatesOf(stem)) {
      const drawing = await this.#drawingOf(db, slug, view);
      if (drawing) return answerOf(drawing, request);
    }
    return NOT_FOUND;
  }

  /** The drawing of a view of the product that has, or had, `slug`; undefined when no live product did. */
  async #drawingOf(db: Kysely<Database>, slug: string, view: View): Promise<Drawing | undefined> {
    let stamp = await selectLiveProductStamp(db, slug);
    if (stamp === undefined) {
      const current = await currentSlugFor(db, slug);
      if (current === undefined) return undefined;
      slug = current;
      stamp = await selectLiveProductStamp(db, slug);
      if (stamp === undefined) return undefined;
    }
    const key = `${slug}${view}`;
    const kept = this.#entries.get(key);
    if (kept?.stamp === stamp) {
      // Most recently used last.
      this.#entries.delete(key);
      this.#entries.set(key, kept);
      return kept.drawing;
    }
    // Requests that arrive while a drawing is under way share it.
    let pending = this.#drawing.get(key);
    if (!pending) {
      pending = this.#draw(db, slug, view, key).finally(() => this.#drawing.delete(key));
      this.#drawing.set(key, pending);
    }
    return pending;
  }

  async #draw(db: Kysely<Database>, slug: string, view: View, key: string): Promise<Drawing | undefined> {
    const row = await selectLiveProductBySlug(db, slug);
    if (!row) return undefined;
    const svg = Buffer.from(VIEWS[view](describeProduct(rowToProduct(row))));
    const version = createHash('sha256').update(svg).digest('base64url').slice(0, 27);
    const before = this.#entries.get(key);
    const drawing = before?.drawing.version === version ? before.drawing : { version, bytes: weightOf(svg.length), body: lazyEncodings(svg) };
    this.#keep(key, `${row.id}:${row.version}`, drawing);
    return drawing;
  }

  #keep(key: string, stamp: string, drawing: Drawing): void {
    const before = this.#entries.get(key);
    if (before) {
      this.#entries.delete(key);
      this.#bytes -= before.drawing.bytes;
    }
    if (drawing.bytes > this.maxBytes) return;
    while (this.#bytes + drawing.bytes > this.maxBytes) {
      const [oldestKey, oldest] = this.#entries.entries().next().value!;
      this.#entries.delete(oldestKey);
      this.#bytes -= oldest.drawing.bytes;
    }
    this.#entries.set(key, { stamp, drawing });
    this.#bytes += drawing.bytes;
  }

  /** Forgets every drawing. */
  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }
}

/** A drawing's answer: 304 when the client holds these bytes, else the bytes in the accepted encoding. */
async function answerOf(drawing: Drawing, request: ProductArtRequest): Promise<ProductArtAnswer> {
  const encoding = pickEncoding(request.acceptEncoding);
  const headers: Record<string, string> = {
    'content-type': 'image/svg+xml',
    'cache-control': PRODUCT_ART_CACHE_CONTROL,
    vary: 'Accept-Encoding',
    etag: catalogEtag(drawing.version, encoding),
    'x-content-type-options': 'nosniff',
  };
  if (matchesVersion(request.ifNoneMatch, drawing.version)) return { status: 304, headers, body: null };
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  const body = await drawing.body(encoding);
  headers['content-length'] = String(body.byteLength);
  return { status: 200, headers, body: request.head ? null : body };
}

let cache: ProductArtCache | undefined;

/** This process's drawings, within PRODUCT_ART_CACHE_MB of memory. */
export function productArtCache(): ProductArtCache {
  cache ??= new ProductArtCache(getConfig().PRODUCT_ART_CACHE_MB * 1024 * 1024);
  return cache;
}

/** A request header as one string (repeated ones joined), or null. */
function headerOf(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  return (Array.isArray(v) ? v.join(', ') : v) ?? null;
}

/** Serves GET/HEAD of a product drawing from the node edge (no Astro pipeline). */
export async function serveProductArt(req: IncomingMessage, res: ServerResponse, log: Logger): Promise<void> {
  const pathname = (req.url ?? '/').split('?')[0]!;
  try {
    const { db } = await getDatabase();
    const answer = await productArtCache().answer(db, pathname, {
      head: req.method === 'HEAD',
      acceptEncoding: headerOf(req, 'accept-encoding'),
      ifNoneMatch: headerOf(req, 'if-none-match'),
    });
    res.writeHead(answer.status, answer.headers);
    res.end(req.method === 'HEAD' ? undefined : (answer.body ?? undefined));
  } catch (err) {
    if (res.headersSent) return void res.destroy();
    const unavailable = isDatabaseUnavailable(err);
    if (unavailable) log.warn('database unavailable', { err, path: pathname });
    else log.error('product art not served', { err, path: pathname });
    res.writeHead(unavailable ? 503 : 500, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      ...(unavailable ? { 'retry-after': '5' } : {}),
    });
    res.end('Something went wrong on our side. Please try again.\n');
  }
}
