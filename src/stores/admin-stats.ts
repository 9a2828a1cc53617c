/**
 * The overview and analytics data of the back office (GET /api/admin/stats/overview and
 * /analytics), cached like every admin query (fresh 5 min). The overview follows the dashboard's
 * landing view; the analytics follows the period in the URL.
 */
import { analyticsSchema, overviewSchema, type Analytics, type Overview } from '../lib/schemas/analytics';
import { analyticsPeriodQuery, parseAnalyticsPeriod } from '../lib/admin/analytics-period';
import { createQuery } from './admin-query';
import { $adminRouter } from './admin-router';
import { readAs, requestAdmin } from './admin-orders';

/** The overview of the last 30 days (cards, activity, alerts), fetched while the overview is open. */
export const $overview = createQuery<Overview>({
  sources: [$adminRouter],
  key: () => ($adminRouter.get()?.route === 'overview' ? '/api/admin/stats/overview' : null),
  fetcher: async (key) => readAs(overviewSchema, await requestAdmin(key), key),
});

/** The analytics of the URL's period, fetched while the analytics view is open. */
export const $analytics = createQuery<Analytics>({
  sources: [$adminRouter],
  key: () => {
    const page = $adminRouter.get();
    return page?.route === 'analytics' ? `/api/admin/stats/analytics?${analyticsPeriodQuery(parseAnalyticsPeriod(page.search))}` : null;
  },
  fetcher: async (key) => readAs(analyticsSchema, await requestAdmin(key), key),
});
