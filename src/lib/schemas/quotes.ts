/**
 * Quotes that become orders (issue #27 item 1): what staff send (POST /api/admin/quotes/:id/offer),
 * what the customer's page shows and sends back (accept, decline), and every message of both.
 */
import './zod-config';
import { z } from 'zod';
import { CART_LINE_MAX_QUANTITY, ENQUIRY_MESSAGE_MAX, ORDER_LINES_MAX } from '../constants';
import { formatWhole } from '../money';
import { checkoutInformationSchema, checkoutShippingSchema, lineColourInputSchema, orderLineColourSchema, orderPaymentInputSchema } from './order';

/** Every quote status: a draft only staff see, then sent, and how it ended. */
export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'expired', 'declined', 'withdrawn'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** Longest decline reason (characters). */
export const QUOTE_DECLINE_REASON_MAX = 1000;
/** Highest unit price or shipping charge a quote may carry, in cents ($1,000,000). */
export const QUOTE_AMOUNT_MAX_CENTS = 100_000_000;

/** Every message of quotes, server and pages. */
export const QUOTE_MESSAGES = {
  linesRequired: 'Please add at least one line to the quote.',
  tooManyLines: `A quote may have at most ${ORDER_LINES_MAX} lines.`,
  productRequired: 'Please choose a product for every line.',
  productNotFound: 'This product is not in our catalogue.',
  duplicateProduct: 'This product is already on the quote in this colour: change the quantity of its line instead.',
  quantity: `Quantities must be whole numbers from 1 to ${formatWhole(CART_LINE_MAX_QUANTITY)}.`,
  unitCents: 'Unit prices must be a whole number of cents from 0 to $1,000,000.',
  shippingCents: 'Shipping must be a whole number of cents from 0 to $1,000,000.',
  messageRequired: 'Please write a message to the customer.',
  messageMax: `Message must be at most ${formatWhole(ENQUIRY_MESSAGE_MAX)} characters.`,
  validUntil: 'Please give a validity date (YYYY-MM-DD) from today on.',
  reasonMax: `Reason must be at most ${formatWhole(QUOTE_DECLINE_REASON_MAX)} characters.`,
  notFound: 'Quote not found.',
  gone: 'This quote is no longer available.',
  signInRequired: 'Please sign in to the account this quote was made for.',
  expired: 'This quote has expired. Please ask us for a new one.',
  alreadyAccepted: 'This quote has already been accepted.',
  declined: 'This quote was declined.',
  withdrawn: 'This quote was withdrawn. Please ask us for a new one.',
  notSent: 'This quote has not been sent yet.',
  cannotWithdraw: 'Only a draft or a sent quote can be withdrawn.',
  customerNotFound: 'This customer does not exist or was deleted.',
  started: 'Draft quote started.',
  offered: 'Quote sent to the customer.',
  drafted: 'Draft saved.',
  withdrawnDone: 'Quote withdrawn.',
} as const;

/** One line staff price: any catalogue product, a quantity and the unit price offered. */
export const quoteLineInputSchema = z.object({
  productId: z.string({ error: QUOTE_MESSAGES.productRequired }).trim().min(1, { error: QUOTE_MESSAGES.productRequired }).max(200, { error: QUOTE_MESSAGES.productRequired }),
  quantity: z.number({ error: QUOTE_MESSAGES.quantity }).int({ error: QUOTE_MESSAGES.quantity }).min(1, { error: QUOTE_MESSAGES.quantity }).max(CART_LINE_MAX_QUANTITY, { error: QUOTE_MESSAGES.quantity }),
  /** The unit price offered, in cents; may differ from the list price. */
  unitCents: z.number({ error: QUOTE_MESSAGES.unitCents }).int({ error: QUOTE_MESSAGES.unitCents }).min(0, { error: QUOTE_MESSAGES.unitCents }).max(QUOTE_AMOUNT_MAX_CENTS, { error: QUOTE_MESSAGES.unitCents }),
  /** The colour a tintable paint is mixed to, as on order lines; absent for an untinted line. */
  colour: lineColourInputSchema.optional(),
});
export type QuoteLineInput = z.infer<typeof quoteLineInputSchema>;

/** POST /api/admin/quotes/:id/offer: the priced quote; `send: false` keeps it a draft (no e-mail). */
export const quoteOfferSchema = z.object({
  lines: z.array(quoteLineInputSchema, { error: QUOTE_MESSAGES.linesRequired }).min(1, { error: QUOTE_MESSAGES.linesRequired }).max(ORDER_LINES_MAX, { error: QUOTE_MESSAGES.tooManyLines }),
  /** Shipping charged with the quote, in cents (0 for free delivery). */
  shippingCents: z.number({ error: QUOTE_MESSAGES.shippingCents }).int({ error: QUOTE_MESSAGES.shippingCents }).min(0, { error: QUOTE_MESSAGES.shippingCents }).max(QUOTE_AMOUNT_MAX_CENTS, { error: QUOTE_MESSAGES.shippingCents }),
  /** The message the customer reads above the lines. */
  message: z.string({ error: QUOTE_MESSAGES.messageRequired }).trim().min(1, { error: QUOTE_MESSAGES.messageRequired }).max(ENQUIRY_MESSAGE_MAX, { error: QUOTE_MESSAGES.messageMax }),
  /** YYYY-MM-DD: the last day (UTC) the customer may accept; today or later (checked by the server). */
  validUntil: z.string({ error: QUOTE_MESSAGES.validUntil }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: QUOTE_MESSAGES.validUntil }).refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: QUOTE_MESSAGES.validUntil }),
  /** false: save as a draft without e-mailing it. */
  send: z.boolean().optional().default(true),
});
export type QuoteOffer = z.input<typeof quoteOfferSchema>;
export type ParsedQuoteOffer = z.infer<typeof quoteOfferSchema>;

/** POST /api/admin/users/:id/quotes: the first line of a quote staff start for a customer (priced at the list price until staff change it). */
export const quoteStartSchema = quoteLineInputSchema.pick({ productId: true, quantity: true });
export type QuoteStart = z.infer<typeof quoteStartSchema>;

/** POST /api/quotes/offers/:token/accept: who receives it, where it goes and how it is paid (the quote fixes lines and prices). */
export const quoteAcceptSchema = z.object({
  shippingAddress: checkoutInformationSchema.omit({ email: true }).extend(checkoutShippingSchema.shape),
  payment: orderPaymentInputSchema,
  /** The customer accepts that tinted paint is mixed to order and cannot be returned; required when a line has a colour. */
  tintedAccepted: z.boolean().optional(),
});
export type QuoteAccept = z.input<typeof quoteAcceptSchema>;
export type ParsedQuoteAccept = z.infer<typeof quoteAcceptSchema>;

/** POST /api/quotes/offers/:token/decline. */
export const quoteDeclineSchema = z.object({
  /** Why, if the customer says. */
  reason: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string({ error: QUOTE_MESSAGES.reasonMax }).trim().max(QUOTE_DECLINE_REASON_MAX, { error: QUOTE_MESSAGES.reasonMax }).optional(),
  ),
});
export type QuoteDecline = z.infer<typeof quoteDeclineSchema>;

/** One line of a quote as the customer and staff read it; money in cents. */
export const quoteLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  unitCents: z.number().int(),
  /** The list price when it was priced. */
  listUnitCents: z.number().int(),
  lineCents: z.number().int(),
  /** The colour it is tinted to (swatch hex of today); absent when untinted. */
  colour: orderLineColourSchema.optional(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

/** A quote as the customer reads it (GET /api/quotes/offers/:token). */
export const quoteSchema = z.object({
  id: z.string(),
  /** The secret of its link /quotes/<token>. */
  token: z.string(),
  status: z.enum(QUOTE_STATUSES),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  lines: z.array(quoteLineSchema),
  subtotalCents: z.number().int(),
  shippingCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  /** YYYY-MM-DD, the last day it may be accepted. */
  validUntil: z.string(),
  declineReason: z.string().nullable(),
  /** The order it became, once accepted. */
  orderNumber: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** A quote as staff read it: the customer's view plus the request it answers. */
export const adminQuoteSchema = quoteSchema.extend({ quoteRequestId: z.string().nullable(), customerId: z.string().nullable() });
export type AdminQuote = z.infer<typeof adminQuoteSchema>;

/** GET /api/admin/quotes/:id/offer answer: the request's quote, null while it has none. */
export const adminQuoteAnswerSchema = z.object({ quote: adminQuoteSchema.nullable() });

/** GET /api/account/quotes answer: the signed-in customer's quotes, newest first. */
export const accountQuotesSchema = z.object({ quotes: z.array(quoteSchema) });
export type AccountQuotes = z.infer<typeof accountQuotesSchema>;
