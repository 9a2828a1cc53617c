import type { Kysely } from 'kysely';
import { slugSchema, type Product } from '../../lib/schemas/catalog';
import type { Database } from '../db/schema';
import { selectCatalogRevision, selectLiveProductBySlug } from './catalog.repository';
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
/** Products looked up per revision; past it the oldest go first (the shop plans for 10,000 products). */
export const PRODUCT_PAGE_CACHE_MAX = 20_000;
/** Rendered pages kept per revision (about 64 KB of HTML each, plus its compressed forms); past it the oldest go first. */
export const PRODUCT_HTML_CACHE_MAX = 500;
// Longer than any slug the product form accepts: such a path is not looked up.
const MAX_SLUG_LENGTH = 200;

const MISSING: ProductPageLookup = { kind: 'missing' };

/**
 * Values kept for one catalogue revision at most `max` at a time (the oldest go first): a newer
 * revision empties it, and a value read at an older one is not kept.
 */
class RevisionMap<V> {
  #revision: number | undefined;
  #entries = new Map<string, V>();

  constructor(private readonly max: number) {}

  /** The value kept for `key` at `revision` (moving to that revision when it is new). */
  get(revision: number, key: string): V | undefined {
    if (revision !== this.#revision) {
      this.#entries.clear();
      this.#revision = revision;
    }
    return this.#entries.get(key);
  }

  /** Keeps `value`, read at `revision`, unless the map has moved on since. */
  set(revision: number, key: string, value: V): void {
    if (revision !== this.#revision) return;
    if (this.#entries.size >= this.max) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, value);
  }

  /** Forgets everything. */
  clear(): void {
    this.#revision = undefined;
    this.#entries.clear();
  }
}

/**
 * The product of each /shop/<slug>, read from the database on first view and kept until the
 * catalogue revision moves (any product or category change bumps it), so an edit, a new product
 * or a withdrawal shows at the next view. Unknown slugs are not kept: guessing cannot fill memory.
 */
export class ProductPageCache {
  readonly #entries: RevisionMap<ProductPageLookup>;

  constructor(max = PRODUCT_PAGE_CACHE_MAX) {
    this.#entries = new RevisionMap(max);
  }

  /** What /shop/<slug> shows at the current revision. */
  async lookup(db: Kysely<Database>, slug: string): Promise<ProductPageLookup> {
    if (slug.length > MAX_SLUG_LENGTH || !slugSchema.safeParse(slug).success) return MISSING;
    const revision = await selectCatalogRevision(db);
    const known = this.#entries.get(revision, slug);
    if (known) return known;
    const found = await readProductPage(db, slug);
    if (found.kind !== 'missing') this.#entries.set(revision, slug, found);
    return found;
  }

  /** Forgets every page (tests, or after a restore). */
  clear(): void {
    this.#entries.clear();
  }
}

/** Reads what /shop/<slug> shows: the product on sale with that slug, else where a former slug leads. */
async function readProductPage(db: Kysely<Database>, slug: string): Promise<ProductPageLookup> {
  const row = await selectLiveProductBySlug(db, slug);
  if (row) return { kind: 'product', product: rowToProduct(row) };
  const current = await currentSlugFor(db, slug);
  return current ? { kind: 'moved', slug: current } : MISSING;
}

/** A rendered product page: its HTML in each encoding, compressed on first use. */
type RenderedPage = (encoding: CatalogEncoding) => Promise<Buffer>;

/**
 * The rendered HTML of each product page, kept until the catalogue revision moves and sent
 * compressed (br or gzip, as the request accepts) with a weak ETag of the revision: a page viewed
 * again is neither rendered nor compressed again. Only 200 HTML answers are kept.
 */
export class ProductHtmlCache {
  readonly #pages: RevisionMap<RenderedPage>;

  constructor(max = PRODUCT_HTML_CACHE_MAX) {
    this.#pages = new RevisionMap(max);
  }

  /** Answers a GET or HEAD of /shop/<slug> from the cache, or with `render()` (kept when it is a 200 page). */
  async respond(db: Kysely<Database>, slug: string, request: Request, render: () => Promise<Response>): Promise<Response> {
    const revision = await selectCatalogRevision(db);
    let page = this.#pages.get(revision, slug);
    if (!page) {
      const rendered = await render();
      if (rendered.status !== 200 || !rendered.headers.get('content-type')?.startsWith('text/html')) return rendered;
      page = lazyEncodings(Buffer.from(await rendered.arrayBuffer()));
      this.#pages.set(revision, slug, page);
    }
    const encoding = pickEncoding(request.headers.get('accept-encoding'));
    const headers: Record<string, string> = {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'public, max-age=0, must-revalidate',
      vary: 'Accept-Encoding',
      // Weak: the same revision renders the same page, though not byte for byte (island ids differ).
      etag: `W/"r${revision}-${encoding}"`,
    };
    if (encoding !== 'identity') headers['content-encoding'] = encoding;
    if (request.headers.get('if-none-match')?.split(',').some((tag) => tag.trim() === headers.etag)) {
      return new Response(null, { status: 304, headers });
    }
    const body = await page(encoding);
    headers['content-length'] = String(body.byteLength);
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  }

  /** Forgets every page. */
  clear(): void {
    this.#pages.clear();
  }
}

/** The product pages of this process: what each slug shows, and its rendered HTML. */
export const productPageCache = new ProductPageCache();
export const productHtmlCache = new ProductHtmlCache();
