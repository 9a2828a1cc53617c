import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../../../helpers/raw-get';
import { BuildFiles } from '../../../../src/server/http/build-files';

let server: Server;
let base: string;
let files: BuildFiles;
const video = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256));

/** A raw GET of this file's server. */
const get = (path: string, headers: Record<string, string> = {}) => rawGet(base, path, headers);

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-build-files-'));
  mkdirSync(join(dir, '_astro'));
  mkdirSync(join(dir, 'shop'));
  mkdirSync(join(dir, 'media'));
  writeFileSync(join(dir, 'index.html'), '<p>home</p>');
  writeFileSync(join(dir, 'shop.html'), '<p>shop</p>');
  writeFileSync(join(dir, '.env'), 'SECRET=1');
  writeFileSync(join(dir, '_astro', 'font.abc123.woff2'), 'font');
  writeFileSync(join(dir, 'media', 'hero 1.mp4'), video);
  files = new BuildFiles(dir);
  // What the build files do not answer goes on to Astro in the edge; here a 299 stands for it.
  server = createServer((req, res) => {
    if (files.serve(req, res, (req.url ?? '/').split('?')[0]!)) return;
    res.writeHead(299);
    res.end('on to Astro');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('BuildFiles', () => {
  it('serves pages by their clean URL, and the home page at /', async () => {
    expect((await get('/shop')).body.toString()).toBe('<p>shop</p>');
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expect(home.body.toString()).toBe('<p>home</p>');
  });

  it('answers ranges of a video, with a name that needs encoding', async () => {
    const part = await get('/media/hero%201.mp4', { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(part.body.equals(video.subarray(100, 200))).toBe(true);
  });

  it('keeps hashed assets for a year and answers 304 to their ETag', async () => {
    const font = await get('/_astro/font.abc123.woff2');
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await get('/_astro/font.abc123.woff2', { 'if-none-match': String(font.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('redirects a trailing slash to the URL without it, never off the site', async () => {
    const shop = await get('/shop/?view=products');
    expect(shop.status).toBe(301);
    expect(shop.headers.location).toBe('/shop?view=products');
    const sneaky = await get('//shop/');
    expect(sneaky.status).toBe(301);
    expect(sneaky.headers.location).toBe('/shop');
  });

  it('leaves to Astro what is not a file: API paths, product pages, folders, dot files, odd paths', async () => {
    for (const path of ['/api/catalog', '/shop/some-product', '/media', '/.env', '/%2e%2e/etc/passwd', '/..%5c..%5cetc', '/nothing%00.html', '/bad%zz']) {
      expect((await get(path)).status, path).toBe(299);
    }
  });
});
