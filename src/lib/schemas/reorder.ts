/**
 * 'Buy again' (issue #27 item 4): POST /api/account/orders/:orderNumber/reorder answers what of a
 * past order can go in the cart today, at today's prices and stock, and what changed or is gone.
 */
import './zod-config';
import { z } from 'zod';

/** A line to add to the cart: the product as the cart keeps it (price in dollars, today's; the colour it was tinted to) and how many. */
export const reorderLineSchema = z.object({
  product: z.object({
    id: z.string(),
    name: z.string(),
    price: z.number(),
    image: z.string(),
    category: z.string(),
    colour: z.object({ system: z.string(), code: z.string(), name: z.string(), hex: z.string() }).optional(),
  }),
  quantity: z.number().int(),
});

/** A line added differently from the order: a new price (cents then and now) or fewer left than were bought. */
export const reorderChangeSchema = z.object({
  productId: z.string(),
  name: z.string(),
  previousUnitCents: z.number().int(),
  unitCents: z.number().int(),
  previousQuantity: z.number().int(),
  quantity: z.number().int(),
  /** What changed, as the customer reads it: 'Price now $12.00 (was $10.00)', 'Only 3 left'. */
  message: z.string(),
});

/** A line that cannot be bought today, and why ('out of stock', 'no longer available', 'available on quotation only'). */
export const reorderUnavailableSchema = z.object({ productId: z.string(), name: z.string(), reason: z.string() });

/** The answer of the reorder route. */
export const reorderResultSchema = z.object({
  added: z.array(reorderLineSchema),
  changed: z.array(reorderChangeSchema),
  unavailable: z.array(reorderUnavailableSchema),
});
export type ReorderResult = z.infer<typeof reorderResultSchema>;
