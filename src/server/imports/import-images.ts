import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { basename, isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { fileTooLargeMessage, MEDIA_MESSAGES } from '../../lib/media-messages';
import { IMPORT_IMAGE_CONCURRENCY, IMPORT_IMAGE_RETRIES, IMPORT_IMAGE_RETRY_BASE_MS, IMPORT_MESSAGES } from '../../lib/schemas/admin-imports';
import type { Database, ImportJobsTable } from '../db/schema';
import { ApiError, payloadTooLarge } from '../http/errors';
import { addImage, type ImageSource } from '../media/media.service';
import type { MediaStorage } from '../media/media.storage';
import type { ImportItem } from './import-batch';
import { IMPORT_DEFAULTS, joinListCell, splitList } from './product-rows';

/** What the image step needs: the media pipeline, the remote-URL rules and the folder of local images. */
export interface ImportImageOptions {
  db: () => Kysely<Database>;
  storage: MediaStorage;
  maxBytes: number;
  allowedHosts: readonly string[];
  /** IMPORT_IMAGE_DIR, absolute: the only folder a CSV may name image files in. */
  imageDir: string;
  /** Delay before retry n (0-based); spec §9: exponential from 1000 ms. */
  retryDelayMs?: (attempt: number) => number;
}

/** Whether a failed fetch may succeed when tried again (the network), not a refusal by rule or a bad file. */
function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  if (err.status === 413 || err.status === 415) return false;
  return ![MEDIA_MESSAGES.privateAddress, MEDIA_MESSAGES.badUrl, MEDIA_MESSAGES.tooManyRedirects].includes(err.message as never) && !/\b4\d\d\b/.test(err.message);
}

/** Whether `path` lies inside `dir` (not `dir` itself). */
function isInside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/** Where an image cell's entry comes from: an address to download, a file of the image folder, or a refusal. */
type Located = { key: string; source: () => Promise<ImageSource>; remote: boolean } | { refused: string };

/** A refusal of a local image, with the reason after the row message's prefix. */
const refusal = (reason: string): Located => ({ refused: `${IMPORT_MESSAGES.imageFailed} ${reason}` });

/** The bytes of a file of the image folder: no symlink as its last part (swapped after the check), a regular file, at most `maxBytes`. */
async function readImageFile(path: string, maxBytes: number): Promise<Uint8Array> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new ApiError(422, 'invalid_fields', IMPORT_MESSAGES.imageFileMissing);
    if (stat.size > maxBytes) throw payloadTooLarge(fileTooLargeMessage(maxBytes));
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * The image step of an import batch: every http(s) image and every file of the image folder
 * (IMPORT_IMAGE_DIR) a row names goes through the media pipeline like an upload (re-encoding,
 * variants), 3 at a time; addresses under the remote-URL rules with 3 retries and exponential delay;
 * each address or file processed once per job. The row then holds the stored /media/ paths. A row
 * whose image fails is refused with the reason; the job goes on.
 *
 * Which entries are files: a `file:` URL, a relative path (read from the folder), or an absolute path
 * inside the folder. A path that resolves outside it (`..`, a symlink pointing out) is refused
 * without the file system being asked about the outside. Any other '/…' entry is a site path of the
 * shop ('/media/…', '/images/…'), kept as it is, as the product dialog keeps it.
 *
 * A dry run processes nothing: it refuses the paths a real run would refuse and lets the rest
 * through (a file found stands in as the default image for the dialog's checks).
 */
export function createImportImageStep(options: ImportImageOptions) {
  const perJob = new Map<string, Map<string, Promise<string>>>();
  const delay = options.retryDelayMs ?? ((n: number) => IMPORT_IMAGE_RETRY_BASE_MS * 2 ** n);
  const folder = resolve(options.imageDir);
  let realFolder: Promise<string | null> | undefined;

  /** What an entry of an image cell is; null for a site path or a URL of another kind, kept as they are. */
  async function locate(entry: string): Promise<Located | null> {
    if (/^https?:\/\//i.test(entry)) {
      return { key: entry, remote: true, source: async () => ({ kind: 'url', url: entry }) };
    }
    let target: string;
    if (/^file:/i.test(entry)) {
      try {
        target = fileURLToPath(entry);
      } catch {
        return refusal(IMPORT_MESSAGES.imageOutsideFolder);
      }
    } else if (entry.startsWith('/')) {
      if (!isInside(folder, resolve(entry))) return null;
      target = resolve(entry);
    } else {
      target = resolve(folder, entry);
    }
    if (!isInside(folder, target)) return refusal(IMPORT_MESSAGES.imageOutsideFolder);
    realFolder ??= realpath(folder).catch(() => null);
    const base = await realFolder;
    if (base === null) {
      realFolder = undefined;
      return refusal(IMPORT_MESSAGES.imageFileMissing);
    }
    let real: string;
    try {
      real = await realpath(target);
    } catch {
      return refusal(IMPORT_MESSAGES.imageFileMissing);
    }
    // Symlinks followed: the file itself must be inside the folder too.
    if (!isInside(base, real)) return refusal(IMPORT_MESSAGES.imageOutsideFolder);
    return { key: `file:${real}`, remote: false, source: async () => ({ kind: 'file', bytes: await readImageFile(real, options.maxBytes), filename: basename(real) }) };
  }

  /** Stores one image through the media pipeline; addresses are tried again on network faults. */
  async function store(located: Extract<Located, { key: string }>, job: ImportJobsTable, signal: AbortSignal): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      try {
        const media = await addImage(options.db(), options.storage, await located.source(), { id: job.created_by, name: job.created_by_name }, { maxBytes: options.maxBytes, allowedHosts: options.allowedHosts });
        return media.url;
      } catch (err) {
        if (!located.remote || attempt >= IMPORT_IMAGE_RETRIES || !isRetryable(err) || signal.aborted) throw err;
        await new Promise((r) => setTimeout(r, delay(attempt)));
      }
    }
  }

  return async function prepare(items: ImportItem[], job: ImportJobsTable, signal: AbortSignal, dryRun = false): Promise<{ imagesTotal: number; imagesDone: number }> {
    let cache = perJob.get(job.id);
    if (!cache) perJob.set(job.id, (cache = new Map()));
    // Every entry of the batch's image cells, located once.
    const located = new Map<string, Located | null>();
    for (const item of items) {
      if (!item.fields || item.refused) continue;
      for (const raw of [item.fields.image ?? '', ...splitList(item.fields.gallery ?? '')]) {
        const entry = raw.trim();
        if (entry && !located.has(entry)) located.set(entry, await locate(entry));
      }
    }
    const wanted: Extract<Located, { key: string }>[] = [];
    if (!dryRun) {
      for (const l of located.values()) if (l && 'key' in l && !cache.has(l.key) && !wanted.some((w) => w.key === l.key)) wanted.push(l);
    }
    // At most IMPORT_IMAGE_CONCURRENCY images at once.
    const queue = [...wanted];
    let done = 0;
    const workers = Array.from({ length: Math.min(IMPORT_IMAGE_CONCURRENCY, queue.length) }, async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const pending = store(next, job, signal);
        cache.set(next.key, pending);
        await pending.then(
          () => done++,
          () => undefined,
        );
      }
    });
    await Promise.all(workers);
    /** The stored path an entry becomes (or the entry itself when it is kept); throws the row's refusal. */
    const stored = async (raw: string): Promise<string> => {
      const l = located.get(raw.trim());
      if (!l) return raw;
      if ('refused' in l) throw new RowRefusal(l.refused);
      if (dryRun) return l.remote ? raw : IMPORT_DEFAULTS.image;
      try {
        return await cache.get(l.key)!;
      } catch (err) {
        throw new RowRefusal(`${IMPORT_MESSAGES.imageFailed} ${err instanceof Error ? err.message : IMPORT_MESSAGES.unknownError}`);
      }
    };
    for (const item of items) {
      if (!item.fields || item.refused) continue;
      try {
        if (item.fields.image?.trim()) item.fields.image = await stored(item.fields.image);
        const gallery = splitList(item.fields.gallery ?? '');
        if (gallery.some((g) => located.get(g.trim()))) item.fields.gallery = joinListCell(await Promise.all(gallery.map(stored)));
      } catch (err) {
        item.refused = err instanceof RowRefusal ? err.message : `${IMPORT_MESSAGES.imageFailed} ${IMPORT_MESSAGES.unknownError}`;
      }
    }
    if (perJob.size > 20) perJob.delete(perJob.keys().next().value!);
    return { imagesTotal: wanted.length, imagesDone: done };
  };
}

/** A row's image refusal, its message whole. */
class RowRefusal extends Error {
  override name = 'RowRefusal';
}
