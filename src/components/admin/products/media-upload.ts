/**
 * Sends product images to POST /api/admin/media (a file as multipart `file`, or a typed URL as JSON
 * `{ url }`, which the server fetches under the remote-URL rules) and reads back the stored URL.
 */
import { AdminApiError } from '../../../stores/admin-orders';
import { endAdminSession } from '../../../stores/admin-session';
import { IMAGE_MAX_BYTES } from '../../../lib/constants';
import { MEDIA_MESSAGES } from '../../../lib/media-messages';
import { ADMIN_MESSAGES } from '../../../lib/schemas/admin';

/** The endpoint every image goes through. */
export const MEDIA_PATH = '/api/admin/media';

/** Image types the picker offers (spec §5: image inputs accept image types; the server checks the bytes). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/** Uploads to run at once (spec §9 Upload: 3 concurrent). */
export const UPLOAD_CONCURRENCY = 3;

/** The spec's fallbacks when an upload fails without a message of the server's (spec §8). */
export const UPLOAD_FAILED = {
  image: 'Failed to upload image. Please try again.',
  gallery: 'Failed to upload gallery images. Please try again.',
} as const;

/** The refusal the server would give a file, known before sending it (too large, or not one of the four types). */
export function precheckImageFile(file: { size: number; type: string }): AdminApiError | null {
  if (file.size > IMAGE_MAX_BYTES) return new AdminApiError(413, MEDIA_MESSAGES.tooLarge);
  // An empty type says nothing; the server reads the bytes. A declared non-image or SVG is refused here.
  if (file.type && !IMAGE_ACCEPT.split(',').includes(file.type)) return new AdminApiError(415, MEDIA_MESSAGES.invalidType);
  return null;
}

/** Uploads one image (a file, or a URL for the server to fetch); resolves to its stored URL. */
export async function uploadImage(source: File | string): Promise<string> {
  const refusal = typeof source === 'string' ? null : precheckImageFile(source);
  if (refusal) throw refusal;
  let response: Response;
  try {
    if (typeof source === 'string') {
      response = await fetch(MEDIA_PATH, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ url: source }),
      });
    } else {
      const body = new FormData();
      body.append('file', source);
      response = await fetch(MEDIA_PATH, { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' }, body });
    }
  } catch {
    throw new AdminApiError(0, '');
  }
  const data = (await response.json().catch(() => null)) as { url?: unknown; error?: { message?: string } } | null;
  if (response.status === 401) {
    endAdminSession();
    throw new AdminApiError(401, ADMIN_MESSAGES.notSignedIn, data);
  }
  if (!response.ok || typeof data?.url !== 'string') throw new AdminApiError(response.status, data?.error?.message ?? '', data);
  return data.url;
}

/**
 * What staff read when an upload fails: the spec's line for the main image or the gallery, then the
 * server's reason when it gave one (e.g. 'File size too large. Maximum size is 10MB.').
 */
export function describeUploadFailure(kind: keyof typeof UPLOAD_FAILED, error: unknown): string {
  const reason = error instanceof AdminApiError && error.status !== 0 ? error.message : '';
  return reason ? `${UPLOAD_FAILED[kind]} ${reason}` : UPLOAD_FAILED[kind];
}

/**
 * Runs `task` over every item with at most `limit` running at once; resolves to each outcome in the
 * items' order (a failure does not stop the others).
 */
export async function runPooled<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await task(items[index] as T) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
