import type { APIRoute } from 'astro';
import { statsQuerySchema } from '../../../../lib/schemas/analytics-query';
import { readStatsQuery, statsSettings } from '../../../../server/analytics/stats.http';
import { getAnalytics } from '../../../../server/analytics/stats.service';
import { jsonResponse } from '../../../../server/http/errors';
import { getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';

export const prerender = false;

/** The analytics view's series: ?from=&to= → figures by day, by status, top products, average order. */
export const GET: APIRoute = async ({ request, url }) => {
  await requireStaff(request, url, 'view_analytics');
  const query = readStatsQuery(url, statsQuerySchema);
  const { db } = await getDatabase();
  return jsonResponse(await getAnalytics(db, query, statsSettings()));
};
