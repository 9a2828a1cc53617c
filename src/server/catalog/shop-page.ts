/**
 * The shop page of a products-view URL (/shop?view=products&category=…): the pre-rendered /shop
 * with that query's first cards already in the products view's frame and its first page of
 * results as a JSON data block, so the shop's first screenful is in the HTML (its images found by
 * the browser's preload scanner, shown without JavaScript) rather than drawn once the page's
 * scripts have run. The island takes the data block as its first answer (no request), and its own
 * cards replace the frame's in place. A bare /shop, the list layout (the server draws the grid)
 * and anything this cannot do get the static page.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { PRODUCT_LIST_PAGE_SIZE } from '../../lib/constants';
import { catalogResultsKey, FIRST_RESULTS_ID, type CatalogResultsAnswer } from '../../lib/catalog/results';
import { parseShopQuery } from '../../lib/catalog/url';
import type { Database } from '../db/schema';
import { findResults } from './catalog-results';
import { keptBodyAnswer, type CatalogAnswer } from './catalog.http';
import { lazyEncodings, type CatalogEncoding, type CatalogSnapshotCache } from './catalog.snapshot';

/** Pages kept: the shop's common products-view URLs (each category, a sort, the default) at the current catalogue. */
const PAGES_KEPT = 64;

/** The frame's empty list the first cards go into (ProductsView's placeholder). */
const FIRST_CARDS_LIST = /(<ul data-shop-first-cards=""[^>]*>)(<\/ul>)/;

/** Whether a request for /shop asks for the products view (the query's `view=products`) in the grid. */
export function isProductsViewQuery(params: URLSearchParams): boolean {
  return params.get('view') === 'products' && params.get('layout') !== 'list';
}

/** JSON safe inside a <script> element: no '<' can close it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The static page the variants are made from, read once per build file. */
interface Template {
  mtimeMs: number;
  html: string;
  tag: string;
}

/** The shop page's products-view variants of one build. */
export class ShopPageVariants {
  readonly #file: string;
  #template: Template | null | undefined;
  readonly #pages = new Map<string, { tag: string; body: (encoding: CatalogEncoding) => Promise<Buffer> }>();

  /** `clientDir`: the build's client folder, holding shop.html. */
  constructor(clientDir: string) {
    this.#file = join(clientDir, 'shop.html');
  }

  /** The static page, read on first use (and again if the build file changed); null when it has no frame to fill. */
  #read(): Template | null {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.#file).mtimeMs;
    } catch {
      return null;
    }
    if (this.#template !== undefined && (this.#template === null || this.#template.mtimeMs === mtimeMs)) return this.#template;
    const html = readFileSync(this.#file, 'utf8');
    this.#pages.clear();
    this.#template = FIRST_CARDS_LIST.test(html) && /<body[^>]*>/.test(html) ? { mtimeMs, html, tag: createHash('sha256').update(html).digest('base64url').slice(0, 12) } : null;
    return this.#template;
  }

  /**
   * The page for a /shop query string: null when it is not a products-view URL in the grid, or
   * the build's page has no frame to fill (the caller serves the static page). 304 when
   * If-None-Match names this page (its catalogue version, query and build).
   */
  async answer(db: Kysely<Database>, cache: CatalogSnapshotCache, request: { search: string; ifNoneMatch: string | null; acceptEncoding: string | null; head: boolean }): Promise<CatalogAnswer | null> {
    const params = new URLSearchParams(request.search);
    if (!isProductsViewQuery(params)) return null;
    const template = this.#read();
    if (!template) return null;
    const { filters, sort, search, group } = parseShopQuery(params);
    const query = group ? { filters, sort, search, group } : { filters, sort, search };
    const kept = await findResults(db, cache, { query, key: catalogResultsKey(query), limit: PRODUCT_LIST_PAGE_SIZE, html: true });
    const tag = `${template.tag}-${kept.tag}`;
    return keptBodyAnswer(request, tag, 'text/html; charset=utf-8', (encoding) => this.#page(template, tag, kept.answer).body(encoding));
  }

  /** The page of an answer, kept (the last PAGES_KEPT, most recently used last). */
  #page(template: Template, tag: string, answer: CatalogResultsAnswer): { body: (encoding: CatalogEncoding) => Promise<Buffer> } {
    let page = this.#pages.get(tag);
    if (page) this.#pages.delete(tag);
    else {
      const { html: cards = '', ...firstPage } = answer;
      const html = template.html
        .replace(/^([\s\S]*?<html)(?=[\s>])/, '$1 data-shop-view="products"')
        .replace(/<body[^>]*>/, (body) => `${body}<script type="application/json" id="${FIRST_RESULTS_ID}">${scriptJson(firstPage)}</script>`)
        .replace(FIRST_CARDS_LIST, (_, open: string, close: string) => `${open}${cards}${close}`);
      page = { tag, body: lazyEncodings(Buffer.from(html)) };
    }
    this.#pages.set(tag, page);
    if (this.#pages.size > PAGES_KEPT) this.#pages.delete(this.#pages.keys().next().value!);
    return page;
  }
}
