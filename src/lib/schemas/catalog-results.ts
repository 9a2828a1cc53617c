import './zod-config';
import { z } from 'zod';
import { CATALOG_RESULTS_MAX_LIMIT, PRODUCT_LIST_PAGE_SIZE } from '../constants';

/** Message of a `limit` that is not one whole number in range (422). */
export const CATALOG_RESULTS_LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${CATALOG_RESULTS_MAX_LIMIT}.`;

/** Message of an `html` other than '1' (422). */
export const CATALOG_RESULTS_HTML_MESSAGE = "Html must be '1' when given.";

/**
 * GET /api/catalog/results's own parameters; the others are the /shop URL's (parseShopQuery, which
 * ignores what makes no sense). `limit` is given at most once, as digits: it sizes the answer
 * and keys its cache, so a value read loosely would make many answers of one.
 */
export const catalogResultsQuerySchema = z.object({
  /** How many of the first results to send: 1..CATALOG_RESULTS_MAX_LIMIT, PRODUCT_LIST_PAGE_SIZE when absent. */
  limit: z
    .string({ error: CATALOG_RESULTS_LIMIT_MESSAGE })
    .regex(/^[1-9][0-9]{0,3}$/, CATALOG_RESULTS_LIMIT_MESSAGE)
    .transform(Number)
    .refine((n) => n <= CATALOG_RESULTS_MAX_LIMIT, CATALOG_RESULTS_LIMIT_MESSAGE)
    .default(PRODUCT_LIST_PAGE_SIZE),
  /** '1': the answer also carries its first cards as HTML (CatalogResultsAnswer.html), for a page before its scripts run. */
  html: z.literal('1', { error: CATALOG_RESULTS_HTML_MESSAGE }).optional(),
});
export type CatalogResultsQuery = z.infer<typeof catalogResultsQuerySchema>;
