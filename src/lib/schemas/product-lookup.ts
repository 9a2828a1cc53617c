import './zod-config';
import { z } from 'zod';

/** Most products one look-up may name (a cart's lines; the drawer asks for them together). */
export const PRODUCT_LOOKUP_MAX_IDS = 100;

/** Message of a look-up naming no product, too many, or an id that cannot be one. */
export const PRODUCT_LOOKUP_MESSAGE = `Name between 1 and ${PRODUCT_LOOKUP_MAX_IDS} product ids, separated by commas.`;

/** GET /api/products?ids=a,b,c: the ids, each once, in the order given. */
export const productLookupQuerySchema = z.object({
  ids: z
    .string({ error: PRODUCT_LOOKUP_MESSAGE })
    .transform((value) => [...new Set(value.split(',').map((id) => id.trim()))])
    .pipe(z.array(z.string().min(1, PRODUCT_LOOKUP_MESSAGE).max(200, PRODUCT_LOOKUP_MESSAGE)).min(1, PRODUCT_LOOKUP_MESSAGE).max(PRODUCT_LOOKUP_MAX_IDS, PRODUCT_LOOKUP_MESSAGE)),
});
export type ProductLookupQuery = z.infer<typeof productLookupQuerySchema>;
