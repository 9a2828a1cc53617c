import type { Kysely } from 'kysely';
import { categoryOfSlug } from '../../lib/catalog/category-slug';
import { catalogCardsQuerySchema, unknownCategoryMessage } from '../../lib/schemas/catalog-cards';
import type { Database } from '../db/schema';
import { invalidFields, notFound } from '../http/errors';
import { acceptedEncodings, catalogEtag, matchesVersion, type CatalogEncoding, type CatalogSnapshotCache } from './catalog.snapshot';

/** Browsers and caches may keep it, but must ask again (cheaply, with If-None-Match) before each use. */
export const CATALOG_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** The parts of a request the catalogue answer depends on. */
export interface CatalogRequest {
  ifNoneMatch: string | null;
  acceptEncoding: string | null;
  /** HEAD: headers only. */
  head: boolean;
  /** The one category whose products alone are asked for (parseCatalogCardsQuery), if any. */
  category?: string;
}

/**
 * The category a GET /api/catalog/cards query asks for (`?category=<slug>`, once), or undefined
 * for the whole catalogue; other parameters are ignored, as they always were. Throws 422 for a
 * malformed or repeated slug, 404 for one no category has (a category without products is a
 * category: its answer lists none).
 */
export function parseCatalogCardsQuery(params: URLSearchParams): string | undefined {
  const given = params.getAll('category');
  const parsed = catalogCardsQuerySchema.safeParse({ category: given.length > 1 ? given : given[0] });
  if (!parsed.success) throw invalidFields(parsed.error);
  const slug = parsed.data.category;
  if (slug === undefined) return undefined;
  const category = categoryOfSlug(slug);
  if (!category) throw notFound(unknownCategoryMessage(slug));
  return category;
}

/** A ready answer: status, headers and (for 200 GET) the body bytes. */
export interface CatalogAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  body?: Buffer;
}

/**
 * An answer of a body kept in its encodings, named by `tag` (what it depends on): 304 when
 * If-None-Match names it, else the body in the best encoding the client accepts, with a strong ETag
 * per encoding and revalidation caching. `body` is asked only for a 200, so a revalidation costs no
 * work of making it (the shop's results and pages).
 */
export async function keptBodyAnswer(
  request: Omit<CatalogRequest, 'category'>,
  tag: string,
  contentType: string,
  body: (encoding: CatalogEncoding) => Promise<Buffer>,
): Promise<CatalogAnswer> {
  const encoding = acceptedEncodings(request.acceptEncoding)[0]!;
  const headers: Record<string, string> = {
    etag: catalogEtag(tag, encoding),
    'cache-control': CATALOG_CACHE_CONTROL,
    vary: 'Accept-Encoding',
  };
  if (matchesVersion(request.ifNoneMatch, tag)) return { status: 304, headers };
  const bytes = await body(encoding);
  headers['content-type'] = contentType;
  headers['content-length'] = String(bytes.byteLength);
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  return { status: 200, headers, body: request.head ? undefined : bytes };
}

/**
 * Answers GET /api/catalog from the cached snapshot (or one category's answer, with
 * `request.category`): 304 when If-None-Match names the current version, else the body in the best
 * encoding the client accepts, with its strong ETag.
 */
export async function answerCatalogRequest(db: Kysely<Database>, cache: CatalogSnapshotCache, request: CatalogRequest): Promise<CatalogAnswer> {
  const snapshot = request.category === undefined ? await cache.get(db) : await cache.getGroup(db, request.category);
  const encoding = snapshot.choose(acceptedEncodings(request.acceptEncoding));
  const headers: Record<string, string> = {
    etag: catalogEtag(snapshot.version, encoding),
    'cache-control': CATALOG_CACHE_CONTROL,
    vary: 'Accept-Encoding',
  };
  if (matchesVersion(request.ifNoneMatch, snapshot.version)) return { status: 304, headers };
  const body = await snapshot.body(encoding);
  headers['content-type'] = 'application/json; charset=utf-8';
  headers['content-length'] = String(body.byteLength);
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  return { status: 200, headers, body: request.head ? undefined : body };
}

/**
 * The same answer as a fetch Response, for the Astro routes (`astro dev` and hosts without the
 * edge); `byCategory` reads `?category=<slug>` (the cards' route).
 */
export async function catalogResponse(db: Kysely<Database>, cache: CatalogSnapshotCache, request: Request, options: { byCategory?: boolean } = {}): Promise<Response> {
  const answer = await answerCatalogRequest(db, cache, {
    ifNoneMatch: request.headers.get('if-none-match'),
    acceptEncoding: request.headers.get('accept-encoding'),
    head: request.method === 'HEAD',
    category: options.byCategory ? parseCatalogCardsQuery(new URL(request.url).searchParams) : undefined,
  });
  return new Response((answer.body as unknown as BodyInit) ?? null, { status: answer.status, headers: answer.headers });
}
