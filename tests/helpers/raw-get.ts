import { request } from 'node:http';

/** What a raw GET answered: status, headers and the body's bytes as sent. */
export interface RawAnswer {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
}

/**
 * A GET of a raw path, with raw bytes back (no automatic decompression): a URL string would
 * normalise '/../' and '//' away before it is sent, and fetch would decode the body.
 */
export function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    request({ hostname, port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}
