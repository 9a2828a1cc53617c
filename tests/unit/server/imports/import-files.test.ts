import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../../src/server/config';
import { createImportFileStore, ImportFileGoneError, importFileKey, importStoreKindOf, isImportFileKey, LocalImportFileStore } from '../../../../src/server/imports/import-files';

/** Every chunk of a store's read of a key, joined. */
async function readAll(files: LocalImportFileStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of files.read(key)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('import file keys', () => {
  it('accepts only <uuid>.csv, so a key can never name a path', () => {
    expect(isImportFileKey(importFileKey(randomUUID()))).toBe(true);
    for (const key of ['', '../etc/passwd', `/tmp/${randomUUID()}.csv`, `${randomUUID()}.csv/..`, `imports/${randomUUID()}.csv`, `${randomUUID()}.txt`]) expect(isImportFileKey(key)).toBe(false);
  });
});

describe('LocalImportFileStore', () => {
  it('stores a stream under a key in its folder, reads it back whole and from the start, and removes it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-files-'));
    const files = new LocalImportFileStore(join(dir, 'made-on-first-write'));
    const key = importFileKey(randomUUID());
    const text = 'name,sku\n' + Array.from({ length: 20_000 }, (_, i) => `Paint ${i},SKU-${i}`).join('\n');
    await files.write(key, Readable.from([Buffer.from(text.slice(0, 1000)), Buffer.from(text.slice(1000))]));
    expect(readdirSync(join(dir, 'made-on-first-write'))).toEqual([key]);
    expect(readFileSync(join(dir, 'made-on-first-write', key), 'utf8')).toBe(text);
    expect((await files.head(key, 8)).toString()).toBe('name,sku');
    expect((await readAll(files, key)).toString()).toBe(text);
    await files.delete(key);
    await files.delete(key);
    expect(existsSync(join(dir, 'made-on-first-write', key))).toBe(false);
    await expect(files.head(key, 8)).rejects.toBeInstanceOf(ImportFileGoneError);
    await expect(readAll(files, key)).rejects.toBeInstanceOf(ImportFileGoneError);
  });

  it('keeps nothing under the key when the stream fails midway', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-files-'));
    const files = new LocalImportFileStore(dir);
    const key = importFileKey(randomUUID());
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('name,sku\n');
        throw new Error('connection reset');
      })(),
    );
    await expect(files.write(key, failing)).rejects.toThrow('connection reset');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a key that is not one of ours', async () => {
    const files = new LocalImportFileStore(mkdtempSync(join(tmpdir(), 'import-files-')));
    await expect(files.head('../secret.csv', 8)).rejects.toBeInstanceOf(ImportFileGoneError);
    await expect(files.write('../secret.csv', Readable.from([]))).rejects.toBeInstanceOf(ImportFileGoneError);
  });
});

describe('IMPORT_STORE', () => {
  it('follows MEDIA_STORE when not set, and can be set apart from it', () => {
    const bucket = { S3_BUCKET: 'shop-files' };
    expect(importStoreKindOf(parseConfig({}))).toBe('local');
    expect(importStoreKindOf(parseConfig({ MEDIA_STORE: 's3', ...bucket }))).toBe('s3');
    expect(importStoreKindOf(parseConfig({ MEDIA_STORE: 's3', IMPORT_STORE: 'local', ...bucket }))).toBe('local');
    expect(importStoreKindOf(parseConfig({ IMPORT_STORE: 's3', ...bucket }))).toBe('s3');
    expect(importStoreKindOf(parseConfig({ MEDIA_STORE: 's3', IMPORT_STORE: '', ...bucket }))).toBe('s3');
    expect(() => parseConfig({ IMPORT_STORE: 's3' })).toThrow(/S3_BUCKET must be set when IMPORT_STORE=s3/);
    expect(() => parseConfig({ IMPORT_STORE: 'nfs' })).toThrow(/IMPORT_STORE must be local or s3/);
    expect(createImportFileStore(parseConfig({ IMPORT_DIR: '/srv/imports' })).kind).toBe('local');
    expect((createImportFileStore(parseConfig({ IMPORT_DIR: 'data/imports' }), '/srv/shop') as LocalImportFileStore).dir).toBe('/srv/shop/data/imports');
  });
});
