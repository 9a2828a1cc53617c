import type { ZodError } from 'zod';
import type { ApiErrorBody, ApiErrorCode } from '../../lib/schemas/api';

/** Messages of the HTTP edge and the generic errors (spec-specific messages come from the routes). */
export const HTTP_MESSAGES = {
  badJson: 'The request body is not valid JSON.',
  tooLarge: 'The request body is too large.',
  unsupportedType: 'Send the request body as application/json.',
  notFound: 'Not found.',
  methodNotAllowed: 'This method is not allowed here.',
  forbiddenOrigin: 'Cross-origin requests are not allowed.',
  invalidFields: 'Please correct the highlighted fields.',
  internal: 'Something went wrong on our side. Please try again.',
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
} as const;

/** An error that becomes an API response: status + `{ error: { code, message, fields? } }`. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    /** HTTP status. */
    readonly status: number,
    /** Machine-readable code. */
    readonly code: ApiErrorCode,
    message: string,
    /** Per-field messages (422). */
    readonly fields?: Record<string, string>,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
    /** Members beside `error` in the body, e.g. the current `order` of a refused transition. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }

  /** The JSON body of this error. */
  toBody(): ApiErrorBody {
    return { ...this.extra, error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

/** 400: the body is not JSON. */
export const badJson = () => new ApiError(400, 'bad_json', HTTP_MESSAGES.badJson);
/** 404 with a message. */
export const notFound = (message: string = HTTP_MESSAGES.notFound) => new ApiError(404, 'not_found', message);
/** 413: the body is over the limit. */
export const payloadTooLarge = (message: string = HTTP_MESSAGES.tooLarge) => new ApiError(413, 'payload_too_large', message);
/** 415: the body is not of the type the route reads. */
export const unsupportedMediaType = (message: string = HTTP_MESSAGES.unsupportedType) =>
  new ApiError(415, 'unsupported_media_type', message);
/** 403: a state-changing request from another origin. */
export const forbiddenOrigin = () => new ApiError(403, 'forbidden_origin', HTTP_MESSAGES.forbiddenOrigin);
/** 503: the database cannot be reached. */
export const unavailable = () => new ApiError(503, 'unavailable', HTTP_MESSAGES.unavailable, undefined, { 'retry-after': '5' });

/** 422 from a zod error: the first message per field, keyed by the dotted path. */
export function invalidFields(error: ZodError, message?: string): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  const first = Object.values(fields)[0];
  return new ApiError(422, 'invalid_fields', message ?? first ?? HTTP_MESSAGES.invalidFields, fields);
}

/** JSON response headers: UTF-8 and never stored by caches unless a route says otherwise. */
export const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } as const;

/** A JSON response. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** The response of an ApiError. */
export function errorResponse(error: ApiError): Response {
  return jsonResponse(error.toBody(), error.status, error.headers);
}

/** The 500 response: a generic message, never the error's text or stack. */
export function internalErrorResponse(): Response {
  return jsonResponse({ error: { code: 'internal_error', message: HTTP_MESSAGES.internal } }, 500);
}

/** A plain-object error body for code outside Response (the node edge). */
export function errorBody(code: ApiErrorCode, message: string, fields?: Record<string, string>): string {
  return JSON.stringify({ error: { code, message, ...(fields ? { fields } : {}) } });
}
