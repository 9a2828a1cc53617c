import type { APIRoute } from 'astro';
import type { ReadinessResponse } from '../../../lib/schemas/api';
import { jsonResponse } from '../../../server/http/errors';
import { getReadiness, warmCatalogue } from '../../../server/runtime';

export const prerender = false;

/**
 * Readiness for a load balancer: 200 `{ status: 'ready' }` once the database is migrated and
 * seeded and the live catalogue built; 503 `starting` before (a start that could not reach the
 * database is retried here) and `stopping` from SIGTERM on, so traffic moves to other processes
 * before this one closes.
 */
export const GET: APIRoute = async () => {
  let status = getReadiness();
  if (status === 'starting') {
    // The start is tried again (at most one at a time); a database failure was logged where it happened.
    await warmCatalogue().catch(() => undefined);
    status = getReadiness();
  }
  const body: ReadinessResponse = { status };
  return status === 'ready' ? jsonResponse(body) : jsonResponse(body, 503, { 'retry-after': '5' });
};
