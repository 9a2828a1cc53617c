import { createHash, timingSafeEqual } from 'node:crypto';
import type { APIRoute } from 'astro';
import { ApiError, notFound } from '../../server/http/errors';
import { metricsRegistry } from '../../server/metrics/metrics';
import { getConfig } from '../../server/runtime';

export const prerender = false;

/** Whether the Authorization header carries the bearer `token` (compared in constant time). */
function hasToken(header: string | null, token: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '';
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return given !== '' && timingSafeEqual(digest(given), digest(token));
}

/**
 * This process's metrics in the Prometheus text format (src/server/metrics/metrics.ts) for a
 * scraper holding METRICS_TOKEN (off, 404, without it): Node's process metrics, request durations
 * by route kind and status class, orders, refused sign-ins, import rows, the database state and the
 * outbox backlog. Counts and ages only: no address, subject or id.
 */
export const GET: APIRoute = async ({ request }) => {
  const token = getConfig().METRICS_TOKEN;
  if (!token) throw notFound();
  if (!hasToken(request.headers.get('authorization'), token)) {
    throw new ApiError(401, 'unauthorized', 'A valid metrics token is required.', undefined, { 'www-authenticate': 'Bearer' });
  }
  return new Response(await metricsRegistry.metrics(), {
    headers: { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' },
  });
};
