/**
 * The overview and analytics answers (API.md "GET /api/admin/stats"): the figures the server
 * computes, as the back office reads them (the query is in ./analytics-query.ts, server-side). Money in integer cents; dates are local dates
 * (YYYY-MM-DD) in the shop's time zone, instants ISO 8601 UTC.
 */
import './zod-config';
import { z } from 'zod';
import { ORDER_STATUSES } from '../constants';

const periodSchema = z.object({ from: z.string(), to: z.string(), days: z.number().int() });
export type StatsPeriod = z.infer<typeof periodSchema>;

const trendSchema = z.object({ direction: z.enum(['up', 'down', 'flat', 'none']), percent: z.number().nullable() });

/** A figure of the period beside the same figure of the previous period and the trend between them. */
export const statSchema = z.object({ current: z.number().int(), previous: z.number().int(), trend: trendSchema });
export type Stat = z.infer<typeof statSchema>;

/** Where an activity entry or an alert leads in the back office. */
export const statsLinkSchema = z.object({ view: z.enum(['orders', 'payments', 'products', 'users', 'analytics']), id: z.string().optional(), search: z.record(z.string(), z.string()).optional() });
export type StatsLink = z.infer<typeof statsLinkSchema>;

/** One line of the recent activity: a sentence a person reads. */
export const activityEntrySchema = z.object({
  at: z.string(),
  /** 'order' (placed or moved), 'product', 'category', 'staff', 'media' or another audited kind. */
  kind: z.string(),
  text: z.string(),
  link: statsLinkSchema.nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** Something that needs staff now, computed from the data. */
export const alertSchema = z.object({
  kind: z.enum(['low_stock', 'pending_orders', 'failing_email', 'overdue_transfers', 'payment_problems']),
  count: z.number().int(),
  title: z.string(),
  text: z.string(),
  /** The first few records concerned (lowest stock first, oldest order first). */
  items: z.array(z.object({ id: z.string(), label: z.string(), detail: z.string() })),
  link: statsLinkSchema.nullable(),
});
export type StatsAlert = z.infer<typeof alertSchema>;

/** GET /api/admin/stats/overview: the four cards, recent activity and alerts. */
export const overviewSchema = z.object({
  timeZone: z.string(),
  period: periodSchema,
  previousPeriod: periodSchema,
  cards: z.object({
    /** The sum of order totals of the orders placed (spec §2.13), whatever became of them. */
    revenueCents: statSchema,
    /** Orders approved and later (processing, shipped, delivered), refunds left out. */
    approvedRevenueCents: statSchema,
    orders: statSchema,
    /** Customer accounts created. */
    newCustomers: statSchema,
    /** Products in the live catalogue at the end of each period. */
    liveProducts: statSchema,
  }),
  activity: z.array(activityEntrySchema),
  alerts: z.array(alertSchema),
});
export type Overview = z.infer<typeof overviewSchema>;

/** One local day of the analytics period. */
export const dayFiguresSchema = z.object({
  date: z.string(),
  orders: z.number().int(),
  revenueCents: z.number().int(),
  approvedRevenueCents: z.number().int(),
  newCustomers: z.number().int(),
});
export type DayFigures = z.infer<typeof dayFiguresSchema>;

/** A product's sales in the period (approved-and-later orders). */
export const productSalesSchema = z.object({ productId: z.string(), name: z.string(), units: z.number().int(), revenueCents: z.number().int() });
export type ProductSales = z.infer<typeof productSalesSchema>;

/** GET /api/admin/stats/analytics: the series of the charts. */
export const analyticsSchema = z.object({
  timeZone: z.string(),
  period: periodSchema,
  totals: z.object({
    orders: z.number().int(),
    revenueCents: z.number().int(),
    approvedRevenueCents: z.number().int(),
    /** Orders approved and later, refunds left out: what the average is taken over. */
    approvedOrders: z.number().int(),
    /** approvedRevenueCents / approvedOrders, rounded to the cent (0 without such orders). */
    averageOrderValueCents: z.number().int(),
    newCustomers: z.number().int(),
  }),
  days: z.array(dayFiguresSchema),
  byStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), orders: z.number().int(), revenueCents: z.number().int() })),
  topByUnits: z.array(productSalesSchema),
  topByRevenue: z.array(productSalesSchema),
});
export type Analytics = z.infer<typeof analyticsSchema>;

/** GET /api/admin/stats: the overview with the analytics series. */
export const statsSchema = overviewSchema.extend({ analytics: analyticsSchema });
export type Stats = z.infer<typeof statsSchema>;
