import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/server/config';
import { createMediaStorage } from '../../src/server/media/media.storage';
import { countRows, DEMO, startShop, staffSignIn, type Shop } from './helpers/admin';
import { rawRequest } from './helpers/http';
import { createTestDatabase } from './helpers/lane';
import { createTestBucket } from './helpers/media-store';
import { findFreePort } from './helpers/server';

/**
 * Media in object storage shared by several servers (issue 29, DESIGN.md "Scale"): two processes on
 * one database of the lane (PostgreSQL or one SQLite file) and one bucket of the run's s3rver. An
 * image uploaded through one is served by the other; with MEDIA_PUBLIC_BASE_URL a server redirects
 * to the CDN's address of the object instead; a store that cannot be reached fails the upload cleanly.
 */

let first: Shop;
let second: Shop;
let bucketEnv: Record<string, string>;
let cookie: string;
let png: Buffer;

/** The uploaded image's answer. */
interface Uploaded {
  id: string;
  url: string;
  variants: { url: string }[];
}

/** Uploads a picture through a server as the product dialog does. */
function upload(shop: Shop, session: string): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'shared.png');
  return fetch(`${shop.base}/api/admin/media`, { method: 'POST', headers: { origin: shop.base, cookie: session }, body: form });
}

/** Uploads through `shop` and reads the 201 answer. */
async function uploaded(shop: Shop): Promise<Uploaded> {
  const response = await upload(shop, cookie);
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text) as Uploaded;
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2e6f8e' } }).png().toBuffer();
  bucketEnv = await createTestBucket();
  const db = await createTestDatabase();
  // One after the other: the first start migrates and seeds the database, the second finds it ready.
  first = await startShop(bucketEnv, db);
  second = await startShop(bucketEnv, db);
  cookie = await staffSignIn(first.base, DEMO.productManager.email, DEMO.productManager.password);
}, 240_000);

afterAll(async () => {
  await Promise.all([first?.server.stop(), second?.server.stop()]);
});

describe('two servers on one database and one bucket', () => {
  it('serves through one process every file of an image uploaded through the other, with the same headers and bytes', async () => {
    const media = await uploaded(first);
    for (const url of [media.url, ...media.variants.map((v) => v.url)]) {
      const fromFirst = await rawRequest(`${first.base}${url}`);
      const fromSecond = await rawRequest(`${second.base}${url}`);
      expect([fromSecond.status, fromSecond.headers['content-type']], url).toEqual([200, 'image/webp']);
      expect(fromSecond.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(fromSecond.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(fromSecond.headers['content-length'])).toBe(fromSecond.body.length);
      expect(fromSecond.headers.etag).toBe(fromFirst.headers.etag);
      expect(sha(fromSecond.body)).toBe(sha(fromFirst.body));
      expect((await sharp(fromSecond.body).metadata()).format).toBe('webp');
    }
    const again = await rawRequest(`${second.base}${media.url}`, { headers: { 'if-none-match': `"${media.url.split('/').pop()}"` } });
    expect(again.status).toBe(304);
    const head = await rawRequest(`${second.base}${media.url}`, { method: 'HEAD' });
    expect([head.status, head.headers['content-type'], head.body.length]).toEqual([200, 'image/webp', 0]);
  });

  it('keeps the files in the bucket, not in either process: what one removes the other no longer serves', async () => {
    const media = await uploaded(second);
    const storage = createMediaStorage(parseConfig(bucketEnv));
    const key = media.url.split('/').pop()!;
    expect(await storage.stat(key)).toMatchObject({ contentType: 'image/webp' });
    await storage.delete(key);
    for (const shop of [first, second]) {
      const response = await rawRequest(`${shop.base}${media.url}`);
      expect([response.status, response.headers['cache-control']]).toEqual([404, 'no-store']);
    }
  });
});

describe('MEDIA_PUBLIC_BASE_URL', () => {
  it('answers /media/<key> with a 301 to the CDN address of the object, which serves the image with its year of caching', async () => {
    const media = await uploaded(first);
    // The bucket's own address stands in for a CDN in front of its media/ folder.
    const base = `${bucketEnv.S3_ENDPOINT}/${bucketEnv.S3_BUCKET}/media`;
    const cdn = await startShop({ ...bucketEnv, MEDIA_PUBLIC_BASE_URL: `${base}/` }, first.db);
    try {
      const key = media.variants[0]!.url.split('/').pop()!;
      const answer = await rawRequest(`${cdn.base}/media/${key}`);
      expect([answer.status, answer.headers.location, answer.headers['cache-control']]).toEqual([301, `${base}/${key}`, 'public, max-age=86400']);
      const object = await fetch(answer.headers.location as string);
      expect([object.status, object.headers.get('content-type'), object.headers.get('cache-control')]).toEqual([200, 'image/webp', 'public, max-age=31536000, immutable']);
      const direct = await rawRequest(`${first.base}/media/${key}`);
      expect(sha(Buffer.from(await object.arrayBuffer()))).toBe(sha(direct.body));
      // Paths that are not stored keys stay the shop's: the build's files, and 404.
      expect((await rawRequest(`${cdn.base}/media/about-hero.webp`, { method: 'HEAD' })).status).toBe(200);
      expect((await rawRequest(`${cdn.base}/media/..%2fpackage.json`)).status).toBe(404);
    } finally {
      await cdn.server.stop();
    }
  });
});

describe('a bucket that cannot be reached', () => {
  it('answers the upload with 500 and a plain message, records nothing, and answers images with 500, quickly', async () => {
    const closed = `http://127.0.0.1:${await findFreePort()}`;
    const broken = await startShop({ ...bucketEnv, S3_ENDPOINT: closed }, first.db);
    try {
      const session = await staffSignIn(broken.base, DEMO.productManager.email, DEMO.productManager.password);
      const rows = await countRows(first.db, 'media');
      const started = Date.now();
      const response = await upload(broken, session);
      const body = (await response.json()) as { error: { message: string } };
      expect(response.status).toBe(500);
      expect(body.error.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|S3/);
      expect(await countRows(first.db, 'media')).toBe(rows);
      const image = await rawRequest(`${broken.base}/media/0123456789abcdef0123456789abcdef-10x10.webp`);
      expect(image.status).toBe(500);
      expect(Date.now() - started).toBeLessThan(20_000);
      // The log names the store, not the database (whose faults answer 503 'unavailable').
      const logged = await broken.server.waitForLog((line) => line.msg === 'unexpected error');
      expect((logged.err as { name: string; message: string }).name).toBe('ObjectStoreError');
      expect((logged.err as { message: string }).message).toMatch(/^object store PUT media\/[0-9a-f]{32}-.*ECONNREFUSED/);
      expect(broken.server.logLines().filter((line) => line.msg === 'database unavailable')).toEqual([]);
      // Seen at start already, before anyone uploaded.
      expect(await broken.server.waitForLog((line) => line.msg === 'media store cannot be read')).toMatchObject({ bucket: bucketEnv.S3_BUCKET, endpoint: closed });
    } finally {
      await broken.server.stop();
    }
  });
});
