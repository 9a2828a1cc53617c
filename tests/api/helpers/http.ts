import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { inject } from 'vitest';

/** Origin of the shared server under test. */
export function baseUrl(): string {
  return inject('apiBaseUrl');
}

/** A raw HTTP answer: status, headers and the undecoded body bytes. */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Sends a request with node:http (no automatic decompression, any headers), returning raw bytes. */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string | number>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The API error body `{ error: { code, message } }` of a response, or fails the test. */
export function errorOf(body: unknown): { code: string; message: string; fields?: Record<string, string> } {
  const error = (body as { error?: { code: string; message: string } }).error;
  if (!error) throw new Error(`not an API error body: ${JSON.stringify(body)}`);
  return error;
}
