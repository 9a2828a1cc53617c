import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { InvalidMediaKeyError, LocalMediaStorage } from '../../../../src/server/media/media.storage';

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
