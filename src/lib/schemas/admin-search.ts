import { z } from 'zod';

/** Most records each group of the back-office search answers. */
export const ADMIN_SEARCH_LIMIT = 5;

/** GET /api/admin/search query: the text typed in the top bar. */
export const adminSearchQuerySchema = z.object({
  /** Matched as each list's own search matches it (order number, name, e-mail; product name, SKU, brand). */
  q: z.string().trim().max(200).catch(''),
});
export type AdminSearchQuery = z.infer<typeof adminSearchQuerySchema>;

/** GET /api/admin/search answer: up to ADMIN_SEARCH_LIMIT per group; a group the member may not see is absent. */
export const adminSearchResultSchema = z.object({
  orders: z.array(z.object({ id: z.string(), orderNumber: z.string(), customerName: z.string(), status: z.string(), total: z.number() })).optional(),
  products: z.array(z.object({ id: z.string(), name: z.string(), sku: z.string(), price: z.number() })).optional(),
  customers: z.array(z.object({ id: z.string(), fullName: z.string(), email: z.string() })).optional(),
});
export type AdminSearchResult = z.infer<typeof adminSearchResultSchema>;
