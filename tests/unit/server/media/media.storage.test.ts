import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../../scripts/s3-server.mjs';
import { parseConfig } from '../../../../src/server/config';
import { InvalidMediaKeyError, LocalMediaStorage, MEDIA_CACHE_CONTROL, S3_MEDIA_PREFIX, S3MediaStorage, s3SettingsOf } from '../../../../src/server/media/media.storage';
import { createS3Client, ObjectStoreError, S3ObjectStore } from '../../../../src/server/storage/object-store';

type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;

const KEY = '0123456789abcdef0123456789abcdef-10x10.webp';

describe('LocalMediaStorage', () => {
  it('puts, gets, lists and deletes by key, leaving no temporary file', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'media-storage-')), 'media');
    const storage = new LocalMediaStorage(dir);
    expect(await storage.get(KEY)).toBeUndefined();
    await storage.put(KEY, Buffer.from('webp bytes'), 'image/webp');
    const stored = (await storage.get(KEY))!;
    expect([stored.size, stored.contentType, await text(stored.body)]).toEqual([10, 'image/webp', 'webp bytes']);
    const listed = [];
    for await (const item of storage.list()) listed.push(item.key);
    expect(listed).toEqual([KEY]);
    expect(readdirSync(dir)).toEqual([KEY]);
    expect(await storage.stat(KEY)).toEqual({ size: 10, contentType: 'image/webp' });
    await storage.delete(KEY);
    await storage.delete(KEY);
    expect(await storage.get(KEY)).toBeUndefined();
  });

  it('never reads or writes a name outside the naming scheme', async () => {
    const root = mkdtempSync(join(tmpdir(), 'media-storage-'));
    writeFileSync(join(root, 'secret.txt'), 'secret');
    const storage = new LocalMediaStorage(join(root, 'media'));
    await expect(storage.put('../secret.txt', Buffer.from('x'), 'image/webp')).rejects.toBeInstanceOf(InvalidMediaKeyError);
    await expect(storage.delete('../secret.txt')).rejects.toBeInstanceOf(InvalidMediaKeyError);
    expect(await storage.get('../secret.txt')).toBeUndefined();
    expect(await storage.get(`../media/${KEY}`)).toBeUndefined();
    expect(readdirSync(root)).toEqual(['secret.txt']);
  });
});

describe('S3MediaStorage', () => {
  let s3: S3TestServer;
  let client: S3Client;

  beforeAll(async () => {
    s3 = await startS3Server({ buckets: ['media-unit'] });
    client = createS3Client(s3SettingsOf(parseConfig(s3.env('media-unit'))));
  });

  afterAll(async () => {
    client?.destroy();
    await s3?.stop();
  });

  it('puts, reads, lists and deletes by key in the bucket media/ folder, keeping the type and a year of caching on the object', async () => {
    const storage = new S3MediaStorage(async () => new S3ObjectStore(client, 'media-unit', S3_MEDIA_PREFIX));
    expect(await storage.get(KEY)).toBeUndefined();
    expect(await storage.stat(KEY)).toBeUndefined();
    await storage.put(KEY, Buffer.from('webp bytes'), 'image/webp');
    const stored = (await storage.get(KEY))!;
    expect([stored.size, stored.contentType, await text(stored.body)]).toEqual([10, 'image/webp', 'webp bytes']);
    expect(await storage.stat(KEY)).toEqual({ size: 10, contentType: 'image/webp' });
    // What a CDN in front of the bucket would fetch: the object under media/, with its headers.
    const direct = await fetch(`${s3.endpoint}/media-unit/media/${KEY}`);
    expect([direct.status, direct.headers.get('content-type'), direct.headers.get('cache-control')]).toEqual([200, 'image/webp', MEDIA_CACHE_CONTROL]);
    const listed = [];
    for await (const item of storage.list()) listed.push([item.key, item.size]);
    expect(listed).toEqual([[KEY, 10]]);
    await storage.delete(KEY);
    await storage.delete(KEY);
    expect(await storage.get(KEY)).toBeUndefined();
  });

  it('lists every media key over several pages, skipping objects of other folders and other names', async () => {
    const objects = new S3ObjectStore(client, 'media-unit', S3_MEDIA_PREFIX, 2);
    const storage = new S3MediaStorage(async () => objects);
    const keys = Array.from({ length: 5 }, (_, i) => `${String(i).repeat(32)}-10x10.webp`);
    for (const key of keys) await storage.put(key, Buffer.from(key), 'image/webp');
    await objects.put('notes.txt', Buffer.from('not ours'), { contentType: 'text/plain' });
    await new S3ObjectStore(client, 'media-unit', 'imports/').put(KEY, Buffer.from('an import file'), { contentType: 'text/csv' });
    const listed = [];
    for await (const item of storage.list()) listed.push(item.key);
    expect(listed.sort()).toEqual(keys);
    expect(await storage.get(KEY)).toBeUndefined();
  });

  it('never reads or writes a name outside the naming scheme', async () => {
    const storage = new S3MediaStorage(async () => new S3ObjectStore(client, 'media-unit', S3_MEDIA_PREFIX));
    await expect(storage.put('../secret.txt', Buffer.from('x'), 'image/webp')).rejects.toBeInstanceOf(InvalidMediaKeyError);
    await expect(storage.delete(`../imports/${KEY}`)).rejects.toBeInstanceOf(InvalidMediaKeyError);
    expect(await storage.get(`../imports/${KEY}`)).toBeUndefined();
  });

  it('fails with the bucket named when the bucket does not exist, instead of taking every image for missing', async () => {
    const storage = new S3MediaStorage(async () => new S3ObjectStore(client, 'no-such-bucket', S3_MEDIA_PREFIX));
    await expect(storage.get(KEY)).rejects.toThrow(ObjectStoreError);
    await expect(storage.get(KEY)).rejects.toThrow(/^object store GET media\/.*NoSuchBucket/);
    await expect(storage.put(KEY, Buffer.from('x'), 'image/webp')).rejects.toThrow(/^object store PUT media\/.*NoSuchBucket/);
  });
});
