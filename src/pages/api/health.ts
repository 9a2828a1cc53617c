import type { APIRoute } from 'astro';
import { jsonResponse } from '../../server/http/errors';
import { getDatabase, getDatabaseKind, getLogger } from '../../server/runtime';

export const prerender = false;

/** How long the database may take to answer before the server counts as unavailable. */
const PING_TIMEOUT_MS = 2_000;

/** Liveness of the server and its database: 200 `{ status: 'ok', database }`, 503 when the database is unreachable. */
export const GET: APIRoute = async () => {
  const database = getDatabaseKind();
  try {
    const handle = await getDatabase();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      handle.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    return jsonResponse({ status: 'ok', database });
  } catch (err) {
    getLogger().warn('health check failed', { err: err instanceof Error ? err.message : String(err), database });
    return jsonResponse({ status: 'unavailable', database }, 503, { 'retry-after': '5' });
  }
};
