import { defineMiddleware } from 'astro:middleware';
import { isDatabaseUnavailable } from './server/db/errors';
import { ApiError, errorResponse, forbiddenOrigin, HTTP_MESSAGES, internalErrorResponse, jsonResponse, unavailable } from './server/http/errors';
import { isSameOriginRequest } from './server/http/origin';
import { currentRequestId, pickRequestId, requestContext } from './server/http/request-context';
import { PRODUCT_PAGE_ROUTE, productHtmlCache } from './server/catalog/product-pages';
import { getConfig, getDatabase, getLogger } from './server/runtime';
// Publishes the server entry for scripts/serve.mjs when the built middleware module loads.
import './server/server-entry';

/** Whether a path belongs to the JSON API. */
function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** The catch-all route answering unknown /api paths. */
const CATCH_ALL_ROUTE = '/api/[...path]';

/**
 * Gives an error-status response of the API the JSON error shape. Astro answers a method a route
 * does not export with a bare 404: on a real route that is a 405.
 */
function toJsonError(response: Response, routePattern: string): Response {
  const type = response.headers.get('content-type') ?? '';
  if (response.status < 400 || type.includes('json')) return response;
  if (response.status === 404 && routePattern !== CATCH_ALL_ROUTE) {
    return jsonResponse({ error: { code: 'method_not_allowed', message: HTTP_MESSAGES.methodNotAllowed } }, 405);
  }
  const code = response.status === 404 ? 'not_found' : response.status === 405 ? 'method_not_allowed' : response.status >= 500 ? 'internal_error' : 'bad_request';
  const message =
    response.status === 404 ? HTTP_MESSAGES.notFound : response.status === 405 ? HTTP_MESSAGES.methodNotAllowed : response.status >= 500 ? HTTP_MESSAGES.internal : 'Bad request.';
  return jsonResponse({ error: { code, message } }, response.status);
}

/** Sets a header on a response, copying it when its headers are immutable. */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

/**
 * API middleware: every /api response is JSON with the error shape, thrown ApiErrors become their
 * status, database outages 503, anything else a logged 500 without details. The node edge
 * (scripts/serve.mjs) already did the request id and origin check; they are repeated here for
 * `astro dev`, which has no edge.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  // Product pages are rendered on demand: each is kept, compressed, until the catalogue changes.
  if (context.routePattern === PRODUCT_PAGE_ROUTE && !context.isPrerendered) {
    const { db } = await getDatabase();
    return productHtmlCache.respond(db, context.params.slug ?? '', context.request, next);
  }
  if (context.isPrerendered || !isApiPath(context.url.pathname)) return next();
  const requestId = currentRequestId() ?? pickRequestId(context.request.headers.get('x-request-id'));

  const handle = async (): Promise<Response> => {
    const config = getConfig();
    const sameOrigin = isSameOriginRequest({
      method: context.request.method,
      origin: context.request.headers.get('origin'),
      secFetchSite: context.request.headers.get('sec-fetch-site'),
      host: context.request.headers.get('host'),
      forwardedHost: context.request.headers.get('x-forwarded-host'),
      forwardedProto: context.request.headers.get('x-forwarded-proto'),
      encrypted: context.url.protocol === 'https:',
      trustProxy: config.TRUST_PROXY.kind !== 'none',
      siteOrigin: config.SITE_URL,
    });
    if (!sameOrigin) return errorResponse(forbiddenOrigin());
    try {
      return toJsonError(await next(), context.routePattern);
    } catch (err) {
      if (err instanceof ApiError) return errorResponse(err);
      if (isDatabaseUnavailable(err)) {
        getLogger().warn('database unavailable', { err, path: context.url.pathname });
        return errorResponse(unavailable());
      }
      getLogger().error('unexpected error', { err, method: context.request.method, path: context.url.pathname });
      return internalErrorResponse();
    }
  };

  let clientAddress: string | undefined;
  try {
    // Only under `astro dev` (no edge): the edge has already put the one client address in the context.
    clientAddress = context.clientAddress;
  } catch {
    // Not every host knows the peer address.
  }
  const response = currentRequestId() ? await handle() : await requestContext.run({ requestId, clientAddress }, handle);
  return withHeader(response, 'x-request-id', requestId);
});
