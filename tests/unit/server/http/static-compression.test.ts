import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompressedStaticFiles } from '../../../../src/server/http/static-compression';

const page = `<!doctype html><html><body>${'<p>Paint that lasts.</p>'.repeat(200)}</body></html>`;
const css = `.a{color:red}`.repeat(200);
let server: Server;
let base: string;
let files: CompressedStaticFiles;

/** GET with raw bytes (no automatic decompression). */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    // A raw path: a URL string would normalise /../ away before it is sent.
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

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-static-'));
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, 'index.html'), page);
  writeFileSync(join(dir, 'about.html'), page);
  writeFileSync(join(dir, '_astro', 'site.abc123.css'), css);
  writeFileSync(join(dir, '.secret.html'), page);
  writeFileSync(join(dir, 'tiny.html'), '<p>hi</p>');
  files = new CompressedStaticFiles(dir);
  await files.warm();
  // Stands in for the adapter's static handler.
  server = createServer((req, res) => {
    if (!files.serve(req, res, (req.url ?? '/').split('?')[0]!)) {
      res.writeHead(299);
      res.end('fallback');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('CompressedStaticFiles', () => {
  it('serves pages brotli- or gzip-compressed, with clean URLs as the adapter resolves them', async () => {
    const br = await get('/about', { 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=0');
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.body).toString()).toBe(page);
  });

  it('keeps hashed assets immutable and answers 304 to a matching ETag', async () => {
    const first = await get('/_astro/site.abc123.css', { 'accept-encoding': 'gzip' });
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await get('/_astro/site.abc123.css', { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('leaves to the adapter: clients without compression, dotfiles, traversal, tiny and missing files', async () => {
    for (const [path, headers] of [
      ['/about', {}],
      ['/.secret.html', { 'accept-encoding': 'gzip' }],
      ['/%2e%2e/etc/passwd', { 'accept-encoding': 'gzip' }],
      ['/../about.html', { 'accept-encoding': 'gzip' }],
      ['/tiny', { 'accept-encoding': 'gzip' }],
      ['/missing', { 'accept-encoding': 'gzip' }],
      ['/about/', { 'accept-encoding': 'gzip' }],
    ] as const) {
      const response = await get(path, headers);
      expect(response.status, path).toBe(299);
    }
  });
});
