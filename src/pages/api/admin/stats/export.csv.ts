import type { APIRoute } from 'astro';
import { statsExportQuerySchema } from '../../../../lib/schemas/analytics-query';
import { renderStatsCsv } from '../../../../server/analytics/stats.csv';
import { readStatsQuery, statsSettings } from '../../../../server/analytics/stats.http';
import { getAnalytics } from '../../../../server/analytics/stats.service';
import { getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';

export const prerender = false;

/** One analytics series as a CSV download: ?series=daily|statuses|top-units|top-revenue&from=&to=. */
export const GET: APIRoute = async ({ request, url }) => {
  await requireStaff(request, url, 'view_analytics');
  const { series, ...query } = readStatsQuery(url, statsExportQuerySchema);
  const { db } = await getDatabase();
  const { filename, csv } = renderStatsCsv(await getAnalytics(db, query, statsSettings()), series);
  return new Response(csv, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'no-store' },
  });
};
