import type { Kysely } from 'kysely';
import { MEDIA_MESSAGES } from '../../lib/media-messages';
import { IMPORT_IMAGE_CONCURRENCY, IMPORT_IMAGE_RETRIES, IMPORT_IMAGE_RETRY_BASE_MS, IMPORT_MESSAGES } from '../../lib/schemas/admin-imports';
import type { Database, ImportJobsTable } from '../db/schema';
import { ApiError } from '../http/errors';
import { addImage } from '../media/media.service';
import type { MediaStorage } from '../media/media.storage';
import type { ImportItem } from './import-batch';
import { joinListCell, splitList } from './product-rows';

/** What the image step needs: the media pipeline and the remote-URL rules. */
export interface ImportImageOptions {
  db: () => Kysely<Database>;
  storage: MediaStorage;
  maxBytes: number;
  allowedHosts: readonly string[];
  /** Delay before retry n (0-based); spec §9: exponential from 1000 ms. */
  retryDelayMs?: (attempt: number) => number;
}

/** Whether a failed fetch may succeed when tried again (the network), not a refusal by rule or a bad file. */
function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  if (err.status === 413 || err.status === 415) return false;
  return ![MEDIA_MESSAGES.privateAddress, MEDIA_MESSAGES.badUrl, MEDIA_MESSAGES.tooManyRedirects].includes(err.message as never) && !/\b4\d\d\b/.test(err.message);
}

/**
 * The image step of an import batch: every http(s) image of the batch's rows goes through the media
 * pipeline (remote-URL rules, re-encoding, variants), 3 at a time with 3 retries and exponential
 * delay, each URL fetched once per job; the row then holds the stored /media/ paths. A row whose
 * image fails is refused with the reason; the job goes on.
 */
export function createImportImageStep(options: ImportImageOptions) {
  const perJob = new Map<string, Map<string, Promise<string>>>();
  const delay = options.retryDelayMs ?? ((n: number) => IMPORT_IMAGE_RETRY_BASE_MS * 2 ** n);

  async function fetchOnce(url: string, job: ImportJobsTable, signal: AbortSignal): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      try {
        const media = await addImage(options.db(), options.storage, { kind: 'url', url }, { id: job.created_by, name: job.created_by_name }, { maxBytes: options.maxBytes, allowedHosts: options.allowedHosts });
        return media.url;
      } catch (err) {
        if (attempt >= IMPORT_IMAGE_RETRIES || !isRetryable(err) || signal.aborted) throw err;
        await new Promise((r) => setTimeout(r, delay(attempt)));
      }
    }
  }

  return async function prepare(items: ImportItem[], job: ImportJobsTable, signal: AbortSignal): Promise<{ imagesTotal: number; imagesDone: number }> {
    let cache = perJob.get(job.id);
    if (!cache) perJob.set(job.id, (cache = new Map()));
    const wanted: string[] = [];
    for (const item of items) {
      if (!item.fields || item.refused) continue;
      for (const url of [item.fields.image ?? '', ...splitList(item.fields.gallery ?? '')]) {
        if (/^https?:\/\//i.test(url.trim()) && !cache.has(url.trim()) && !wanted.includes(url.trim())) wanted.push(url.trim());
      }
    }
    // At most IMPORT_IMAGE_CONCURRENCY downloads at once.
    const queue = [...wanted];
    let done = 0;
    const workers = Array.from({ length: Math.min(IMPORT_IMAGE_CONCURRENCY, queue.length) }, async () => {
      for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
        const pending = fetchOnce(url, job, signal);
        cache.set(url, pending);
        await pending.then(
          () => done++,
          () => undefined,
        );
      }
    });
    await Promise.all(workers);
    for (const item of items) {
      if (!item.fields || item.refused) continue;
      try {
        const image = item.fields.image?.trim();
        if (image && /^https?:\/\//i.test(image)) item.fields.image = await cache.get(image)!;
        const gallery = splitList(item.fields.gallery ?? '');
        if (gallery.some((g) => /^https?:\/\//i.test(g))) {
          item.fields.gallery = joinListCell(await Promise.all(gallery.map((g) => (/^https?:\/\//i.test(g) ? cache.get(g)! : g))));
        }
      } catch (err) {
        item.refused = `${IMPORT_MESSAGES.imageFailed} ${err instanceof Error ? err.message : IMPORT_MESSAGES.unknownError}`;
      }
    }
    if (perJob.size > 20) perJob.delete(perJob.keys().next().value!);
    return { imagesTotal: wanted.length, imagesDone: done };
  };
}
