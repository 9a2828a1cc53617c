import type { Kysely } from 'kysely';
import { slugSchema, type Product } from '../../lib/schemas/catalog';
import type { Database } from '../db/schema';
import { readCatalogRevisionThisTurn, selectLiveProductBySlug, selectLiveProductStamp } from './catalog.repository';
import { rowToProduct } from './catalog.rows';
import { lazyEncodings, pickEncoding, type CatalogEncoding } from './catalog.snapshot';
import { currentSlugFor } from './product-slugs.repository';

/** What /shop/<slug> shows: the product, a 301 to its current slug, or the not-found page. */
export type ProductPageLookup =
  | { kind: 'product'; product: Product }
  | { kind: 'moved'; slug: string }
  | { kind: 'missing' };

/** Route pattern of the product pages. */
export const PRODUCT_PAGE_ROUTE = '/shop/[slug]';
/** Products kept; past it the oldest go first (the shop plans for 10,000 products). */
export const PRODUCT_PAGE_CACHE_MAX = 20_000;
/** Rendered pages kept (about 64 KB of HTML each, plus its compressed forms); past it the oldest go first. */
export const PRODUCT_HTML_CACHE_MAX = 500;
// Longer than any slug the product form accepts: such a path is not looked up.
const MAX_SLUG_LENGTH = 200;

const MISSING: ProductPageLookup = { kind: 'missing' };

/**
 * Values kept per key with the stamp of what they were made from (a product's 'id:version'), at
 * most `max` at a time, the least recently stored first out: a value is good while its stamp is.
 */
class StampedMap<V> {
  readonly #entries = new Map<string, { stamp: string; value: V }>();

  constructor(private readonly max: number) {}

  /** The value kept for `key` if it was made at `stamp`. */
  get(key: string, stamp: string): V | undefined {
    const entry = this.#entries.get(key);
    return entry?.stamp === stamp ? entry.value : undefined;
  }

  /** Keeps `value`, made at `stamp`, for `key`. */
  set(key: string, stamp: string, value: V): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.max) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, { stamp, value });
  }

  /** Forgets everything. */
  clear(): void {
    this.#entries.clear();
  }
}

/**
 * The product of each /shop/<slug>, read from the database on first view and kept while the
 * product's row is unchanged (its version), so an edit, a sale or a withdrawal shows at the next
 * view, while a sale of one product leaves every other product's entry alone. Former and unknown
 * slugs are not kept: guessing cannot fill memory.
 */
export class ProductPageCache {
  readonly #entries: StampedMap<ProductPageLookup>;

  constructor(max = PRODUCT_PAGE_CACHE_MAX) {
    this.#entries = new StampedMap(max);
  }

  /** What /shop/<slug> shows now. */
  async lookup(db: Kysely<Database>, slug: string): Promise<ProductPageLookup> {
    if (slug.length > MAX_SLUG_LENGTH || !slugSchema.safeParse(slug).success) return MISSING;
    const stamp = await selectLiveProductStamp(db, slug);
    if (stamp === undefined) return readFormerSlug(db, slug);
    const known = this.#entries.get(slug, stamp);
    if (known) return known;
    const row = await selectLiveProductBySlug(db, slug);
    if (!row) return readFormerSlug(db, slug);
    const found: ProductPageLookup = { kind: 'product', product: rowToProduct(row) };
    // Kept under the version it was read at, which may be newer than the stamp above.
    this.#entries.set(slug, `${row.id}:${row.version}`, found);
    return found;
  }

  /** Forgets every page (tests, or after a restore). */
  clear(): void {
    this.#entries.clear();
  }
}

/** Where a slug no product on sale has leads: the current slug it was renamed to, or nowhere. */
async function readFormerSlug(db: Kysely<Database>, slug: string): Promise<ProductPageLookup> {
  const current = await currentSlugFor(db, slug);
  return current ? { kind: 'moved', slug: current } : MISSING;
}

/** A rendered product page: its HTML in each encoding, compressed on first use. */
type RenderedPage = (encoding: CatalogEncoding) => Promise<Buffer>;

/** What a product page request carries that its answer depends on. */
export interface ProductPageRequest {
  method: string;
  acceptEncoding: string | null;
  ifNoneMatch: string | null;
}

/** A product page answer, ready for either a node response or a fetch Response. */
export interface ProductPageAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer | null;
}

/**
 * The rendered HTML of each product page, kept while its product is unchanged and sent compressed
 * (br or gzip, as the request accepts) with a weak ETag of the product's version: a page viewed
 * again is neither rendered nor compressed again, and a sale of one product re-renders only its
 * own page. Only 200 HTML answers are kept; former and unknown slugs are rendered each time.
 */
export class ProductHtmlCache {
  readonly #pages: StampedMap<RenderedPage>;
  /**
   * Each slug's stamp as read at a catalogue revision: while the revision stands, no product or
   * category changed, so the stamp is not read again. A product page then costs the revision read
   * the catalogue's requests of the same turn share, not a read of its own (on PostgreSQL, 400
   * product pages a second had been as many round trips). Read before the stamp: a stamp newer than
   * its revision only costs one more read.
   */
  readonly #stamps = new Map<string, { revision: number; stamp: string | undefined }>();
  /** What a rendered page goes through before it is kept (the server prunes its inlined styles: startHttpServer). */
  #finish: (html: string) => string = (html) => html;

  constructor(max = PRODUCT_HTML_CACHE_MAX) {
    this.#pages = new StampedMap(max);
  }

  /**
   * The answer to a GET or HEAD of /shop/<slug> from a page kept for the product's current
   * version, or undefined when none is kept (the page must be rendered). The node edge calls this
   * first, so a page viewed again costs one indexed read and no pass through Astro.
   */
  async cachedAnswer(db: Kysely<Database>, slug: string, request: ProductPageRequest): Promise<ProductPageAnswer | undefined> {
    const kept = await this.#kept(db, slug);
    return kept?.page && answerOf(kept.page, kept.stamp, request);
  }

  /** Answers a GET or HEAD of /shop/<slug> from the cache, or with `render()` (kept when it is a 200 page). */
  async respond(db: Kysely<Database>, slug: string, request: Request, render: () => Promise<Response>): Promise<Response> {
    const kept = await this.#kept(db, slug);
    if (!kept) return render();
    let page = kept.page;
    if (!page) {
      const rendered = await render();
      if (rendered.status !== 200 || !rendered.headers.get('content-type')?.startsWith('text/html')) return rendered;
      page = lazyEncodings(Buffer.from(this.#finish(await rendered.text())));
      this.#pages.set(slug, kept.stamp, page);
    }
    const answer = await answerOf(page, kept.stamp, {
      method: request.method,
      acceptEncoding: request.headers.get('accept-encoding'),
      ifNoneMatch: request.headers.get('if-none-match'),
    });
    return new Response(answer.body && new Uint8Array(answer.body), { status: answer.status, headers: answer.headers });
  }

  /** The live product's stamp for a slug and the page kept at that stamp, if any; undefined when no live product has the slug. */
  async #kept(db: Kysely<Database>, slug: string): Promise<{ stamp: string; page: RenderedPage | undefined } | undefined> {
    if (slug.length > MAX_SLUG_LENGTH || !slugSchema.safeParse(slug).success) return undefined;
    const stamp = await this.#stampOf(db, slug);
    return stamp === undefined ? undefined : { stamp, page: this.#pages.get(slug, stamp) };
  }

  /** The live product's stamp for a slug (undefined without one), read again only when the catalogue revision moved. */
  async #stampOf(db: Kysely<Database>, slug: string): Promise<string | undefined> {
    const revision = await readCatalogRevisionThisTurn(db);
    const known = this.#stamps.get(slug);
    if (known?.revision === revision) return known.stamp;
    const stamp = await selectLiveProductStamp(db, slug);
    this.#stamps.delete(slug);
    if (this.#stamps.size >= PRODUCT_PAGE_CACHE_MAX) this.#stamps.delete(this.#stamps.keys().next().value!);
    this.#stamps.set(slug, { revision, stamp });
    return stamp;
  }

  /** Sets what each rendered page goes through before it is kept and sent. */
  finishPagesWith(finish: (html: string) => string): void {
    this.#finish = finish;
  }

  /** Forgets every page. */
  clear(): void {
    this.#pages.clear();
    this.#stamps.clear();
  }
}

/** The answer of a kept page: 304 when the client holds this version, else its body in the accepted encoding. */
async function answerOf(page: RenderedPage, stamp: string, request: ProductPageRequest): Promise<ProductPageAnswer> {
  const encoding = pickEncoding(request.acceptEncoding);
  const headers: Record<string, string> = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'public, max-age=0, must-revalidate',
    vary: 'Accept-Encoding',
    // Weak: the same version renders the same page, though not byte for byte (island ids differ).
    etag: `W/"${stamp}-${encoding}"`,
  };
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  if (request.ifNoneMatch?.split(',').some((tag) => tag.trim() === headers.etag)) return { status: 304, headers, body: null };
  const body = await page(encoding);
  headers['content-length'] = String(body.byteLength);
  return { status: 200, headers, body: request.method === 'HEAD' ? null : body };
}

/** The product pages of this process: what each slug shows, and its rendered HTML. */
export const productPageCache = new ProductPageCache();
export const productHtmlCache = new ProductHtmlCache();
