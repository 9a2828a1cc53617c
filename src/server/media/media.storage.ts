import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { MEDIA_EXTENSION, parseMediaKey } from '../../lib/media';

/** A stored object as read back. */
export interface StoredObject {
  /** The bytes, streamed. */
  body: Readable;
  /** Length in bytes. */
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
 * Where uploaded images live, by key (a flat name such as `<id>-800x600.webp`, never a path).
 * The local folder is the default; an object store (S3 and the like) implements the same four calls.
 */
export interface MediaStorage {
  /** Stores bytes under a key, replacing nothing half-written: readers see all of it or none. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object of a key, or undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removes a key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored key. */
  list(): AsyncIterable<StoredObjectInfo>;
}

/** Content types of the formats storage may hold, by extension. */
const CONTENT_TYPES: Record<string, string> = { [MEDIA_EXTENSION]: 'image/webp' };

/** Thrown for a key that is not a media key: nothing outside the naming scheme is read or written. */
export class InvalidMediaKeyError extends Error {
  override name = 'InvalidMediaKeyError';
}

/** Whether a key is one of ours (so it can never name a path outside the folder). */
export function isMediaKey(key: string): boolean {
  return parseMediaKey(key) !== undefined;
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
      return { body: createReadStream(path), size: info.size, contentType: CONTENT_TYPES[MEDIA_EXTENSION]! };
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
