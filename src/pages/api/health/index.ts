import type { APIRoute } from 'astro';
import type { HealthResponse } from '../../../lib/schemas/api';
import { jsonResponse } from '../../../server/http/errors';
import { checkDatabase, getDatabaseKind } from '../../../server/runtime';

export const prerender = false;

/**
 * Health of the server and its database, checked with a real read and a small write: 200
 * `{ status: 'ok', database, mail }`; 503 `degraded` (reads work, writes fail) or `unavailable`
 * with a `reason`. `mail` is the outbox backlog: queued, urgent (password resets), failing, and
 * the oldest one's age in seconds.
 */
export const GET: APIRoute = async () => {
  const { status, reason, mail } = await checkDatabase();
  const body: HealthResponse = {
    status,
    database: getDatabaseKind(),
    ...(reason ? { reason } : {}),
    ...(mail ? { mail: { queued: mail.queued, urgent: mail.urgent, failing: mail.failing, oldestSeconds: mail.oldestSeconds } } : {}),
  };
  return status === 'ok' ? jsonResponse(body) : jsonResponse(body, 503, { 'retry-after': '5' });
};
