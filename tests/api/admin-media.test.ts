import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../src/lib/constants';
import { mediaSrcSet } from '../../src/lib/media';
import { MEDIA_MESSAGES } from '../../src/lib/media-messages';
import { resolveDatabaseTarget } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/connection';
import { removeUnusedMedia } from '../../src/server/media/media.service';
import { auditOf, countRows, DEMO, staffSignIn, startShop, type Shop } from './helpers/admin';
import { errorOf, rawRequest } from './helpers/http';
import { createTestMediaStore, type TestMediaStore } from './helpers/media-store';
import { q } from './helpers/orders';
import { runSql } from './helpers/sql';

/**
 * POST /api/admin/media and GET /media/… (API.md "Back office", spec §5 Image upload, §9 image
 * limits, DESIGN.md uploads and remote URLs), with real files made here: every allowed type,
 * disguised and hostile files, the size and pixel limits, metadata stripping, the variants, the
 * remote-URL rules against a local server, serving, the permission gate and the cleanup. The store
 * is the lane's (helpers/media-store.ts): the local folder on SQLite, an S3 bucket on PostgreSQL.
 */

let shop: Shop;
let store: TestMediaStore;
let productManager: string;
let orderManager: string;
/** The local image host: what it serves, and every path it was asked for. */
let imageHost: Server;
let hostPort: number;
const hostHits: string[] = [];
let samplePng: Buffer;

/** An answer of the media route. */
interface MediaAnswer {
  id: string;
  url: string;
  width: number;
  height: number;
  contentType: string;
  variants: { name: string; url: string; width: number; height: number }[];
}

/** Posts a file as multipart field `file` (or another field), as the dialog does. */
async function upload(bytes: Uint8Array, filename: string, type: string, options: { cookie?: string; field?: string } = {}): Promise<Response> {
  const form = new FormData();
  form.append(options.field ?? 'file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const cookie = options.cookie === undefined ? productManager : options.cookie;
  return fetch(`${shop.base}/api/admin/media`, { method: 'POST', headers: { origin: shop.base, ...(cookie ? { cookie } : {}) }, body: form });
}

/** Asks the server to fetch an image address. */
function uploadUrl(url: string, cookie = productManager): Promise<Response> {
  return fetch(`${shop.base}/api/admin/media`, {
    method: 'POST',
    headers: { origin: shop.base, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ url }),
  });
}

/** Reads a 201 answer. */
async function created(response: Response): Promise<MediaAnswer> {
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text) as MediaAnswer;
}

/** Reads a refusal: its status and message. */
async function refused(response: Response): Promise<{ status: number; message: string; fields?: Record<string, string> }> {
  const error = errorOf(await response.json());
  return { status: response.status, message: error.message, fields: error.fields };
}

/** Downloads a stored file (must exist). */
async function download(url: string): Promise<Buffer> {
  const response = await fetch(`${shop.base}${url}`);
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/webp');
  return Buffer.from(await response.arrayBuffer());
}

/** A photo-like picture (a gradient with noise, so it compresses like a photo) of a given size. */
function photo(width: number, height: number, channels: 3 | 4 = 3): Sharp {
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = (x * y) % 251;
      if (channels === 4) pixels[i + 3] = x < width / 2 ? 255 : 96;
    }
  }
  return sharp(pixels, { raw: { width, height, channels } });
}

/** A PNG chunk with its length and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG of 98 bytes whose header declares width x height (a decompression bomb's shape). */
function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(4096))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The stored media keys. */
function storedFiles(): Promise<string[]> {
  return store.keys();
}

beforeAll(async () => {
  samplePng = await photo(640, 480).png().toBuffer();
  imageHost = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    hostHits.push(url.pathname);
    if (url.pathname === '/photo.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': samplePng.length });
      res.end(samplePng);
    } else if (url.pathname === '/redirect') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
      res.end();
    } else if (url.pathname === '/loop') {
      res.writeHead(302, { location: '/loop' });
      res.end();
    } else if (url.pathname === '/huge-declared') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': IMAGE_MAX_BYTES + 1 });
      res.end(Buffer.concat([samplePng, Buffer.alloc(IMAGE_MAX_BYTES + 1 - samplePng.length)]));
    } else if (url.pathname === '/huge-streamed') {
      // No Content-Length: the cap has to hold while the bytes arrive.
      res.writeHead(200, { 'content-type': 'image/png' });
      const block = Buffer.alloc(1024 * 1024, 7);
      for (let i = 0; i < 11; i++) res.write(block);
      res.end();
    } else if (url.pathname === '/notes.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end('These are not the pixels you are looking for.\n');
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('no such image');
    }
  });
  await new Promise<void>((resolve) => imageHost.listen(0, '127.0.0.1', resolve));
  hostPort = (imageHost.address() as AddressInfo).port;

  store = await createTestMediaStore();
  // Only the name `localhost` may reach a private address; 127.0.0.1 written out may not.
  shop = await startShop({ ...store.env, IMPORT_ALLOWED_HOSTS: 'localhost' });
  productManager = await staffSignIn(shop.base, DEMO.productManager.email, DEMO.productManager.password);
  orderManager = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
});

afterAll(async () => {
  await shop?.server.stop();
  await new Promise((resolve) => imageHost?.close(resolve));
});

describe('uploading each allowed type', () => {
  it('re-encodes a JPEG to WebP fitted in 1920x1080 with the 400x400, 800x600 and 1200-wide variants', async () => {
    const jpeg = await photo(2400, 1600).jpeg({ quality: 92 }).toBuffer();
    const media = await created(await upload(jpeg, 'kitchen.jpg', 'image/jpeg'));
    expect(media.url).toMatch(/^\/media\/[0-9a-f]{32}-1620x1080\.webp$/);
    expect([media.width, media.height, media.contentType]).toEqual([1620, 1080, 'image/webp']);
    expect(media.variants.map((v) => [v.name, v.width, v.height])).toEqual([
      ['400x400', 400, 267],
      ['800x600', 800, 533],
      ['1200w', 1200, 800],
    ]);
    for (const file of [media, ...media.variants]) {
      const meta = await sharp(await download(file.url)).metadata();
      expect([meta.format, meta.width, meta.height], file.url).toEqual(['webp', file.width, file.height]);
    }
  });

  it('accepts PNG (transparency kept), WebP and GIF, never enlarging a small picture', async () => {
    const png = await photo(300, 200, 4).png().toBuffer();
    const fromPng = await created(await upload(png, 'logo.png', 'image/png'));
    expect([fromPng.width, fromPng.height]).toEqual([300, 200]);
    expect(fromPng.variants.map((v) => [v.width, v.height])).toEqual([
      [300, 200],
      [300, 200],
      [300, 200],
    ]);
    expect((await sharp(await download(fromPng.url)).metadata()).hasAlpha).toBe(true);

    const webp = await photo(1000, 1000).webp().toBuffer();
    const fromWebp = await created(await upload(webp, 'tin.webp', 'image/webp'));
    expect([fromWebp.width, fromWebp.height]).toEqual([1000, 1000]);
    expect(fromWebp.variants.map((v) => [v.width, v.height])).toEqual([
      [400, 400],
      [600, 600],
      [1000, 1000],
    ]);

    const gif = await photo(120, 90).gif().toBuffer();
    const fromGif = await created(await upload(gif, 'swatch.gif', 'image/gif'));
    expect([fromGif.width, fromGif.height]).toEqual([120, 90]);
  });

  it('judges the type by the bytes: a PNG named .jpg and sent as image/jpeg is taken as the PNG it is', async () => {
    const media = await created(await upload(samplePng, 'holiday.jpg', 'image/jpeg'));
    const [row] = await runSql<{ source_type: string; original_name: string }>(shop.db, `SELECT source_type, original_name FROM media WHERE id = ${q(media.id)}`);
    expect(row).toEqual({ source_type: 'image/png', original_name: 'holiday.jpg' });
  });

  it('stores every image under a new random name, whatever the file was called', async () => {
    const first = await created(await upload(samplePng, 'same.png', 'image/png'));
    const second = await created(await upload(samplePng, 'same.png', 'image/png'));
    expect(first.id).not.toBe(second.id);
    expect(first.url).not.toContain('same');
  });

  it('keeps only the first frame of an animated GIF of 400 frames, quickly', async () => {
    const frame = (background: string) => sharp({ create: { width: 320, height: 240, channels: 3, background } }).png().toBuffer();
    const frames = [await frame('#c0392b'), await frame('#2c3e50')];
    const gif = await sharp(
      Array.from({ length: 400 }, (_, i) => frames[i % 2]!),
      { join: { animated: true } },
    )
      .gif()
      .toBuffer();
    expect((await sharp(gif, { pages: -1 }).metadata()).pages).toBe(400);
    const started = Date.now();
    const media = await created(await upload(gif, 'spinner.gif', 'image/gif'));
    const meta = await sharp(await download(media.url), { pages: -1 }).metadata();
    expect([meta.width, meta.height, meta.pages ?? 1]).toEqual([320, 240, 1]);
    // One frame decoded, not 400: well under what 400 decodes and encodes would take.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe('metadata', () => {
  it('strips EXIF and GPS (and any other metadata) and turns the picture upright by its orientation', async () => {
    const jpeg = await photo(600, 400)
      .jpeg()
      .withExif({
        IFD0: { Make: 'AcmeCam', Model: 'Secret Model 9', Copyright: 'Owner Name' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 54/1 3600/100', GPSLongitudeRef: 'E', GPSLongitude: '10/1 45/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const input = await sharp(jpeg).metadata();
    expect(input.exif?.length).toBeGreaterThan(50);
    expect(input.orientation).toBe(6);

    const media = await created(await upload(jpeg, 'gps.jpg', 'image/jpeg'));
    // Orientation 6 is a quarter turn: the upright picture is 400 wide and 600 high.
    expect([media.width, media.height]).toEqual([400, 600]);
    for (const file of [media, ...media.variants]) {
      const bytes = await download(file.url);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, file.url).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      for (const text of ['AcmeCam', 'Secret Model', 'Owner Name', 'Exif']) expect(bytes.includes(text), `${text} in ${file.url}`).toBe(false);
    }
  });
});

describe('refusals', () => {
  it('refuses a text file named .png with 415 and the spec message', async () => {
    const response = await upload(Buffer.from('Just some notes about the colour scheme.\n'), 'notes.png', 'image/png');
    expect(await refused(response)).toEqual({ status: 415, message: 'Invalid file type. Only JPEG, PNG, WebP, and GIF are allowed.' });
  });

  it('refuses an SVG carrying a script, whatever it is called', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>fetch("/api/admin/staff")</script><rect width="10" height="10"/></svg>',
    );
    for (const [name, type] of [
      ['logo.svg', 'image/svg+xml'],
      ['logo.png', 'image/png'],
    ]) {
      expect(await refused(await upload(svg, name!, type!)), name).toEqual({ status: 415, message: MEDIA_MESSAGES.invalidType });
    }
  });

  it('refuses polyglots: a real GIF that is also an HTML page, a real JPEG that is also a PHP script', async () => {
    const gif = await photo(16, 16).gif().toBuffer();
    const gifHtml = Buffer.concat([gif, Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]);
    expect((await sharp(gifHtml).metadata()).format).toBe('gif');
    expect(await refused(await upload(gifHtml, 'tile.gif', 'image/gif'))).toEqual({ status: 415, message: MEDIA_MESSAGES.invalidType });

    const jpeg = await photo(16, 16).jpeg().toBuffer();
    // A comment segment (FF FE) right after the start marker, holding the script.
    const script = Buffer.from('<?php system($_GET["c"]); ?>');
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, script.length + 2]), script]);
    const jpegPhp = Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2)]);
    expect((await sharp(jpegPhp).metadata()).format).toBe('jpeg');
    expect(await refused(await upload(jpegPhp, 'avatar.jpg', 'image/jpeg'))).toEqual({ status: 415, message: MEDIA_MESSAGES.invalidType });
  });

  it('refuses 10 MB + 1 byte with 413 and the spec message, and reads exactly 10 MB', async () => {
    const over = randomBytes(IMAGE_MAX_BYTES + 1);
    expect(await refused(await upload(over, 'huge.png', 'image/png'))).toEqual({ status: 413, message: 'File size too large. Maximum size is 10MB.' });
    // Exactly the limit passes the size check and is then judged by its bytes (random: not an image).
    const exact = randomBytes(IMAGE_MAX_BYTES);
    expect((await refused(await upload(exact, 'exact.png', 'image/png'))).status).toBe(415);
  });

  it('refuses a 98-byte PNG declaring 60,000 x 60,000 pixels before decoding it', async () => {
    const bomb = pngDeclaring(60_000, 60_000);
    expect(bomb.length).toBeLessThan(200);
    const started = Date.now();
    expect(await refused(await upload(bomb, 'bomb.png', 'image/png'))).toEqual({ status: 413, message: 'Image dimensions too large. Maximum is 60 megapixels.' });
    expect(Date.now() - started).toBeLessThan(10_000);
    // The server is fine afterwards.
    expect((await fetch(`${shop.base}/api/health`)).status).toBe(200);
  });

  it('refuses a damaged image with 422 and a form without the file with 422 on the field', async () => {
    const truncated = samplePng.subarray(0, 200);
    expect(await refused(await upload(truncated, 'cut.png', 'image/png'))).toEqual({ status: 422, message: MEDIA_MESSAGES.unreadable });
    expect(await refused(await upload(samplePng, 'photo.png', 'image/png', { field: 'picture' }))).toEqual({
      status: 422,
      message: MEDIA_MESSAGES.noFile,
      fields: { file: MEDIA_MESSAGES.noFile },
    });
  });

  it('stores nothing for a refused file', async () => {
    const files = (await storedFiles()).length;
    const rows = await countRows(shop.db, 'media');
    await upload(Buffer.from('plain text'), 'a.png', 'image/png');
    await upload(pngDeclaring(60_000, 60_000), 'b.png', 'image/png');
    expect((await storedFiles()).length).toBe(files);
    expect(await countRows(shop.db, 'media')).toBe(rows);
  });
});

describe('who may upload', () => {
  it('answers 401 without a staff session and 403 to staff without manage_products, storing nothing', async () => {
    const files = (await storedFiles()).length;
    const rows = await countRows(shop.db, 'media');
    expect((await refused(await upload(samplePng, 'x.png', 'image/png', { cookie: '' }))).status).toBe(401);
    expect((await refused(await upload(samplePng, 'x.png', 'image/png', { cookie: orderManager }))).status).toBe(403);
    expect((await refused(await uploadUrl(`http://localhost:${hostPort}/photo.png`, orderManager))).status).toBe(403);
    expect((await storedFiles()).length).toBe(files);
    expect(await countRows(shop.db, 'media')).toBe(rows);
  });

  it('records who uploaded each image, in the media table and the audit log', async () => {
    const media = await created(await upload(samplePng, 'audited.png', 'image/png'));
    const [row] = await runSql<{ uploaded_by_name: string; url: string }>(shop.db, `SELECT uploaded_by_name, url FROM media WHERE id = ${q(media.id)}`);
    expect(row).toEqual({ uploaded_by_name: DEMO.productManager.name, url: media.url });
    const audit = await auditOf(shop.db, media.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'media.upload', actor_name: DEMO.productManager.name, before: null });
    expect(audit[0]!.after).toMatchObject({ url: media.url, sourceType: 'image/png', originalName: 'audited.png', bytes: samplePng.length });
  });
});

describe('serving GET /media/…', () => {
  it('answers with the type, nosniff, a year of immutable caching and an ETag; 304 when the client has it; HEAD without a body', async () => {
    const media = await created(await upload(samplePng, 'served.png', 'image/png'));
    const response = await fetch(`${shop.base}${media.url}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);

    const again = await fetch(`${shop.base}${media.url}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const head = await rawRequest(`${shop.base}${media.variants[0]!.url}`, { method: 'HEAD' });
    expect([head.status, head.headers['content-type'], head.body.length]).toEqual([200, 'image/webp', 0]);
  });

  it('answers 404 for an unknown key, and serves no file for traversal or encoded tricks', async () => {
    const unknown = await rawRequest(`${shop.base}/media/0123456789abcdef0123456789abcdef-10x10.webp`);
    expect([unknown.status, unknown.headers['cache-control']]).toEqual([404, 'no-store']);
    for (const path of [
      '/media/../package.json',
      '/media/..%2fpackage.json',
      '/media/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/media/..%5c..%5cpackage.json',
      `/media/..%2f..%2f${store.name}%2f`,
      '/media/.env',
      '/media/%ff',
    ]) {
      const response = await rawRequest(`${shop.base}${path}`);
      expect([400, 404], `${path} → ${response.status}`).toContain(response.status);
      expect(response.body.toString(), path).not.toMatch(/"dependencies"|root:x:0/);
    }
    expect((await rawRequest(`${shop.base}/media/x`, { method: 'POST', headers: { origin: shop.base } })).status).toBe(405);
  });

  it('leaves the rest of /media/ to the build: the carousel videos and posters of public/media are still served', async () => {
    for (const [path, type] of [
      ['/media/about-hero.webp', 'image/webp'],
      ['/media/about-hero.mp4', 'video/mp4'],
    ]) {
      const response = await rawRequest(`${shop.base}${path}`, { method: 'HEAD' });
      expect([response.status, response.headers['content-type']], path).toEqual([200, type]);
    }
  });

  it('gives the storefront a srcset of files that exist, at the widths they have', async () => {
    const jpeg = await photo(2000, 1500).jpeg().toBuffer();
    const media = await created(await upload(jpeg, 'srcset.jpg', 'image/jpeg'));
    const sources = mediaSrcSet(media.url, '100vw')!;
    const candidates = sources.srcSet.split(', ').map((c) => c.split(' '));
    expect(candidates.map(([, w]) => w)).toEqual(['400w', '800w', '1200w', '1440w']);
    for (const [url, w] of candidates) {
      expect((await sharp(await download(url!)).metadata()).width, url).toBe(Number(w!.slice(0, -1)));
    }
  });
});

describe('an image URL fetched by the server', () => {
  it('downloads from an allow-listed host and processes it like an upload', async () => {
    const media = await created(await uploadUrl(`http://localhost:${hostPort}/photo.png`));
    expect([media.width, media.height]).toEqual([640, 480]);
    expect(media.variants).toHaveLength(3);
    const [row] = await runSql<{ source_url: string; source_type: string; original_name: string | null }>(
      shop.db,
      `SELECT source_url, source_type, original_name FROM media WHERE id = ${q(media.id)}`,
    );
    expect(row).toEqual({ source_url: `http://localhost:${hostPort}/photo.png`, source_type: 'image/png', original_name: null });
    // A redirect within the allowed host is followed.
    await created(await uploadUrl(`http://localhost:${hostPort}/redirect?to=/photo.png`));
  });

  it('refuses loopback, private, link-local and other special addresses that are not allow-listed, without connecting', async () => {
    const hits = hostHits.length;
    for (const url of [
      `http://127.0.0.1:${hostPort}/photo.png`,
      `http://127.1:${hostPort}/photo.png`,
      `http://2130706433:${hostPort}/photo.png`,
      `http://[::1]:${hostPort}/photo.png`,
      `http://[::ffff:127.0.0.1]:${hostPort}/photo.png`,
      'http://10.0.0.1/photo.png',
      'http://172.16.5.4/photo.png',
      'http://192.168.1.1/photo.png',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/photo.png',
      'http://0.0.0.0/photo.png',
      'http://[fe80::1]/photo.png',
      'http://[fd00::1]/photo.png',
    ]) {
      expect(await refused(await uploadUrl(url)), url).toEqual({ status: 422, message: MEDIA_MESSAGES.privateAddress, fields: { url: MEDIA_MESSAGES.privateAddress } });
    }
    expect(hostHits.length).toBe(hits);
  });

  it('refuses a redirect from an allowed host to a private address, and endless redirects', async () => {
    const before = hostHits.filter((p) => p === '/photo.png').length;
    const toPrivate = await uploadUrl(`http://localhost:${hostPort}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${hostPort}/photo.png`)}`);
    expect(await refused(toPrivate)).toMatchObject({ status: 422, message: MEDIA_MESSAGES.privateAddress });
    const toMetadata = await uploadUrl(`http://localhost:${hostPort}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`);
    expect(await refused(toMetadata)).toMatchObject({ status: 422, message: MEDIA_MESSAGES.privateAddress });
    expect(hostHits.filter((p) => p === '/photo.png').length).toBe(before);
    expect(await refused(await uploadUrl(`http://localhost:${hostPort}/loop`))).toMatchObject({ status: 422, message: MEDIA_MESSAGES.tooManyRedirects });
  });

  it('refuses other schemes, a remote file over 10 MB (declared or streamed), a 404 and a remote text file', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://localhost/photo.png', 'javascript:alert(1)', 'data:image/png;base64,iVBORw0KGgo=', 'not a url', `http://user:pw@localhost:${hostPort}/photo.png`]) {
      expect(await refused(await uploadUrl(url)), url).toEqual({ status: 422, message: MEDIA_MESSAGES.badUrl, fields: { url: MEDIA_MESSAGES.badUrl } });
    }
    expect(await refused(await uploadUrl(`http://localhost:${hostPort}/huge-declared`))).toEqual({ status: 413, message: 'File size too large. Maximum size is 10MB.' });
    expect(await refused(await uploadUrl(`http://localhost:${hostPort}/huge-streamed`))).toEqual({ status: 413, message: 'File size too large. Maximum size is 10MB.' });
    expect(await refused(await uploadUrl(`http://localhost:${hostPort}/missing.png`))).toMatchObject({ status: 422, message: MEDIA_MESSAGES.remoteStatus.replace('{status}', '404') });
    expect(await refused(await uploadUrl(`http://localhost:${hostPort}/notes.png`))).toEqual({ status: 415, message: MEDIA_MESSAGES.invalidType });
  });
});

describe('removing images no product uses', () => {
  it('removes images older than a day that no product, category or order names, keeping the rest and files it has no record of', async () => {
    const used = await created(await upload(samplePng, 'used.png', 'image/png'));
    const inGallery = await created(await upload(samplePng, 'gallery.png', 'image/png'));
    const unused = await created(await upload(samplePng, 'unused.png', 'image/png'));
    const recent = await created(await upload(samplePng, 'recent.png', 'image/png'));
    const [product] = await runSql<{ id: string; gallery: string }>(shop.db, 'SELECT id, gallery FROM products ORDER BY id LIMIT 1');
    const gallery = JSON.stringify([...(JSON.parse(product!.gallery) as string[]), inGallery.url]);
    await runSql(shop.db, `UPDATE products SET image = ${q(used.url)}, gallery = ${q(gallery)} WHERE id = ${q(product!.id)}`);
    const dayAgo = new Date(Date.now() - 25 * 3_600_000).toISOString();
    // A file of another database sharing the store: named like ours, but no record here names it.
    const foreign = 'abcdefabcdefabcdefabcdefabcdefab-10x10.webp';
    await store.write(foreign, Buffer.from('another shop'));
    await runSql(shop.db, `UPDATE media SET created_at = ${q(dayAgo)} WHERE id IN (${[used, inGallery, unused].map((m) => q(m.id)).join(', ')})`);

    const handle = openDatabase(resolveDatabaseTarget(shop.db));
    try {
      expect(await removeUnusedMedia(handle.db, store.storage)).toBe(1);
    } finally {
      await handle.close();
    }

    for (const url of [unused.url, ...unused.variants.map((v) => v.url)]) expect((await fetch(`${shop.base}${url}`)).status, url).toBe(404);
    for (const media of [used, inGallery, recent]) {
      for (const url of [media.url, ...media.variants.map((v) => v.url)]) expect((await fetch(`${shop.base}${url}`)).status, url).toBe(200);
    }
    expect(await countRows(shop.db, 'media', `id = ${q(unused.id)}`)).toBe(0);
    expect(await store.has(foreign)).toBe(true);
    expect((await auditOf(shop.db, unused.id)).map((a) => [a.action, a.actor_name])).toEqual([
      ['media.upload', DEMO.productManager.name],
      ['media.delete', 'System'],
    ]);
  });
});
