import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MEDIA_PATH_PREFIX } from '../../lib/media';
import type { Logger } from '../log';
import { isMediaKey, type MediaStorage } from './media.storage';

/** A stored file never changes under its key: caches keep it for a year without asking again. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The answer to GET/HEAD /media/<key>. */
export interface MediaAnswer {
  status: 200 | 304 | 404;
  headers: Record<string, string>;
  /** The bytes (200 to GET only). */
  body?: Readable;
}

const NOT_FOUND: MediaAnswer = {
  status: 404,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
};

/** The key a /media/ path names, or undefined when it names none (undecodable, a traversal, a folder). */
function keyOf(pathname: string): string | undefined {
  if (!pathname.startsWith(MEDIA_PATH_PREFIX)) return undefined;
  try {
    return decodeURIComponent(pathname.slice(MEDIA_PATH_PREFIX.length));
  } catch {
    return undefined;
  }
}

/**
 * Whether a path names a stored image: /media/<key> with a key of ours. The rest of /media/ is the
 * build's (public/media: the carousel videos and posters).
 */
export function isMediaPath(pathname: string): boolean {
  const key = keyOf(pathname);
  return key !== undefined && isMediaKey(key);
}

/**
 * Answers a request for a stored image: its bytes with its content type, nosniff and a year of
 * immutable caching, 304 when the client holds it already, 404 for any path that is not a stored key.
 */
export async function answerMediaRequest(storage: MediaStorage, pathname: string, request: { head: boolean; ifNoneMatch: string | null }): Promise<MediaAnswer> {
  const key = keyOf(pathname);
  const stored = key === undefined ? undefined : await storage.get(key);
  if (!stored) return NOT_FOUND;
  const etag = `"${key}"`;
  const headers: Record<string, string> = { 'cache-control': MEDIA_CACHE_CONTROL, etag, 'x-content-type-options': 'nosniff' };
  if (request.ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    stored.body.destroy();
    return { status: 304, headers };
  }
  Object.assign(headers, { 'content-type': stored.contentType, 'content-length': String(stored.size) });
  if (request.head) {
    stored.body.destroy();
    return { status: 200, headers };
  }
  return { status: 200, headers, body: stored.body };
}

/** Serves GET/HEAD /media/<key> from the node edge (no Astro pipeline: images are the heaviest requests). */
export async function serveMediaRequest(req: IncomingMessage, res: ServerResponse, storage: MediaStorage, log: Logger): Promise<void> {
  try {
    const pathname = (req.url ?? '/').split('?')[0]!;
    const ifNoneMatch = req.headers['if-none-match'] ?? null;
    const answer = await answerMediaRequest(storage, pathname, { head: req.method === 'HEAD', ifNoneMatch });
    res.writeHead(answer.status, answer.headers);
    if (!answer.body) {
      res.end(answer.status === 404 && req.method !== 'HEAD' ? 'Not found.\n' : undefined);
      return;
    }
    await pipeline(answer.body, res);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    log.error('media not served', { err, path: req.url });
    if (!res.headersSent) {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end('Something went wrong on our side. Please try again.\n');
    } else res.destroy();
  }
}
