import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { MEDIA_EXTENSION, parseMediaKey } from '../../lib/media';
import { resolveDir, type Config } from '../config';
import type { ObjectStore, S3Settings } from '../storage/object-store';

/** A stored object as read back. */
export interface StoredObject {
  /** The bytes, streamed. */
  body: Readable;
  /** Length in bytes. */
  size: number;
  contentType: string;
}

/** A stored object's size and type, without its bytes. */
export interface StoredObjectHead {
  size: number;
  contentType: string;
}

/** One stored object of a listing. */
export interface StoredObjectInfo {
  key: string;
  size: number;
  modifiedAt: Date;
}

/**
 * Where uploaded images and data sheets live, by key (a flat name such as `<id>-800x600.webp` or
 * `<id>.pdf`, never a path).
 * The local folder is the default; S3MediaStorage keeps them in an S3-compatible bucket.
 */
export interface MediaStorage {
  /** Stores bytes under a key, replacing nothing half-written: readers see all of it or none. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object of a key, or undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  /** The size and type of a key's object (no bytes read), or undefined when there is none. */
  stat(key: string): Promise<StoredObjectHead | undefined>;
  /** Removes a key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored key. */
  list(): AsyncIterable<StoredObjectInfo>;
}

/** A stored file never changes under its key: caches keep it for a year without asking again. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Content types of the formats storage may hold, by extension. */
const CONTENT_TYPES: Record<string, string> = { [MEDIA_EXTENSION]: 'image/webp', pdf: 'application/pdf' };

/** Storage key of an uploaded data sheet: 32 random hex digits and `.pdf` (no other name is ever stored). */
const DOCUMENT_KEY = /^[0-9a-f]{32}\.pdf$/;

/** The key a data sheet of id `id` (32 hex digits) is stored under. */
export function documentKey(id: string): string {
  return `${id}.pdf`;
}

/** The content type of a stored key, from its extension. */
function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** Thrown for a key that is not a media key: nothing outside the naming scheme is read or written. */
export class InvalidMediaKeyError extends Error {
  override name = 'InvalidMediaKeyError';
}

/** Whether a key is one of ours, an image's or a data sheet's (so it can never name a path outside the folder). */
export function isMediaKey(key: string): boolean {
  return parseMediaKey(key) !== undefined || DOCUMENT_KEY.test(key);
}

function checkKey(key: string): void {
  if (!isMediaKey(key)) throw new InvalidMediaKeyError(`not a media key: ${JSON.stringify(key.slice(0, 80))}`);
}

/** Media in a local folder (MEDIA_DIR): one file per key, written to a temporary name then renamed. */
export class LocalMediaStorage implements MediaStorage {
  private ready?: Promise<unknown>;

  constructor(
    /** Absolute path of the folder. */
    readonly dir: string,
  ) {}

  async put(key: string, bytes: Uint8Array, _contentType: string): Promise<void> {
    checkKey(key);
    this.ready ??= mkdir(this.dir, { recursive: true });
    await this.ready;
    const temporary = join(this.dir, `.${key}.${process.pid}.${crypto.randomUUID()}.tmp`);
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, join(this.dir, key));
    } catch (err) {
      await rm(temporary, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | undefined> {
    if (!isMediaKey(key)) return undefined;
    const path = join(this.dir, key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return undefined;
      return { body: createReadStream(path), size: info.size, contentType: contentTypeOf(key) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async stat(key: string): Promise<StoredObjectHead | undefined> {
    if (!isMediaKey(key)) return undefined;
    try {
      const info = await stat(join(this.dir, key));
      return info.isFile() ? { size: info.size, contentType: contentTypeOf(key) } : undefined;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await rm(join(this.dir, key), { force: true });
  }

  async *list(): AsyncIterable<StoredObjectInfo> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const name of names) {
      if (!isMediaKey(name)) continue;
      const info = await stat(join(this.dir, name)).catch(() => undefined);
      if (info?.isFile()) yield { key: name, size: info.size, modifiedAt: info.mtime };
    }
  }
}

/** The folder of the bucket that media keys live in: other stored files (imports) take folders of their own. */
export const S3_MEDIA_PREFIX = 'media/';

/**
 * Media in an S3-compatible bucket, under S3_MEDIA_PREFIX: one object per key, written whole by a
 * single PUT (so readers never see part of one), with its content type and the year of immutable
 * caching kept on the object for a CDN that serves the bucket directly.
 */
export class S3MediaStorage implements MediaStorage {
  private store?: Promise<ObjectStore>;

  constructor(
    /** The bucket folder, made on first use. */
    private readonly open: () => Promise<ObjectStore>,
  ) {}

  private get objects(): Promise<ObjectStore> {
    this.store ??= this.open();
    return this.store;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    checkKey(key);
    await (await this.objects).put(key, bytes, { contentType, cacheControl: MEDIA_CACHE_CONTROL });
  }

  async get(key: string): Promise<StoredObject | undefined> {
    if (!isMediaKey(key)) return undefined;
    return (await this.objects).get(key);
  }

  async stat(key: string): Promise<StoredObjectHead | undefined> {
    if (!isMediaKey(key)) return undefined;
    return (await this.objects).head(key);
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await (await this.objects).delete(key);
  }

  async *list(): AsyncIterable<StoredObjectInfo> {
    for await (const item of (await this.objects).list()) {
      if (isMediaKey(item.name)) yield { key: item.name, size: item.size, modifiedAt: item.modifiedAt };
    }
  }
}

/** The S3_* settings of a configuration. */
export function s3SettingsOf(config: Config): S3Settings {
  return {
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

/** The media store the configuration names: the MEDIA_DIR folder, or the S3_* bucket with MEDIA_STORE=s3. */
export function createMediaStorage(config: Config, cwd: string = process.cwd()): MediaStorage {
  if (config.MEDIA_STORE === 'local') return new LocalMediaStorage(resolveDir(config.MEDIA_DIR, cwd));
  // The SDK is loaded on first use: it adds about 150 ms to every start, which a local shop need not pay.
  return new S3MediaStorage(async () => {
    const { createS3Client, S3ObjectStore } = await import('../storage/object-store');
    return new S3ObjectStore(createS3Client(s3SettingsOf(config)), config.S3_BUCKET, S3_MEDIA_PREFIX);
  });
}
