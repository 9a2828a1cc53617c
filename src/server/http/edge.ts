import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { CATALOG_CARDS_PATH } from '../../lib/catalog/card';
import { CATALOG_RESULTS_PATH } from '../../lib/catalog/results';
import { answerCatalogRequest, parseCatalogCardsQuery, type CatalogAnswer, type CatalogRequest } from '../catalog/catalog.http';
import { answerResultsRequest, parseCatalogResultsQuery } from '../catalog/catalog-results';
import { isStripeConfigured, type Config } from '../config';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isDatabaseUnavailable } from '../db/errors';
import { catalogCache, catalogCardsCache, getDatabase, getMediaServing, getMediaStorage } from '../runtime';
import { productHtmlCache, productPageCache } from '../catalog/product-pages';
import { ShopPageVariants } from '../catalog/shop-page';
import { isMediaPath, serveMediaRequest } from '../media/media.http';
import { isProductArtPath, serveProductArt } from '../media/product-art';
import { ApiError } from './errors';
import type { Logger } from '../log';
import { BODY_TOO_LARGE } from './body';
import { errorBody, HTTP_MESSAGES } from './errors';
import { findRoute, isOnDemandPagePath, loadApiRouteTable, type ApiRouteMethods } from './route-methods';
import { isStateChanging, isSameOriginRequest } from './origin';
import { compileProxyTrust, resolveClientAddress } from './client-address';
import { pickRequestId, requestContext } from './request-context';
import { API_CONTENT_SECURITY_POLICY, buildContentSecurityPolicy, buildSecurityHeaders, isCheckoutPagePath, loadInlineScriptHashes } from './security';
import { CompressedStaticFiles } from './static-compression';
import { BuildFiles } from './build-files';
import { LOW_PRIORITY_PATHS, LowPriorityLane } from './low-priority-lane';
import { busy } from '../auth/work-gate';
import { countSignInRefused, observeHttpRequest } from '../metrics/metrics';
import { routeKindOf, SIGN_IN_PATHS } from './route-kind';

/** What the edge wraps. */
export interface EdgeOptions {
  /** The Astro app's handler (the adapter in middleware mode): on-demand routes and the not-found page; build files are the edge's. */
  handler: (req: IncomingMessage, res: ServerResponse) => void | Promise<unknown>;
  /**
   * Told of the work a request starts that may outlive its response: a client that goes away does
   * not stop an order half placed. The server waits for it before closing the database.
   */
  track?: (work: Promise<unknown>) => void;
  /** The build's client folder, scanned once for the inline scripts the CSP allows by hash. */
  clientDir: string;
  config: Config;
  log: Logger;
  /** True once SIGTERM arrived: responses then close their connection. */
  isShuttingDown: () => boolean;
  /** The line sign-ins and other password requests wait in (a LowPriorityLane with its defaults unless given). */
  passwordLane?: LowPriorityLane;
}

// Multipart bodies carry a file of up to MAX_UPLOAD_BYTES (an image) or DOCUMENT_MAX_BYTES (a data sheet) plus its form fields and boundaries.
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

/** Largest body the edge lets through for this request's content type. */
function bodyLimitOf(req: IncomingMessage, config: Config): number {
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  // Product CSV imports have their own, larger limit.
  if (type.startsWith('multipart/form-data') && (req.url ?? '').split('?')[0] === '/api/admin/imports') return config.MAX_IMPORT_BYTES + MULTIPART_OVERHEAD_BYTES;
  if (type.startsWith('multipart/form-data') || type.startsWith('text/csv')) return Math.max(config.MAX_UPLOAD_BYTES, config.DOCUMENT_MAX_BYTES) + MULTIPART_OVERHEAD_BYTES;
  return config.MAX_BODY_BYTES;
}

/** Whether the request carries a body. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** Whether a path belongs to the JSON API. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** How an API request's body is read: JSON (checked at the edge), a file stream, or refused with 415. */
function apiBodyKind(req: IncomingMessage): 'json' | 'stream' | 'unsupported' {
  const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type)) return 'json';
  if (type === 'multipart/form-data' || type === 'text/csv') return 'stream';
  return 'unsupported';
}

/** Reads a whole JSON body up to `limit` bytes and checks that it parses. */
async function readJsonBytes(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large' | 'bad-json'> {
  const chunks: Buffer[] = [];
  let total = 0;
  // Events rather than `for await`: leaving an async iterator early destroys the request, and the
  // client would see a reset instead of the 413 answer (the rest is drained by sendEdgeError).
  const complete = await new Promise<boolean>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > limit) {
        finish();
        resolve(false);
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      finish();
      resolve(true);
    };
    const onError = (err: Error) => {
      finish();
      reject(err);
    };
    const finish = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.pause();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
  if (!complete) return 'too-large';
  const bytes = Buffer.concat(chunks, total);
  try {
    JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return 'bad-json';
  }
  return bytes;
}

/** Streams the request body, failing with code BODY_TOO_LARGE past `limit` bytes (bodies without Content-Length). */
async function* limitBody(req: IncomingMessage, limit: number): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.byteLength;
    if (total > limit) {
      req.resume();
      throw Object.assign(new Error('Request body too large'), { code: BODY_TOO_LARGE });
    }
    yield chunk;
  }
}

/** Answers from the edge itself with a JSON error; the unread body is drained and the connection closed. */
/** Bytes of a refused body read and thrown away before the connection is cut instead. */
const DISCARD_LIMIT_BYTES = 16 * 1024 * 1024;
/** How long a refused body may keep arriving before the connection is cut. */
const DISCARD_TIMEOUT_MS = 10_000;

/**
 * Reads and drops the rest of a refused request body, so the client finishes sending and then
 * reads the error answer: closing at once makes clients fail with EPIPE/ECONNRESET before they see
 * it. A body past DISCARD_LIMIT_BYTES or DISCARD_TIMEOUT_MS gets its connection cut.
 */
function discardBody(req: IncomingMessage): void {
  let seen = 0;
  const cut = () => req.socket.destroy();
  const timer = setTimeout(cut, DISCARD_TIMEOUT_MS);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DISCARD_LIMIT_BYTES) cut();
  });
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

function sendEdgeError(req: IncomingMessage, res: ServerResponse, status: number, code: string, message: string, fields?: Record<string, string>): void {
  const body = errorBody(code, message, fields);
  if (hasBody(req) && !req.readableEnded) discardBody(req);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(body);
}

/** The password gate's 503 with Retry-After: too many sign-ins already wait in the low-priority lane. */
function sendBusy(req: IncomingMessage, res: ServerResponse): void {
  const { status, code, message, headers } = busy();
  for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value);
  sendEdgeError(req, res, status, code, message);
}

/** Methods a fetch Request can carry. */
const FETCH_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/** Pages answer only these methods. */
const PAGE_METHODS = ['GET', 'HEAD'];

/** Whether a path does not decode, or smuggles a backslash, a NUL or a dot segment in encoded form: no route's. */
function isOddPath(pathname: string): boolean {
  try {
    return /[\\\u0000]|(^|\/)\.\.?(\/|$)/.test(decodeURIComponent(pathname));
  } catch {
    return true;
  }
}

/** The methods an API path answers: its route's, or undefined when only the catch-all (404 for every method) matches. */
function allowedMethodsOf(routes: readonly ApiRouteMethods[], pathname: string): string[] | undefined {
  const route = findRoute(routes, pathname);
  return route && !route.pattern.includes('[...') ? route.methods : undefined;
}

/** 405 with the Allow header: JSON on the API, a short text on pages. */
function sendMethodNotAllowed(req: IncomingMessage, res: ServerResponse, allow: readonly string[], api: boolean): void {
  if (hasBody(req) && !req.readableEnded) discardBody(req);
  const body = api ? errorBody('method_not_allowed', HTTP_MESSAGES.methodNotAllowed) : `${HTTP_MESSAGES.methodNotAllowed}\n`;
  res.writeHead(405, {
    allow: allow.join(', '),
    'content-type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** A request header as one string (repeated ones joined), or null. */
function headerOf(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  return (Array.isArray(v) ? v.join(', ') : v) ?? null;
}

/** What a catalogue answer is made from: the request's headers and method, its query string (without '?'). */
type CatalogAnswerer = (db: Kysely<Database>, request: Omit<CatalogRequest, 'category'>, query: string) => Promise<CatalogAnswer>;

/**
 * The paths the edge answers itself, with their answers: the live catalogue is the hottest request
 * of the shop, in full and as cards, and the first results of a shop query come before the cards.
 */
const CATALOG_ANSWERS = new Map<string, CatalogAnswerer>([
  ['/api/catalog', (db, request) => answerCatalogRequest(db, catalogCache, request)],
  [
    CATALOG_CARDS_PATH,
    // One category's cards (a category or vendor page's): ?category=<slug>.
    (db, request, query) => answerCatalogRequest(db, catalogCardsCache, { ...request, category: query ? parseCatalogCardsQuery(new URLSearchParams(query)) : undefined }),
  ],
  [CATALOG_RESULTS_PATH, (db, request, query) => answerResultsRequest(db, catalogCardsCache, { ...request, query: parseCatalogResultsQuery(new URLSearchParams(query)) })],
]);

/**
 * Answers GET/HEAD /api/catalog, /api/catalog/cards and /api/catalog/results without the Astro
 * pipeline (about ten times less work per request): the same answer functions as the routes,
 * errors in the API's JSON shape.
 */
async function serveCatalog(req: IncomingMessage, res: ServerResponse, log: Logger, path: string): Promise<void> {
  try {
    const { readDb: db } = await getDatabase();
    const url = req.url ?? '';
    const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
    const answer = await CATALOG_ANSWERS.get(path)!(
      db,
      { ifNoneMatch: headerOf(req, 'if-none-match'), acceptEncoding: headerOf(req, 'accept-encoding'), head: req.method === 'HEAD' },
      query,
    );
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  } catch (err) {
    let status = 500;
    let code = 'internal_error';
    let message: string = HTTP_MESSAGES.internal;
    let fields: Record<string, string> | undefined;
    if (err instanceof ApiError) {
      ({ status, code, message, fields } = err);
      for (const [name, value] of Object.entries(err.headers ?? {})) res.setHeader(name, value);
    } else if (isDatabaseUnavailable(err)) {
      [status, code, message] = [503, 'unavailable', HTTP_MESSAGES.unavailable];
      res.setHeader('retry-after', '5');
      log.warn('database unavailable', { err, path });
    } else {
      log.error('unexpected error', { err, method: req.method, path });
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendEdgeError(req, res, status, code, message, fields);
  }
}

/** The slug of a product page path (/shop/<slug>), or undefined. */
function productSlugOf(pathname: string): string | undefined {
  return /^\/shop\/([a-z0-9-]+)$/.exec(pathname)?.[1];
}

/**
 * Answers GET/HEAD /shop/<slug> without the Astro pipeline where it can: from the page kept for
 * the product's current version (one indexed read instead of a fetch Request, the router and the
 * middleware), or with the not-found page when no product has or had the slug (so guessing slugs
 * costs a read, not a render). 'render' leaves the request to Astro, which renders the page (and
 * keeps it), redirects a former slug, or answers an error.
 */
async function answerProductPage(req: IncomingMessage, res: ServerResponse, slug: string): Promise<'served' | 'missing' | 'render'> {
  try {
    // The catalogue's own pool on PostgreSQL (DatabaseHandle.readDb): a burst of sign-ins or orders
    // holding the main pool's connections does not hold up the shop's product pages.
    const { readDb: db } = await getDatabase();
    const answer = await productHtmlCache.cachedAnswer(db, slug, {
      method: req.method ?? 'GET',
      acceptEncoding: headerOf(req, 'accept-encoding'),
      ifNoneMatch: headerOf(req, 'if-none-match'),
    });
    if (!answer) return (await productPageCache.lookup(db, slug)).kind === 'missing' ? 'missing' : 'render';
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body ?? undefined);
    return 'served';
  } catch {
    return 'render';
  }
}

/**
 * The HTTP edge in front of Astro: a request id on every request (and in every log line), security
 * headers on every response (pages and static files too), the same-origin check on state-changing
 * requests, body-size and API content-type/JSON checks, an access log line; then the catalogue and
 * compressed static text files from memory, and everything else through the Astro handler.
 */
export function createEdgeListener(options: EdgeOptions): RequestListener {
  const { handler, config, log, isShuttingDown } = options;
  /** Tells the server of a request's work (see EdgeOptions.track) and hands it back. */
  const track = <T>(work: Promise<T>): Promise<T> => {
    options.track?.(work);
    return work;
  };
  const scriptHashes = loadInlineScriptHashes(options.clientDir);
  const csp = buildContentSecurityPolicy(scriptHashes);
  const https = config.SITE_URL.startsWith('https:');
  const securityHeaders = Object.entries(buildSecurityHeaders({ csp, https }));
  // Stripe.js is allowed on the checkout alone, and only when card payments through Stripe are set up.
  const checkoutSecurityHeaders = isStripeConfigured(config) && config.PAYMENT_PROVIDERS.includes('card')
    ? Object.entries(buildSecurityHeaders({ csp: buildContentSecurityPolicy(scriptHashes, { stripe: true }), https }))
    : securityHeaders;
  const apiSecurityHeaders = Object.entries(buildSecurityHeaders({ csp: API_CONTENT_SECURITY_POLICY, https }));
  const staticFiles = new CompressedStaticFiles(options.clientDir);
  const shopPages = new ShopPageVariants(options.clientDir);
  const buildFiles = new BuildFiles(options.clientDir);
  const trustsProxy = compileProxyTrust(config.TRUST_PROXY);
  // Sign-ins, sign-ups and password resets wait for every other request (see LowPriorityLane).
  const passwordLane = options.passwordLane ?? new LowPriorityLane();

  const listener: RequestListener = (req, res) => {
    const started = performance.now();
    const requestId = pickRequestId(req.headers['x-request-id']);
    req.headers['x-request-id'] = requestId;
    res.setHeader('x-request-id', requestId);
    const path = req.url ?? '/';
    for (const [name, value] of isApiPath(path) ? apiSecurityHeaders : isCheckoutPagePath(path) ? checkoutSecurityHeaders : securityHeaders) res.setHeader(name, value);
    if (isShuttingDown()) res.setHeader('connection', 'close');
    const peer = req.socket.remoteAddress;
    const fromTrustedProxy = peer !== undefined && trustsProxy(peer, 0);
    if (!fromTrustedProxy) {
      // Not sent by a trusted proxy, these headers are whatever the client says: nothing below may see them.
      delete req.headers['x-forwarded-for'];
      delete req.headers['x-forwarded-host'];
      delete req.headers['x-forwarded-proto'];
      delete req.headers['x-forwarded-port'];
    }
    // The one client address of the request: every rate limit and log line reads it from the context.
    const clientAddress = resolveClientAddress(peer, req.headers['x-forwarded-for'], trustsProxy);

    requestContext.run({ requestId, clientAddress }, () => {
      const path = (req.url ?? '/').split('?')[0];
      res.once('close', () => {
        const ms = performance.now() - started;
        // 'close' fires outside the request's async context, so the id is passed along.
        log.info('request', {
          requestId,
          method: req.method,
          path,
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
          ip: clientAddress,
          ...(res.writableFinished ? {} : { aborted: true }),
        });
        observeHttpRequest(routeKindOf(path!), res.writableFinished ? res.statusCode : 'aborted', ms / 1000);
        const signInArea = req.method === 'POST' ? SIGN_IN_PATHS.get(path!) : undefined;
        // Every answer of a sign-in route but 200 refused someone (the edge's 413/415/429/503 too).
        if (signInArea && res.statusCode >= 400) countSignInRefused(signInArea, res.statusCode);
      });

      const forwardedHeader = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      const sameOrigin = isSameOriginRequest({
        method: req.method ?? 'GET',
        origin: forwardedHeader('origin'),
        secFetchSite: forwardedHeader('sec-fetch-site'),
        host: req.headers.host,
        forwardedHost: forwardedHeader('x-forwarded-host'),
        forwardedProto: forwardedHeader('x-forwarded-proto'),
        encrypted: Boolean((req.socket as TLSSocket).encrypted),
        trustProxy: fromTrustedProxy,
        siteOrigin: config.SITE_URL,
      });
      if (!sameOrigin) {
        log.warn('cross-origin request refused', { method: req.method, path, origin: req.headers.origin });
        sendEdgeError(req, res, 403, 'forbidden_origin', HTTP_MESSAGES.forbiddenOrigin);
        return;
      }

      // Astro repeats a cruder origin check (exact Origin match, refusing requests without one);
      // ours has passed, so it is told the origin it expects.
      if (isStateChanging(req.method ?? 'GET')) {
        req.headers.origin = `${(req.socket as TLSSocket).encrypted ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}`;
      }

      if (hasBody(req)) {
        const limit = bodyLimitOf(req, config);
        const declared = Number(req.headers['content-length']);
        if (Number.isFinite(declared) && declared > limit) {
          sendEdgeError(req, res, 413, 'payload_too_large', HTTP_MESSAGES.tooLarge);
          return;
        }
        if (isApiPath(path)) {
          const kind = apiBodyKind(req);
          if (kind === 'unsupported') {
            sendEdgeError(req, res, 415, 'unsupported_media_type', HTTP_MESSAGES.unsupportedType);
            return;
          }
          if (kind === 'json') {
            // JSON bodies are small: read whole, checked once here, handed to Astro as bytes.
            readJsonBytes(req, limit).then(
              (bytes) => {
                if (bytes === 'too-large') return sendEdgeError(req, res, 413, 'payload_too_large', HTTP_MESSAGES.tooLarge);
                if (bytes === 'bad-json') return sendEdgeError(req, res, 400, 'bad_json', HTTP_MESSAGES.badJson);
                (req as IncomingMessage & { body?: unknown }).body = bytes;
                delegate();
              },
              (err: unknown) => {
                log.warn('request body not read', { err: err instanceof Error ? err.message : String(err), path });
                if (!res.headersSent) sendEdgeError(req, res, 400, 'bad_request', 'The request body could not be read.');
              },
            );
            return;
          }
        }
        // Astro reads `req.body` when set: the limit then also holds for chunked bodies.
        (req as IncomingMessage & { body?: unknown }).body = limitBody(req, limit);
      }
      delegate();
    });

    function delegate(): void {
      const pathname = (req.url ?? '/').split('?')[0]!;
      // The hottest requests of the shop skip the route table: their routes answer GET and HEAD (other methods go the common way, to their 405).
      if (CATALOG_ANSWERS.has(pathname) && (req.method === 'GET' || req.method === 'HEAD')) return dispatch(pathname);
      if (isApiPath(pathname) && isOddPath(pathname)) return sendEdgeError(req, res, 404, 'not_found', HTTP_MESSAGES.notFound);
      if (isApiPath(pathname)) {
        // Whether the route answers this method is known only once the route table is loaded (once).
        loadApiRouteTable().then(
          (routes) => {
            const allow = allowedMethodsOf(routes, pathname);
            if (allow && !allow.includes(req.method ?? 'GET')) return sendMethodNotAllowed(req, res, allow, true);
            // The runtime's Request cannot carry TRACE, CONNECT or made-up methods: the catch-all's 404 is answered here.
            if (!allow && !FETCH_METHODS.includes(req.method ?? 'GET')) return sendEdgeError(req, res, 404, 'not_found', HTTP_MESSAGES.notFound);
            dispatch(pathname);
          },
          (err: unknown) => {
            log.error('route table not loaded', { err });
            dispatch(pathname);
          },
        );
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendMethodNotAllowed(req, res, PAGE_METHODS, false);
      dispatch(pathname);
    }

    function dispatch(pathname: string): void {
      if ((req.method === 'GET' || req.method === 'HEAD') && CATALOG_ANSWERS.has(pathname)) {
        track(serveCatalog(req, res, log, pathname));
        return;
      }
      if ((req.method === 'GET' || req.method === 'HEAD') && isProductArtPath(pathname)) {
        track(serveProductArt(req, res, log));
        return;
      }
      if ((req.method === 'GET' || req.method === 'HEAD') && isMediaPath(pathname)) {
        track(serveMediaRequest(req, res, getMediaStorage(), log, getMediaServing()));
        return;
      }
      if (LOW_PRIORITY_PATHS.has(pathname)) {
        if (!passwordLane.admit(() => render())) sendBusy(req, res);
        return;
      }
      if (isApiPath(pathname)) return render();
      const slug = req.method === 'GET' || req.method === 'HEAD' ? productSlugOf(pathname) : undefined;
      if (slug !== undefined) {
        track(answerProductPage(req, res, slug)).then(
          (outcome) => {
            if (outcome === 'missing') return notFound();
            if (outcome === 'render') render();
          },
          () => render(),
        );
        return;
      }
      if (pathname === '/shop' && (req.method === 'GET' || req.method === 'HEAD') && (req.url ?? '').includes('view=products')) {
        track(answerShopPage()).then(
          (served) => served || serveStatic(),
          () => serveStatic(),
        );
        return;
      }
      serveStatic();
    }

    /** A products-view URL of the shop with its first cards in the page (../catalog/shop-page.ts); false for the static page. */
    async function answerShopPage(): Promise<boolean> {
      try {
        const { readDb: db } = await getDatabase();
        const url = req.url ?? '';
        const answer = await shopPages.answer(db, catalogCardsCache, {
          search: url.slice(url.indexOf('?') + 1),
          ifNoneMatch: headerOf(req, 'if-none-match'),
          acceptEncoding: headerOf(req, 'accept-encoding'),
          head: req.method === 'HEAD',
        });
        if (!answer) return false;
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
        return true;
      } catch (err) {
        // The static page is the shop too: its island asks for the results itself.
        if (!isDatabaseUnavailable(err)) log.error('shop page not made', { err });
        return false;
      }
    }

    function serveStatic(): void {
      const pathname = (req.url ?? '/').split('?')[0]!;
      staticFiles.serve(req, res, pathname).then(
        (served) => served || buildFiles.serve(req, res, pathname) || renderPage(pathname),
        (err: unknown) => {
          log.error('static file not served', { err, path: pathname });
          render();
        },
      );
    }

    /** A page path that is not a build file: Astro renders the on-demand pages; anything else is the not-found page. */
    function renderPage(pathname: string): void {
      if (isOnDemandPagePath(pathname)) return render();
      notFound();
    }

    /** The not-found page, compressed from memory (Astro's own answer for a client that takes no compression). */
    function notFound(): void {
      staticFiles.serveNotFound(req, res).then(
        (served) => served || render(),
        () => render(),
      );
    }

    /** Hands the request to Astro's app: the on-demand routes, and the not-found page for anything else. */
    function render(): void {
      try {
        const rendering = handler(req, res);
        if (rendering) track(rendering);
      } catch (err) {
        log.error('request failed in the edge', { err });
        if (!res.headersSent) sendEdgeError(req, res, 500, 'internal_error', HTTP_MESSAGES.internal);
        else res.destroy();
      }
    }
  };
  return listener;
}
