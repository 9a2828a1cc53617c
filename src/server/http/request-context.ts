import { AsyncLocalStorage } from 'node:async_hooks';

/** What the server knows about the request being handled, wherever the code runs. */
export interface RequestContext {
  /** The X-Request-Id of the request: accepted from the client when sane, generated otherwise. */
  requestId: string;
  /** The client's IP address, computed once at the edge: the socket peer, or the address the trusted proxies received from (resolveClientAddress). */
  clientAddress?: string;
}

/** The context of the current request; the HTTP edge enters it, async code below inherits it. */
export const requestContext = new AsyncLocalStorage<RequestContext>();

/** The current request id, or undefined outside a request. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/** The current request's one client address (every rate limit and log uses it), or undefined outside a request. */
export function currentClientAddress(): string | undefined {
  return requestContext.getStore()?.clientAddress;
}

const SANE_REQUEST_ID = /^[A-Za-z0-9._:@\/+=-]{8,128}$/;

/** Keeps a client's X-Request-Id when it is a sane token (8-128 safe characters), otherwise makes a UUID. */
export function pickRequestId(incoming: string | string[] | undefined | null): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && SANE_REQUEST_ID.test(value) ? value : crypto.randomUUID();
}
