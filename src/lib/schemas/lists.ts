/**
 * Project lists (issue #27 item 5): GET, POST /api/account/lists and PUT, DELETE
 * /api/account/lists/:id: a signed-in customer's named lists of products with quantities.
 */
import './zod-config';
import { z } from 'zod';
import { CART_LINE_MAX_QUANTITY } from '../constants';
import { TINT_MESSAGES } from './tinting';

/** Most lists one customer keeps. */
export const PROJECT_LISTS_MAX = 50;
/** Most products on one list. */
export const PROJECT_LIST_ITEMS_MAX = 100;
/** Longest list name (characters). */
export const PROJECT_LIST_NAME_MAX = 80;

/** Every message of project lists. */
export const LIST_MESSAGES = {
  name: `Please name the list (at most ${PROJECT_LIST_NAME_MAX} characters).`,
  tooManyItems: `A list may hold at most ${PROJECT_LIST_ITEMS_MAX} products.`,
  tooManyLists: `You can keep at most ${PROJECT_LISTS_MAX} lists. Please delete one first.`,
  product: 'Please choose a product from our catalogue.',
  quantity: `Quantities must be whole numbers from 1 to ${CART_LINE_MAX_QUANTITY}.`,
  notFound: 'List not found.',
} as const;

// The same shape as an order line's colour; order.ts is not imported, so the lists' chunk stays small.
const colourText = z.string({ error: TINT_MESSAGES.colour }).trim().min(1, { error: TINT_MESSAGES.colour }).max(40, { error: TINT_MESSAGES.colour });

/** One product of a list and how many, in a colour when it is tinted to order. */
export const listItemInputSchema = z.object({
  productId: z.string({ error: LIST_MESSAGES.product }).trim().min(1, { error: LIST_MESSAGES.product }).max(200, { error: LIST_MESSAGES.product }),
  quantity: z.number({ error: LIST_MESSAGES.quantity }).int({ error: LIST_MESSAGES.quantity }).min(1, { error: LIST_MESSAGES.quantity }).max(CART_LINE_MAX_QUANTITY, { error: LIST_MESSAGES.quantity }),
  /** The colour a tintable paint is to be mixed to (system and code); absent for an untinted line. */
  colour: z.object({ system: colourText, code: colourText }, { error: TINT_MESSAGES.colour }).optional(),
});

/** POST /api/account/lists and PUT /api/account/lists/:id: the name and the whole set of items (a product twice in one colour is added up). */
export const listInputSchema = z.object({
  name: z.string({ error: LIST_MESSAGES.name }).trim().min(1, { error: LIST_MESSAGES.name }).max(PROJECT_LIST_NAME_MAX, { error: LIST_MESSAGES.name }),
  items: z.array(listItemInputSchema).max(PROJECT_LIST_ITEMS_MAX, { error: LIST_MESSAGES.tooManyItems }).optional().default([]),
});
export type ListInput = z.input<typeof listInputSchema>;
export type ParsedListInput = z.infer<typeof listInputSchema>;

/** One item of a list with the product as it is today (null once it left the catalogue). */
export const listItemSchema = z.object({
  productId: z.string(),
  quantity: z.number().int(),
  /** The colour it is to be tinted to, as kept (hex: today's screen swatch, '' when the system no longer has the code); absent when untinted. */
  colour: z.object({ system: z.string(), code: z.string(), name: z.string(), hex: z.string() }).optional(),
  product: z
    .object({ id: z.string(), name: z.string(), price: z.number(), image: z.string(), category: z.string(), inStock: z.boolean(), requestQuoteOnly: z.boolean() })
    .nullable(),
});

/** A project list. */
export const projectListSchema = z.object({
  id: z.string(),
  name: z.string(),
  items: z.array(listItemSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectList = z.infer<typeof projectListSchema>;

/** GET /api/account/lists answer: newest first. */
export const projectListsSchema = z.object({ lists: z.array(projectListSchema) });
