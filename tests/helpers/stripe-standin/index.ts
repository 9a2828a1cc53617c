import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeStripeForm, type FormObject } from './form';
import { DEFAULT_API_VERSION, newId, StandinStore, StripeApiError, type ApiObject, type Caller, type InjectedFailure, type RequestContext, type StandinEvent } from './store';
import type { BrowserContext } from 'playwright-core';
import { challengePage, demoCheckoutPage, stripeJsLoaderSource, stripeJsSource } from './stripe-js';
import { WebhookSender, type DeliverOptions, type DeliveryMode, type WebhookDelivery } from './webhooks';

export { signWebhookPayload } from './webhooks';
export { TEST_CARDS, TEST_PAYMENT_METHODS, DECLINES } from './cards';
export type { StandinEvent, WebhookDelivery };

/** Options for {@link startStripeStandin}; every one has a default. */
export interface StripeStandinOptions {
  /** Secret key the server must send as Bearer (any other sk_ key is refused like a wrong key). */
  secretKey?: string;
  /** Publishable key Stripe.js sends. */
  publishableKey?: string;
  /** The webhook endpoint's signing secret. */
  webhookSecret?: string;
  /** Where events are POSTed; none until set (also later with `webhooks.url = …`). */
  webhookUrl?: string | null;
  /** 'auto' sends each event as it happens; 'manual' keeps them for the test to send. */
  webhookMode?: DeliveryMode;
  /** Event types the endpoint receives; all when empty. */
  enabledEvents?: string[];
  /** 'auto' mode: tries again after a non-2xx answer, `attempts` times, `delayMs` apart; none by default. */
  webhookRetry?: { attempts: number; delayMs: number };
}

/** A running stand-in of Stripe's API and Stripe.js, with the controls tests use. */
export interface StripeStandin {
  /** Origin, e.g. http://127.0.0.1:43123 (what STRIPE_API_BASE takes). */
  url: string;
  host: string;
  port: number;
  protocol: 'http';
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where Stripe.js is served (a script tag's src, or where a browser test routes js.stripe.com to). */
  stripeJsUrl: string;
  /** The shop's settings that point it at this stand-in (STRIPE_SECRET_KEY, …, STRIPE_API_BASE). */
  env: Record<'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE', string>;
  /** Every object the stand-in holds, and direct access to its rules. */
  store: StandinStore;
  webhooks: WebhookSender;
  /** Every API request received: method, path, decoded parameters and the answer's status. */
  requests: Array<{ method: string; path: string; params: FormObject; status: number; idempotencyKey: string | null }>;
  /** Events recorded so far, oldest first, optionally of one type. */
  events: (type?: string) => StandinEvent[];
  /** Events of one PaymentIntent (by data.object.id or data.object.payment_intent), oldest first. */
  eventsFor: (paymentIntentId: string) => StandinEvent[];
  /** Sends events (manual mode, or again); see {@link WebhookSender.deliver}. */
  deliver: (events: StandinEvent[], options?: DeliverOptions) => Promise<WebhookDelivery[]>;
  /** The shopper completes or fails the 3-D Secure challenge of this PaymentIntent. */
  authenticate: (paymentIntentId: string, outcome?: 'complete' | 'fail') => ApiObject;
  /** The next capture (of this PaymentIntent, or of any) fails with Stripe's error; state unchanged. */
  failNextCapture: (options?: { paymentIntent?: string; kind?: 'api_error' | 'expired' }) => void;
  /** The next matching operation fails with this status and Stripe error body. */
  failNext: (failure: InjectedFailure) => void;
  /** The authorisation lapses as Stripe's 7-day hold does: the intent is canceled ('automatic'). */
  expireAuthorisation: (paymentIntentId: string) => ApiObject;
  stop: () => Promise<void>;
}

/** Starts the stand-in on 127.0.0.1 on a free port. */
export async function startStripeStandin(options: StripeStandinOptions = {}): Promise<StripeStandin> {
  const secretKey = options.secretKey ?? `sk_test_standin${newId('k').slice(2, 26)}`;
  const publishableKey = options.publishableKey ?? `pk_test_standin${newId('k').slice(2, 26)}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${newId('w').slice(2)}`;
  const store = new StandinStore();
  const webhooks = new WebhookSender({
    secret: webhookSecret,
    mode: options.webhookMode ?? 'auto',
    url: options.webhookUrl ?? null,
    enabledEvents: options.enabledEvents,
    retry: options.webhookRetry,
  });
  store.onEvent((event) => webhooks.accept(event));
  const idempotency = new Map<string, { method: string; path: string; params: string; status: number; body: string }>();
  const requests: StripeStandin['requests'] = [];
  let origin = '';

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      send(res, 500, { error: { type: 'api_error', message: `Stand-in failure: ${error instanceof Error ? error.message : String(error)}` } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const method = req.method ?? 'GET';
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, DELETE',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key, Stripe-Version, Stripe-Account',
        'Access-Control-Max-Age': '300',
      });
      res.end();
      return;
    }
    if (method === 'GET' && (/^\/v3\/?$/.test(url.pathname) || /^\/[a-z0-9]+\/stripe\.js$/.test(url.pathname))) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(stripeJsSource(origin));
      return;
    }
    if (method === 'GET' && url.pathname === '/_standin/checkout') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(demoCheckoutPage());
      return;
    }
    if (method === 'GET' && url.pathname === '/_standin/stripe-js-loader.mjs') {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(stripeJsLoaderSource());
      return;
    }
    const challenge = /^\/3ds\/(pi_[A-Za-z0-9]+)$/.exec(url.pathname);
    if (challenge) {
      await handleChallenge(req, res, url, challenge[1]!);
      return;
    }
    if (!url.pathname.startsWith('/v1/')) {
      send(res, 404, unrecognised(method, url.pathname));
      return;
    }
    const raw = await readBody(req);
    const params = method === 'GET' ? decodeStripeForm(url.search.slice(1)) : decodeStripeForm(raw);
    const idempotencyKey = method === 'POST' ? (header(req, 'idempotency-key') ?? null) : null;
    const record = (status: number) =>
      requests.push({ method, path: url.pathname, params, status, idempotencyKey });
    const caller = authenticate(req, params);
    if (typeof caller !== 'string') {
      record(caller.status);
      send(res, caller.status, { error: caller.body });
      return;
    }
    delete params.key;
    const ctx: RequestContext = {
      caller,
      apiVersion: header(req, 'stripe-version') ?? DEFAULT_API_VERSION,
      requestId: newId('req'),
      idempotencyKey,
      origin,
    };
    res.setHeader('Request-Id', ctx.requestId);
    res.setHeader('Stripe-Version', ctx.apiVersion);
    if (idempotencyKey !== null) {
      res.setHeader('Idempotency-Key', idempotencyKey);
      const scope = `${caller}\n${idempotencyKey}`;
      const canonical = JSON.stringify(sortKeys(params));
      const saved = idempotency.get(scope);
      if (saved) {
        if (saved.path !== url.pathname || saved.method !== method) {
          record(400);
          send(res, 400, { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.method} ${saved.path}' vs '${method} ${url.pathname}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.` } });
          return;
        }
        if (saved.params !== canonical) {
          record(400);
          send(res, 400, { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.` } });
          return;
        }
        record(saved.status);
        res.setHeader('Idempotent-Replayed', 'true');
        sendRaw(res, saved.status, saved.body);
        return;
      }
      const { status, body, keep } = run(method, url.pathname, params, ctx);
      const text = JSON.stringify(body, null, 2);
      if (keep) idempotency.set(scope, { method, path: url.pathname, params: canonical, status, body: text });
      record(status);
      sendRaw(res, status, text);
      return;
    }
    const { status, body } = run(method, url.pathname, params, ctx);
    record(status);
    send(res, status, body);
  }

  function run(method: string, path: string, params: FormObject, ctx: RequestContext): { status: number; body: unknown; keep: boolean } {
    try {
      return { status: 200, body: route(method, path, params, ctx), keep: true };
    } catch (error) {
      if (error instanceof StripeApiError) {
        const body = Object.fromEntries(Object.entries(error.body).filter(([, v]) => v !== undefined));
        return { status: error.status, body: { error: { ...body, request_log_url: `${origin}/logs/${ctx.requestId}` } }, keep: error.saved };
      }
      throw error;
    }
  }

  function route(method: string, path: string, params: FormObject, ctx: RequestContext): unknown {
    const parts = path.split('/').slice(2);
    const [resource, id, action, extra] = parts;
    if (extra !== undefined) throw new StripeApiError(404, unrecognised(method, path).error, false);
    if (resource === 'payment_intents') {
      if (id === undefined && method === 'POST') return store.createPaymentIntent(params, ctx);
      if (id !== undefined && action === undefined && method === 'GET') return store.retrievePaymentIntent(id, params, ctx);
      if (id !== undefined && action === undefined && method === 'POST') return store.updatePaymentIntent(id, params, ctx);
      if (id !== undefined && method === 'POST' && action === 'confirm') return store.confirmPaymentIntent(id, params, ctx);
      if (id !== undefined && method === 'POST' && action === 'capture') return store.capturePaymentIntent(id, params, ctx);
      if (id !== undefined && method === 'POST' && action === 'cancel') return store.cancelPaymentIntent(id, params, ctx);
    }
    if (resource === 'payment_methods') {
      if (id === undefined && method === 'POST') return store.createPaymentMethod(params, ctx);
      if (id !== undefined && action === undefined && method === 'GET') return store.retrievePaymentMethod(id, ctx);
    }
    if (resource === 'charges' && id !== undefined && action === undefined && method === 'GET') return store.retrieveCharge(id, params, ctx);
    if (resource === 'refunds') {
      if (id === undefined && method === 'POST') return store.createRefund(params, ctx);
      if (id !== undefined && action === undefined && method === 'GET') return store.retrieveRefund(id, params, ctx);
    }
    if (resource === 'events' && method === 'GET') {
      if (id === undefined) return store.listEvents(params, ctx);
      if (action === undefined) return store.retrieveEvent(id, ctx);
    }
    throw new StripeApiError(404, unrecognised(method, path).error, false);
  }

  /** Stripe's key check: Bearer (or Basic with the key as user name), or Stripe.js's `key` parameter. */
  function authenticate(req: IncomingMessage, params: FormObject): Caller | StripeApiError {
    const authorization = header(req, 'authorization');
    let key: string | undefined;
    if (authorization?.startsWith('Bearer ')) key = authorization.slice(7).trim();
    else if (authorization?.startsWith('Basic ')) key = Buffer.from(authorization.slice(6), 'base64').toString().split(':')[0];
    else if (typeof params.key === 'string') key = params.key;
    if (!key) {
      return new StripeApiError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      }, false);
    }
    if (key === secretKey) return 'secret';
    if (key === publishableKey) return 'publishable';
    return new StripeApiError(401, {
      type: 'invalid_request_error',
      message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
    }, false);
  }

  async function handleChallenge(req: IncomingMessage, res: ServerResponse, url: URL, intentId: string): Promise<void> {
    const intent = store.paymentIntents.get(intentId);
    const pending = store.pendingChallenge(intentId);
    if (req.method === 'GET') {
      res.writeHead(intent ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(challengePage({
        intentId,
        amount: intent ? `${((intent.amount as number) / 100).toFixed(2)} ${(intent.currency as string).toUpperCase()}` : '',
        source: url.searchParams.get('source') ?? '',
        returnUrl: url.searchParams.get('return_url'),
        waiting: pending !== undefined && pending.source === url.searchParams.get('source'),
      }));
      return;
    }
    const form = decodeStripeForm(await readBody(req));
    const outcome = form.outcome === 'complete' ? 'complete' : 'fail';
    try {
      store.controlAuthenticate(intentId, outcome, typeof form.source === 'string' ? form.source : '');
    } catch (error) {
      res.writeHead(409, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { message: error instanceof Error ? error.message : String(error) } }));
      return;
    }
    const returnUrl = typeof form.return_url === 'string' && form.return_url ? form.return_url : null;
    if (returnUrl) {
      const target = new URL(returnUrl);
      target.searchParams.set('payment_intent', intentId);
      target.searchParams.set('payment_intent_client_secret', store.paymentIntents.get(intentId)!.client_secret as string);
      target.searchParams.set('redirect_status', outcome === 'complete' ? 'succeeded' : 'failed');
      res.writeHead(303, { Location: target.toString() });
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ outcome }));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;

  const capturedFailure = (kind: 'api_error' | 'expired'): Pick<InjectedFailure, 'status' | 'error'> =>
    kind === 'expired'
      ? { status: 400, error: { type: 'invalid_request_error', code: 'charge_expired_for_capture', message: 'The charge has expired and can no longer be captured.' } }
      : { status: 500, error: { type: 'api_error', message: 'An unknown error occurred' } };

  const relatedTo = (event: StandinEvent, intentId: string) => {
    const object = event.data.object;
    return object.id === intentId || object.payment_intent === intentId;
  };

  return {
    url: origin,
    host: '127.0.0.1',
    port,
    protocol: 'http',
    secretKey,
    publishableKey,
    webhookSecret,
    stripeJsUrl: `${origin}/v3/`,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: origin,
    },
    store,
    webhooks,
    requests,
    events: (type) => store.events.filter((e) => type === undefined || e.type === type),
    eventsFor: (intentId) => store.events.filter((e) => relatedTo(e, intentId)),
    deliver: (events, deliverOptions) => webhooks.deliver(events, deliverOptions),
    authenticate: (intentId, outcome = 'complete') => store.controlAuthenticate(intentId, outcome),
    failNextCapture: ({ paymentIntent, kind = 'api_error' } = {}) =>
      store.injectFailure({ operation: 'capture', paymentIntent, ...capturedFailure(kind) }),
    failNext: (failure) => store.injectFailure(failure),
    expireAuthorisation: (intentId) => store.controlExpireAuthorisation(intentId),
    stop: async () => {
      await webhooks.settled();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/**
 * Makes a Playwright page or context load Stripe.js from the stand-in wherever the page asks
 * js.stripe.com for it (as @stripe/stripe-js's loadStripe does), so the checkout's code is unchanged.
 */
export async function routeStripeJs(target: Pick<BrowserContext, 'route'>, standin: Pick<StripeStandin, 'url'>): Promise<void> {
  await target.route(/^https:\/\/js\.stripe\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: stripeJsSource(standin.url) }),
  );
}

/** Stripe's hosts as the shop's Content-Security-Policy names them (src/server/http/security.ts). */
export const STRIPE_HOSTS = { js: 'https://js.stripe.com', api: 'https://api.stripe.com', hooks: 'https://hooks.stripe.com' } as const;

/**
 * Routes all of Stripe's browser-side hosts to the stand-in, so a page keeps its production CSP:
 * js.stripe.com answers the Stripe.js stand-in (which calls api.stripe.com), api.stripe.com and
 * hooks.stripe.com (the 3-D Secure page) are forwarded to the stand-in, and the stand-in's own URL in
 * its answers (the 3-D Secure link) reads as hooks.stripe.com.
 */
export async function routeStripeHosts(target: Pick<BrowserContext, 'route'>, standin: Pick<StripeStandin, 'url'>): Promise<void> {
  await target.route(/^https:\/\/js\.stripe\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: stripeJsSource(STRIPE_HOSTS.api) }),
  );
  await target.route(/^https:\/\/(api|hooks)\.stripe\.com\//, async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${standin.url}${url.pathname}${url.search}` });
    const body = (await response.text()).replaceAll(standin.url, STRIPE_HOSTS.hooks);
    await route.fulfill({ response, body });
  });
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  sendRaw(res, status, JSON.stringify(body, null, 2));
}

function sendRaw(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, no-store' });
  res.end(text);
}

function unrecognised(method: string, path: string): { error: StripeApiError['body'] } {
  return {
    error: {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    },
  };
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]));
  }
  return value;
}
