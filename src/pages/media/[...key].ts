import type { APIRoute } from 'astro';
import { Readable } from 'node:stream';
import { answerMediaRequest } from '../../server/media/media.http';
import { getMediaServing, getMediaStorage } from '../../server/runtime';

export const prerender = false;

/**
 * A stored image (GET/HEAD /media/<key>). The node edge answers these paths itself with the same
 * function; this route serves `astro dev` and any host without the edge. Files of public/media
 * are served before any route, so it only sees the other paths.
 */
export const GET: APIRoute = async ({ request, url }) => {
  const answer = await answerMediaRequest(getMediaStorage(), url.pathname, { head: request.method === 'HEAD', ifNoneMatch: request.headers.get('if-none-match') }, getMediaServing());
  const body = answer.body ? (Readable.toWeb(answer.body) as unknown as BodyInit) : answer.status === 404 ? 'Not found.\n' : null;
  return new Response(body, { status: answer.status, headers: answer.headers });
};
