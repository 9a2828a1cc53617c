/**
 * Checkout and order schemas shared by the checkout form (step by step) and the server
 * (POST /api/orders validates the whole order again), plus the Order the API returns (spec §3).
 */
import './zod-config';
import { z } from 'zod';
import { CART_LINE_MAX_QUANTITY, ESTIMATED_DELIVERY_DAYS, ORDER_LINES_MAX, ORDER_STATUSES, PAYMENT_STATUSES } from '../constants';
import { CARD_BRAND_IDS, checkExpiry, normalizeExpiry } from '../payment-card';
import { SHIPPING_METHOD_IDS } from '../paint/shipping';
import { checkoutInformationSchema, checkoutShippingSchema, NAME_MAX, ORDER_MESSAGES, requiredText } from './checkout-form';
import { TINT_MESSAGES } from './tinting';

export {
  checkoutInformationSchema,
  checkoutShippingSchema,
  normalizeOrderNumber,
  normalizePhone,
  normalizeUkPostcode,
  ORDER_MESSAGES,
  type CheckoutInformation,
  type CheckoutShipping,
} from './checkout-form';

/** An expiry date field: MM/YY (or 0427, 4/27), not in the past. */
const expiryField = z.string({ error: ORDER_MESSAGES.expiryFormat }).transform((v, ctx) => {
  const expiry = normalizeExpiry(v);
  const problem = expiry ? checkExpiry(expiry) : 'format';
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem === 'expired' ? ORDER_MESSAGES.expired : ORDER_MESSAGES.expiryFormat });
    return z.NEVER;
  }
  return expiry!;
});

/** A card summary the earlier checkout sent (never the number or the CVV); read as a bank transfer that keeps brand and last 4 for display. */
export const paymentSummarySchema = z.object({
  /** Name printed on the card. */
  cardName: requiredText(ORDER_MESSAGES.cardName, NAME_MAX),
  /** Brand detected from the number in the browser. */
  brand: z.enum(CARD_BRAND_IDS, { error: ORDER_MESSAGES.payment }),
  /** The last four digits. */
  last4: z.string({ error: ORDER_MESSAGES.payment }).regex(/^\d{4}$/, { error: ORDER_MESSAGES.payment }),
  /** MM/YY, not in the past. */
  expiryDate: expiryField,
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

/** How a customer may pay: bank transfer (always offered) or card (only when a card provider is configured). */
export const PAYMENT_METHODS = ['bank_transfer', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The chosen way to pay, as the server reads it. */
export type OrderPaymentChoice =
  | { method: 'bank_transfer'; /** A card summary sent by the earlier checkout: kept for display only. */ card?: PaymentSummary }
  | ({ method: 'card' } & Record<string, unknown>)
  /** Pay on account: a trade customer with terms, invoiced and paid by transfer by the due date. */
  | { method: 'account' };

/**
 * The payment of POST /api/orders: `{ method: 'bank_transfer' }`, `{ method: 'card', ... }` or
 * `{ method: 'account' }` (a signed-in trade customer with terms).
 * Omitted, it is a bank transfer. A card summary of the earlier checkout (brand and last 4, no
 * method) is still read, as a bank transfer that keeps the card's brand and last 4 for display.
 */
export const orderPaymentInputSchema = z
  .unknown()
  .optional()
  .transform((value, ctx): OrderPaymentChoice => {
    if (value === undefined || value === null) return { method: 'bank_transfer' };
    if (typeof value === 'object' && 'method' in value) {
      // Dispatched by hand rather than with a zod union: this module ships to the checkout, whose script has a budget.
      const method = (value as { method: unknown }).method;
      if (method === 'bank_transfer' || method === 'account') return { method };
      if (method === 'card') return { ...(value as Record<string, unknown>), method };
      ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.paymentMethod, path: ['method'] });
      return z.NEVER;
    }
    const summary = paymentSummarySchema.safeParse(value);
    if (!summary.success) {
      for (const issue of summary.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return { method: 'bank_transfer', card: summary.data };
  });

/** A colour asked for on a line: its system and code (the server looks it up; a name or hex sent along is ignored). */
const colourText = z.string({ error: TINT_MESSAGES.colour }).trim().min(1, { error: TINT_MESSAGES.colour }).max(40, { error: TINT_MESSAGES.colour });

/** A colour asked for on an order or quote line: `{ system: 'ral-classic', code: 'RAL 7016' }`. */
export const lineColourInputSchema = z.object({ system: colourText, code: colourText }, { error: TINT_MESSAGES.colour });

/** One requested line: the server looks up its price. */
export const orderItemInputSchema = z.object({
  productId: z.string({ error: ORDER_MESSAGES.unknownProduct }).trim().min(1, { error: ORDER_MESSAGES.unknownProduct }).max(200, { error: ORDER_MESSAGES.unknownProduct }),
  quantity: z.number({ error: ORDER_MESSAGES.quantity }).int({ error: ORDER_MESSAGES.quantity }).min(1, { error: ORDER_MESSAGES.quantity }).max(CART_LINE_MAX_QUANTITY, { error: ORDER_MESSAGES.quantity }),
  /** The colour a tintable paint is mixed to ({ system: 'ral-classic', code: 'RAL 7016' }); absent for an untinted line. */
  colour: lineColourInputSchema.optional(),
});

/** POST /api/orders body (API.md "Orders"). Prices are never taken from the client. */
export const orderInputSchema = z.object({
  /** One key per checkout attempt: the same key always answers with the same order. */
  idempotencyKey: z.string({ error: ORDER_MESSAGES.idempotencyKey }).regex(/^[A-Za-z0-9_-]{16,128}$/, { error: ORDER_MESSAGES.idempotencyKey }),
  /** What is bought; at most ORDER_LINES_MAX distinct lines. */
  items: z.array(orderItemInputSchema, { error: ORDER_MESSAGES.emptyCart }).min(1, { error: ORDER_MESSAGES.emptyCart }).max(ORDER_LINES_MAX, { error: ORDER_MESSAGES.tooManyLines }),
  customer: checkoutInformationSchema,
  shippingAddress: checkoutShippingSchema,
  payment: orderPaymentInputSchema,
  /** The shipping method chosen at the checkout; standard when omitted. The server decides again whether the cart may use it. */
  shippingMethod: z.enum(SHIPPING_METHOD_IDS, { error: ORDER_MESSAGES.shippingMethod }).optional().default('standard'),
  /** Keep the details (not the card) on this device for next time; the browser acts on it. */
  saveInfo: z.boolean().optional().default(false),
  /** Opt in to the newsletter. */
  newsletter: z.boolean().optional().default(false),
  /** The customer accepts that tinted paint is mixed to order and cannot be returned; required when a line has a colour. */
  tintedAccepted: z.boolean().optional(),
});
export type OrderInput = z.input<typeof orderInputSchema>;
export type ParsedOrderInput = z.infer<typeof orderInputSchema>;

/** POST /api/checkout/shipping-options body: the cart's lines (priced from the catalogue) and, optionally, where it goes. */
export const shippingOptionsInputSchema = z.object({
  items: z.array(orderItemInputSchema, { error: ORDER_MESSAGES.emptyCart }).min(1, { error: ORDER_MESSAGES.emptyCart }).max(ORDER_LINES_MAX, { error: ORDER_MESSAGES.tooManyLines }),
  shippingAddress: checkoutShippingSchema.optional(),
});
export type ShippingOptionsInput = z.infer<typeof shippingOptionsInputSchema>;

/** One shipping method offered for a cart: its price, delivery time and, when the cart may not use it, why. */
export const shippingOptionSchema = z.object({
  id: z.enum(SHIPPING_METHOD_IDS),
  label: z.string(),
  priceCents: z.number().int(),
  /** Business days, e.g. { min: 3, max: 5 }. */
  days: z.object({ min: z.number().int(), max: z.number().int() }),
  available: z.boolean(),
  reason: z.string().optional(),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

/** A parcel of the cart: limited-quantity marked or ordinary, its contents and gross weight. */
export const parcelSchema = z.object({
  limitedQuantity: z.boolean(),
  items: z.array(z.object({ productId: z.string(), quantity: z.number().int() })),
  grossWeightKg: z.number(),
});

/** POST /api/checkout/shipping-options answer; `refusal` when the cart cannot ship at all. */
export const shippingOptionsResponseSchema = z.object({
  options: z.array(shippingOptionSchema),
  parcels: z.array(parcelSchema),
  refusal: z.string().optional(),
});
export type ShippingOptionsResponse = z.infer<typeof shippingOptionsResponseSchema>;

/** The most orders one packing-slips PDF may hold. */
export const PACKING_SLIPS_MAX = 200;

/** POST /api/admin/orders/packing-slips.pdf body: the orders, one slip each, in this order. */
export const packingSlipsInputSchema = z.object({
  ids: z
    .array(z.string().trim().min(1).max(200), { error: 'Choose the orders to print.' })
    .min(1, { error: 'Choose the orders to print.' })
    .max(PACKING_SLIPS_MAX, { error: `At most ${PACKING_SLIPS_MAX} packing slips can be printed at once.` }),
});
export type PackingSlipsInput = z.infer<typeof packingSlipsInputSchema>;

/** A product as an order line keeps it (spec §3): what it was when bought. */
export const orderProductSnapshotSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Unit price in dollars when ordered. */
  price: z.number(),
  image: z.string(),
  category: z.string(),
  sku: z.string().optional(),
});

/** The colour an order line was tinted to: system, code and name as ordered, hex for a screen swatch. */
export const orderLineColourSchema = z.object({ system: z.string(), code: z.string(), name: z.string(), hex: z.string() });

/** One line of an order. */
export const orderItemSchema = z.object({
  product: orderProductSnapshotSchema,
  quantity: z.number().int(),
  /** Unit price in dollars charged for this line. */
  price: z.number(),
  /** The colour it was tinted to; absent when untinted (made to order, not returnable). */
  colour: orderLineColourSchema.optional(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** What an order's history records. */
export const ORDER_EVENT_ACTIONS = ['placed', 'approved', 'declined', 'status_changed', 'cancelled', 'note', 'email', 'payment', 'refund', 'invoice'] as const;
export type OrderEventAction = (typeof ORDER_EVENT_ACTIONS)[number];

/** One entry of an order's timeline: who did what and when. */
export const orderHistoryEntrySchema = z.object({
  at: z.string(),
  /** A staff member's name, 'Customer' or 'System'. */
  by: z.string(),
  action: z.enum(ORDER_EVENT_ACTIONS),
  from: z.enum(ORDER_STATUSES).optional(),
  to: z.enum(ORDER_STATUSES).optional(),
  note: z.string().optional(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

/** An order's payment as the API returns it. */
export const orderPaymentSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  /** The spec's payment status, following the money: approved once paid in full, refunded once all of it is returned. */
  status: z.enum(PAYMENT_STATUSES),
  authorisedCents: z.number().int(),
  capturedCents: z.number().int(),
  refundedCents: z.number().int(),
  /** What the customer still owes (0 once paid, declined or cancelled). */
  outstandingCents: z.number().int(),
  /** The reference to quote: the order number for a bank transfer, the provider's for a card. */
  reference: z.string(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** An order as the API returns it (spec §3 Order); money in dollars, times ISO 8601 UTC. */
export const orderSchema = z.object({
  id: z.string(),
  /** 'ORD-' + 8 digits. */
  orderNumber: z.string(),
  customerEmail: z.string(),
  customerName: z.string(),
  items: z.array(orderItemSchema),
  shippingAddress: z.object({
    firstName: z.string(),
    lastName: z.string(),
    address: z.string(),
    city: z.string(),
    postalCode: z.string(),
    country: z.string(),
    phone: z.string(),
  }),
  subtotal: z.number(),
  shipping: z.number(),
  tax: z.number(),
  total: z.number(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** The card's brand and last 4 digits; null when no card was given (a bank transfer). */
  paymentMethod: z.object({ brand: z.enum(CARD_BRAND_IDS), last4: z.string() }).nullable(),
  /** The money of the order, following what moved (authorised, captured, refunded) in cents. */
  payment: orderPaymentSchema,
  /** The VAT invoice once issued; null before. */
  invoice: z.object({ number: z.string(), url: z.string() }).nullable(),
  /** The credit notes of its refunds, oldest first, with the customer's download URL; absent while there are none (order look-up and Track Your Order only). */
  creditNotes: z.array(z.object({ number: z.string(), amountCents: z.number().int(), url: z.string() })).optional(),
  /** YYYY-MM-DD, ESTIMATED_DELIVERY_DAYS after ordering. */
  estimatedDelivery: z.string(),
  /** 'Payment method: Visa •••• 4242', then staff notes. */
  notes: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The shipping method chosen at the checkout (standard for orders placed before there was a choice). */
  shippingMethod: z.enum(SHIPPING_METHOD_IDS).optional(),
  /** The parcels it ships in (limited-quantity items split at 30 kg gross); absent for orders from before they were kept. */
  parcels: z.array(parcelSchema).optional(),
  /** Set once staff mark the order shipped. */
  carrier: z.string().nullable().optional(),
  trackingNumber: z.string().nullable().optional(),
  /** What happened to the order, oldest first (staff appear as the shop). */
  history: z.array(orderHistoryEntrySchema).optional(),
  /** When the customer accepted that its tinted lines are mixed to order and cannot be returned; null without tinted lines. */
  tintedAcceptedAt: z.string().nullable().optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** GET /api/account/orders. */
export const accountOrdersResponseSchema = z.object({ orders: z.array(orderSchema) });
export type AccountOrdersResponse = z.infer<typeof accountOrdersResponseSchema>;

/** The estimated delivery date (YYYY-MM-DD, UTC) of an order placed at `orderedAt`. */
export function computeEstimatedDelivery(orderedAt: Date): string {
  return new Date(orderedAt.getTime() + ESTIMATED_DELIVERY_DAYS * 86_400_000).toISOString().slice(0, 10);
}
