import type { z } from 'zod';
import { ApiError, badJson, invalidFields, payloadTooLarge, unsupportedMediaType } from './errors';

/** Marks the error the edge raises inside a request body stream that went over the limit. */
export const BODY_TOO_LARGE = 'BODY_TOO_LARGE';

/** Whether an error (or its cause chain) is the edge's body-limit error. */
export function isBodyTooLarge(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === BODY_TOO_LARGE) return true;
  }
  return false;
}

/** Options of readJsonBody. */
export interface ReadBodyOptions {
  /** Largest body in bytes; the edge's MAX_BODY_BYTES applies as well. */
  maxBytes?: number;
}

/** Reads the body as bytes, refusing more than `maxBytes` with 413 (also when the edge stopped it). */
export async function readBodyBytes(request: Request, maxBytes = Number.POSITIVE_INFINITY): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw payloadTooLarge();
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.byteLength;
      if (total > maxBytes) throw payloadTooLarge();
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (isBodyTooLarge(err)) throw payloadTooLarge();
    throw err;
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** Whether the request says its body is JSON (application/json or +json). */
export function isJsonContentType(request: Request): boolean {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/**
 * Reads a JSON body and parses it with `schema`: 415 when not application/json, 413 over the
 * limit, 400 when not JSON, 422 with per-field messages when the schema refuses it.
 */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S, options: ReadBodyOptions = {}): Promise<z.infer<S>> {
  if (!isJsonContentType(request)) throw unsupportedMediaType();
  const bytes = await readBodyBytes(request, options.maxBytes);
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw badJson();
  }
  const result = schema.safeParse(data);
  if (!result.success) throw invalidFields(result.error);
  return result.data;
}
