import type { z } from 'zod';
import { invalidFields } from '../http/errors';
import { getConfig } from '../runtime';
import type { StatsSettings } from './stats.service';

/** Parses the query of a stats route with its schema; 422 with the field messages otherwise. */
export function readStatsQuery<S extends z.ZodType>(url: URL, schema: S): z.infer<S> {
  const parsed = schema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw invalidFields(parsed.error);
  return parsed.data;
}

/** The shop's zone and low-stock threshold from the configuration. */
export function statsSettings(): StatsSettings {
  const config = getConfig();
  return { timeZone: config.SHOP_TIME_ZONE, lowStockThreshold: config.LOW_STOCK_THRESHOLD, transferDueDays: config.BANK_TRANSFER_DUE_DAYS };
}
