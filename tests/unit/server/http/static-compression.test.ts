import { existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../../../src/server/http/precompressed';
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
  // Compressed ahead, as the build does: bodies that say so, to tell them from ones made at start.
  writeFileSync(join(dir, 'ahead.html'), page);
  writeFileSync(join(dir, 'ahead.html.br'), brotliCompressSync('compressed at build'));
  writeFileSync(join(dir, 'ahead.html.gz'), gzipSync('compressed at build'));
  // Compressed ahead, then the page changed: the old bodies must not be served.
  writeFileSync(join(dir, 'stale.html'), page);
  writeFileSync(join(dir, 'stale.html.br'), brotliCompressSync('old page'));
  writeFileSync(join(dir, 'stale.html.gz'), gzipSync('old page'));
  const past = new Date(Date.now() - 60_000);
  utimesSync(join(dir, 'stale.html.br'), past, past);
  utimesSync(join(dir, 'stale.html.gz'), past, past);
  files = new CompressedStaticFiles(dir);
  // Stands in for the adapter's static handler.
  server = createServer((req, res) => {
    void files.serve(req, res, (req.url ?? '/').split('?')[0]!).then((served) => {
      if (served) return;
      res.writeHead(299);
      res.end('fallback');
    });
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

describe('compressed ahead', () => {
  it('serves the bodies the build wrote beside a file, unless the file is newer than them', async () => {
    const br = await get('/ahead', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(br.body).toString()).toBe('compressed at build');
    const gz = await get('/ahead', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.body).toString()).toBe('compressed at build');
    const stale = await get('/stale', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(stale.body).toString()).toBe(page);
  });

  it('writes brotli and gzip beside every text file worth compressing, in every folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-precompress-'));
    mkdirSync(join(dir, '_astro'));
    writeFileSync(join(dir, 'index.html'), page);
    writeFileSync(join(dir, '_astro', 'site.abc123.css'), css);
    writeFileSync(join(dir, 'tiny.html'), '<p>hi</p>');
    writeFileSync(join(dir, 'photo.png'), Buffer.alloc(4096, 1));
    const done = await precompressDirectory(dir);
    expect(done.files).toBe(2);
    expect(brotliDecompressSync(readFileSync(join(dir, 'index.html.br'))).toString()).toBe(page);
    expect(gunzipSync(readFileSync(join(dir, '_astro', 'site.abc123.css.gz'))).toString()).toBe(css);
    expect(done.br).toBeLessThan(done.bytes / 10);
    for (const skipped of ['tiny.html.br', 'tiny.html.gz', 'photo.png.br']) expect(existsSync(join(dir, skipped)), skipped).toBe(false);
  });
});
