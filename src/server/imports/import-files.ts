/**
 * Where uploaded import files wait while their job runs, by key (`<uuid>.csv`, never a path): the
 * IMPORT_DIR folder of this machine, or the `imports/` folder of the S3_* bucket, which every server
 * sharing the database reads (IMPORT_STORE, by default the media store's kind). A job stores only
 * the key, so any server can take it over.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { resolveDir, type Config } from '../config';
import { s3SettingsOf } from '../media/media.storage';
import type { S3ObjectStore } from '../storage/object-store';

/** The kinds of import file store (IMPORT_STORE). */
export type ImportStoreKind = 'local' | 's3';

/** The folder of the bucket import files live in (media has `media/`). */
export const S3_IMPORTS_PREFIX = 'imports/';

/** Bytes asked of the bucket per request while a file is read: what a read holds in memory at once. */
const S3_READ_BYTES = 1024 * 1024;

const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.csv$/;

/** The key of a new upload's file. */
export function importFileKey(id: string): string {
  return `${id}.csv`;
}

/** Whether a key is one of ours (so it can never name a path outside the folder). */
export function isImportFileKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Thrown when a key's file is not stored (removed, or never written). */
export class ImportFileGoneError extends Error {
  override name = 'ImportFileGoneError';
}

function checkKey(key: string): void {
  if (!isImportFileKey(key)) throw new ImportFileGoneError(`not an import file key: ${JSON.stringify(key.slice(0, 80))}`);
}

/** Import files by key. */
export interface ImportFileStore {
  readonly kind: ImportStoreKind;
  /** Stores a stream under a key, chunk by chunk; rejects when the stream fails (nothing is then kept under the key). */
  write(key: string, body: Readable): Promise<void>;
  /** Up to `bytes` first bytes of a key's file; ImportFileGoneError when there is none. */
  head(key: string, bytes: number): Promise<Buffer>;
  /** A key's bytes, chunk by chunk (never held whole); ImportFileGoneError when there is none. */
  read(key: string): AsyncIterable<Buffer>;
  /** Removes a key's file; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** Import files in a local folder (IMPORT_DIR), written to a temporary name then renamed. */
export class LocalImportFileStore implements ImportFileStore {
  readonly kind = 'local';

  constructor(
    /** Absolute path of the folder. */
    readonly dir: string,
  ) {}

  async write(key: string, body: Readable): Promise<void> {
    checkKey(key);
    await mkdir(this.dir, { recursive: true });
    const temporary = join(this.dir, `.${key}.${process.pid}.tmp`);
    try {
      await pipeline(body, createWriteStream(temporary, { flags: 'wx' }));
      await rename(temporary, join(this.dir, key));
    } catch (err) {
      await rm(temporary, { force: true });
      throw err;
    }
  }

  async head(key: string, bytes: number): Promise<Buffer> {
    checkKey(key);
    const handle = await open(join(this.dir, key), 'r').catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'ENOENT' ? new ImportFileGoneError(`import file ${key} is gone`) : err;
    });
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async *read(key: string): AsyncIterable<Buffer> {
    checkKey(key);
    try {
      for await (const chunk of createReadStream(join(this.dir, key), { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) yield chunk;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new ImportFileGoneError(`import file ${key} is gone`);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isImportFileKey(key)) return;
    await rm(join(this.dir, key), { force: true });
  }
}

/**
 * Import files in the S3_* bucket under S3_IMPORTS_PREFIX: written as a streamed (multipart) upload,
 * read back in ranges of S3_READ_BYTES, each its own request, so a job that waits between batches
 * holds no connection open and no more than one range in memory.
 */
export class S3ImportFileStore implements ImportFileStore {
  readonly kind = 's3';
  private store?: Promise<S3ObjectStore>;

  constructor(
    /** The bucket folder, made on first use. */
    private readonly open: () => Promise<S3ObjectStore>,
  ) {}

  private get objects(): Promise<S3ObjectStore> {
    this.store ??= this.open();
    return this.store;
  }

  async write(key: string, body: Readable): Promise<void> {
    checkKey(key);
    await (await this.objects).putStream(key, body, { contentType: 'text/csv' });
  }

  async head(key: string, bytes: number): Promise<Buffer> {
    checkKey(key);
    const store = await this.objects;
    const info = await store.head(key);
    if (!info) throw new ImportFileGoneError(`import file ${key} is gone`);
    if (info.size === 0) return Buffer.alloc(0);
    const range = await store.getRange(key, 0, Math.min(bytes, info.size) - 1);
    if (!range) throw new ImportFileGoneError(`import file ${key} is gone`);
    return Buffer.from(range);
  }

  async *read(key: string): AsyncIterable<Buffer> {
    checkKey(key);
    const store = await this.objects;
    const info = await store.head(key);
    if (!info) throw new ImportFileGoneError(`import file ${key} is gone`);
    for (let start = 0; start < info.size; start += S3_READ_BYTES) {
      const range = await store.getRange(key, start, Math.min(start + S3_READ_BYTES, info.size) - 1);
      if (!range) throw new ImportFileGoneError(`import file ${key} is gone`);
      yield Buffer.from(range.buffer, range.byteOffset, range.byteLength);
    }
  }

  async delete(key: string): Promise<void> {
    if (!isImportFileKey(key)) return;
    await (await this.objects).delete(key);
  }
}

/** The import store the configuration names: IMPORT_STORE, or MEDIA_STORE's kind when it is not set. */
export function importStoreKindOf(config: Config): ImportStoreKind {
  return config.IMPORT_STORE ?? config.MEDIA_STORE;
}

/** The import file store of a configuration: the IMPORT_DIR folder, or the S3_* bucket's `imports/` folder. */
export function createImportFileStore(config: Config, cwd: string = process.cwd()): ImportFileStore {
  if (importStoreKindOf(config) === 'local') return new LocalImportFileStore(resolveDir(config.IMPORT_DIR, cwd));
  // The SDK is loaded on first use, as for media.
  return new S3ImportFileStore(async () => {
    const { createS3Client, S3ObjectStore } = await import('../storage/object-store');
    return new S3ObjectStore(createS3Client(s3SettingsOf(config)), config.S3_BUCKET, S3_IMPORTS_PREFIX);
  });
}
