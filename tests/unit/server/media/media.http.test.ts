import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerMediaRequest, MEDIA_CACHE_CONTROL, MEDIA_REDIRECT_CACHE_CONTROL } from '../../../../src/server/media/media.http';
import { LocalMediaStorage, type MediaStorage } from '../../../../src/server/media/media.storage';

const KEY = '0123456789abcdef0123456789abcdef-10x10.webp';
const GET = { head: false, ifNoneMatch: null };

/** A local store that records which of its calls were made. */
function recording(storage: MediaStorage): { storage: MediaStorage; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    storage: {
      put: (...args) => storage.put(...args),
      get: (key) => (calls.push(`get ${key}`), storage.get(key)),
      stat: (key) => (calls.push(`stat ${key}`), storage.stat(key)),
      delete: (key) => storage.delete(key),
      list: () => storage.list(),
    },
  };
}

describe('answerMediaRequest', () => {
  let local: LocalMediaStorage;

  beforeAll(async () => {
    local = new LocalMediaStorage(join(mkdtempSync(join(tmpdir(), 'media-http-')), 'media'));
    await local.put(KEY, Buffer.from('webp bytes'), 'image/webp');
  });

  it('streams a stored key with its type, length, ETag, nosniff and a year of immutable caching', async () => {
    const answer = await answerMediaRequest(local, `/media/${KEY}`, GET);
    expect(answer.status).toBe(200);
    expect(answer.headers).toEqual({
      'cache-control': MEDIA_CACHE_CONTROL,
      etag: `"${KEY}"`,
      'x-content-type-options': 'nosniff',
      'content-type': 'image/webp',
      'content-length': '10',
    });
    expect(await text(answer.body!)).toBe('webp bytes');
  });

  it('answers a HEAD and a revalidation from the size alone, without opening the bytes', async () => {
    const { storage, calls } = recording(local);
    const head = await answerMediaRequest(storage, `/media/${KEY}`, { head: true, ifNoneMatch: null });
    expect([head.status, head.headers['content-length'], head.body]).toEqual([200, '10', undefined]);
    const held = await answerMediaRequest(storage, `/media/${KEY}`, { head: false, ifNoneMatch: `W/"other", "${KEY}"` });
    expect([held.status, held.body]).toEqual([304, undefined]);
    expect(calls).toEqual([`stat ${KEY}`, `stat ${KEY}`]);
    const gone = await answerMediaRequest(storage, '/media/ffffffffffffffffffffffffffffffff-10x10.webp', { head: false, ifNoneMatch: '"ffffffffffffffffffffffffffffffff-10x10.webp"' });
    expect(gone.status).toBe(404);
  });

  it('answers 404 without asking the store for a path that is not a stored key', async () => {
    const { storage, calls } = recording(local);
    for (const path of ['/media/..%2fpackage.json', '/media/%ff', '/media/about-hero.webp', '/images/x.webp']) {
      expect((await answerMediaRequest(storage, path, GET)).status, path).toBe(404);
    }
    expect(calls).toEqual([]);
  });

  it('with a public base URL, redirects a key to its address there for a day, without asking the store', async () => {
    const { storage, calls } = recording(local);
    const serving = { publicBaseUrl: 'https://cdn.example.com/media' };
    const answer = await answerMediaRequest(storage, `/media/${KEY}`, { head: true, ifNoneMatch: null }, serving);
    expect(answer).toEqual({
      status: 301,
      headers: { location: `https://cdn.example.com/media/${KEY}`, 'cache-control': MEDIA_REDIRECT_CACHE_CONTROL, 'x-content-type-options': 'nosniff' },
    });
    expect((await answerMediaRequest(storage, '/media/..%2fpackage.json', GET, serving)).status).toBe(404);
    expect(calls).toEqual([]);
  });
});
