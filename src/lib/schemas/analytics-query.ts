/**
 * The overview and analytics query (GET /api/admin/stats?from=&to=&days=) and the CSV series,
 * parsed by the server. Apart from ./analytics.ts so the admin island does not ship these schemas.
 */
import './zod-config';
import { z } from 'zod';
import { countDays, parseLocalDate } from '../analytics/days';
import { MAX_PERIOD_DAYS } from '../analytics/period';

/** What staff read when a period cannot be shown. */
export const ANALYTICS_MESSAGES = {
  from: 'Please enter a valid start date (YYYY-MM-DD).',
  to: 'Please enter a valid end date (YYYY-MM-DD).',
  order: 'The start date must be on or before the end date.',
  tooLong: `The period can be at most ${MAX_PERIOD_DAYS} days.`,
  series: 'Please choose a series to download.',
  days: `The number of days must be a whole number from 1 to ${MAX_PERIOD_DAYS}.`,
} as const;

const localDate = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string({ message })
      .trim()
      .refine((v) => parseLocalDate(v) !== null, { message })
      .optional(),
  );

/** GET /api/admin/stats?from=&to= (local dates) or ?days= (the last N days ending today); none: the last 30 days. */
export const statsQuerySchema = z
  .object({
    from: localDate(ANALYTICS_MESSAGES.from),
    to: localDate(ANALYTICS_MESSAGES.to),
    days: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ message: ANALYTICS_MESSAGES.days }).int({ message: ANALYTICS_MESSAGES.days }).min(1, { message: ANALYTICS_MESSAGES.days }).max(MAX_PERIOD_DAYS, { message: ANALYTICS_MESSAGES.days }).optional()),
  })
  .superRefine((v, ctx) => {
    if (!v.from || !v.to) return;
    if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['from'], message: ANALYTICS_MESSAGES.order });
    else if (countDays(v.from, v.to) > MAX_PERIOD_DAYS) ctx.addIssue({ code: 'custom', path: ['from'], message: ANALYTICS_MESSAGES.tooLong });
  });
export type StatsQuery = z.infer<typeof statsQuerySchema>;

/** The downloadable series of the analytics view. */
export const STATS_SERIES = ['daily', 'statuses', 'top-units', 'top-revenue'] as const;
export type StatsSeries = (typeof STATS_SERIES)[number];

/** GET /api/admin/stats/export.csv?series=&from=&to=. */
export const statsExportQuerySchema = z.intersection(statsQuerySchema, z.object({ series: z.enum(STATS_SERIES, { message: ANALYTICS_MESSAGES.series }) }));

