import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { acceptedEncodings, catalogEtag, matchesVersion, type CatalogSnapshotCache } from './catalog.snapshot';

/** Browsers and caches may keep it, but must ask again (cheaply, with If-None-Match) before each use. */
export const CATALOG_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** The parts of a request the catalogue answer depends on. */
export interface CatalogRequest {
  ifNoneMatch: string | null;
  acceptEncoding: string | null;
  /** HEAD: headers only. */
  head: boolean;
}

/** A ready answer: status, headers and (for 200 GET) the body bytes. */
export interface CatalogAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  body?: Buffer;
}

/**
 * Answers GET /api/catalog from the cached snapshot: 304 when If-None-Match names the current
 * version, else the body in the best encoding the client accepts, with its strong ETag.
 */
export async function answerCatalogRequest(db: Kysely<Database>, cache: CatalogSnapshotCache, request: CatalogRequest): Promise<CatalogAnswer> {
  const snapshot = await cache.get(db);
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

/** The same answer as a fetch Response, for the Astro routes (`astro dev` and hosts without the edge). */
export async function catalogResponse(db: Kysely<Database>, cache: CatalogSnapshotCache, request: Request): Promise<Response> {
  const answer = await answerCatalogRequest(db, cache, {
    ifNoneMatch: request.headers.get('if-none-match'),
    acceptEncoding: request.headers.get('accept-encoding'),
    head: request.method === 'HEAD',
  });
  return new Response((answer.body as unknown as BodyInit) ?? null, { status: answer.status, headers: answer.headers });
}
