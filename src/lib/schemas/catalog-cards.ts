import './zod-config';
import { z } from 'zod';

/** Longest category slug the query accepts (the longest category's is 24 characters). */
export const CATEGORY_SLUG_MAX = 80;

/** Message of a category that is not named by one slug. */
export const CATEGORY_SLUG_MESSAGE = 'Name one category by its slug: lower-case letters and digits joined by hyphens.';

/** Message of a well-formed slug that names no category (404). */
export const unknownCategoryMessage = (slug: string) => `There is no category '${slug}'.`;

/**
 * GET /api/catalog/cards's query: without `category` the whole catalogue's cards; with
 * `?category=<slug>` (once) the cards of that category alone (a category or vendor page's).
 */
export const catalogCardsQuerySchema = z.object({
  category: z
    .string({ error: CATEGORY_SLUG_MESSAGE })
    .max(CATEGORY_SLUG_MAX, CATEGORY_SLUG_MESSAGE)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, CATEGORY_SLUG_MESSAGE)
    .optional(),
});
export type CatalogCardsQuery = z.infer<typeof catalogCardsQuerySchema>;
