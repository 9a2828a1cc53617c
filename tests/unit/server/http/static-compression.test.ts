import { existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../../../helpers/raw-get';
import { BROTLI_QUALITY, brotliQualityFor, precompressDirectory } from '../../../../src/server/http/precompressed';
import { CompressedStaticFiles } from '../../../../src/server/http/static-compression';

const page = `<!doctype html><html><body>${'<p>Paint that lasts.</p>'.repeat(200)}</body></html>`;
const css = `.a{color:red}`.repeat(200);
let server: Server;
let base: string;
let files: CompressedStaticFiles;

/** A raw GET of this file's server. */
const get = (path: string, headers: Record<string, string> = {}) => rawGet(base, path, headers);

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
    // A dot file is never served (the media generator's stamp): not worth any CPU.
    writeFileSync(join(dir, '.media-stamp.json'), JSON.stringify({ files: Array(200).fill('images/generated/x.svg') }));
    const done = await precompressDirectory(dir);
    expect(done.files).toBe(2);
    expect(existsSync(join(dir, '.media-stamp.json.br'))).toBe(false);
    expect(brotliDecompressSync(readFileSync(join(dir, 'index.html.br'))).toString()).toBe(page);
    expect(gunzipSync(readFileSync(join(dir, '_astro', 'site.abc123.css.gz'))).toString()).toBe(css);
    expect(done.br).toBeLessThan(done.bytes / 10);
    for (const skipped of ['tiny.html.br', 'tiny.html.gz', 'photo.png.br']) expect(existsSync(join(dir, skipped)), skipped).toBe(false);
  });

  it('compresses again over siblings an earlier build left, and serves the first request from them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-precompress-'));
    const art = join(dir, 'images', 'generated', 'logos');
    mkdirSync(art, { recursive: true });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h10v10z"/>'.repeat(80)}</svg>`;
    writeFileSync(join(art, 'can.svg'), svg);
    // Siblings of an earlier version of the file.
    writeFileSync(join(art, 'can.svg.br'), brotliCompressSync('<svg/>'));
    writeFileSync(join(art, 'can.svg.gz'), gzipSync('<svg/>'));
    writeFileSync(join(dir, 'index.html'), page);
    const done = await precompressDirectory(dir);
    expect(done.files).toBe(2);
    const written = readFileSync(join(art, 'can.svg.br'));
    expect(brotliDecompressSync(written).toString()).toBe(svg);
    expect(gunzipSync(readFileSync(join(art, 'can.svg.gz'))).toString()).toBe(svg);

    // A fresh server's very first request of each file is compressed, with the right headers.
    const fresh = new CompressedStaticFiles(dir);
    const freshServer = createServer(async (req, res) => {
      if (!(await fresh.serve(req, res, new URL(req.url ?? '/', 'http://x').pathname))) res.writeHead(299).end();
    });
    await new Promise<void>((r) => freshServer.listen(0, '127.0.0.1', r));
    const freshBase = `http://127.0.0.1:${(freshServer.address() as AddressInfo).port}`;
    const raw = (path: string, encoding: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        request(`${freshBase}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    try {
      const first = await raw('/images/generated/logos/can.svg', 'gzip, deflate, br');
      expect(first.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding', 'content-type': 'image/svg+xml' });
      expect(first.body.equals(written)).toBe(true);
      expect(Number(first.headers['content-length'])).toBe(written.length);
      expect(String(first.headers.etag)).toMatch(/^W\/".+-br"$/);
      const gz = await raw('/', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toBe(page);
      expect(String(gz.headers.etag)).toMatch(/-gz"$/);
    } finally {
      await new Promise((r) => freshServer.close(r));
    }
  });

  it('chooses the brotli quality by kind: scripts and styles 11, pages and drawings 10', () => {
    expect(brotliQualityFor('/_astro/ShopApp.a1b2.js')).toBe(BROTLI_QUALITY.scripts);
    expect(brotliQualityFor('/_astro/site.a1b2.css')).toBe(11);
    expect(brotliQualityFor('/shop.html')).toBe(10);
    expect(brotliQualityFor('/images/generated/logos/rustoleum.svg')).toBe(10);
  });
});
