/**
 * The checkout form's own contract (steps 1 and 2) and every order message: kept apart from the
 * order's API schemas (order.ts re-exports all of it) so the checkout island ships only this.
 */
import './zod-config';
import { z } from 'zod';
import { CART_LINE_MAX_QUANTITY, DEFAULT_COUNTRY, ORDER_LINES_MAX } from '../constants';
import { AUTH_MESSAGES, isValidEmail } from './auth';

/** Every checkout and order message, as the form shows it under the field and the API returns it. */
export const ORDER_MESSAGES = {
  firstName: 'First name is required.',
  lastName: 'Last name is required.',
  email: AUTH_MESSAGES.email,
  phone: AUTH_MESSAGES.phone,
  address: 'Street address is required.',
  city: 'City is required.',
  postalCode: 'Please enter a valid UK postcode.',
  country: `We currently deliver to the ${DEFAULT_COUNTRY} only.`,
  cardName: 'Cardholder name is required.',
  cardNumber: 'Please enter a valid card number.',
  expiryFormat: 'Please enter the expiry date as MM/YY.',
  expired: 'This card has expired.',
  cvv: 'Please enter the 3 or 4 digit security code (CVV).',
  payment: 'Payment details are incomplete. Please enter your card again.',
  /** POST /api/orders with a method the shop does not offer now. */
  paymentMethod: 'This payment method is not available. Please choose another.',
  /** 502: the card provider could not be reached to set up the payment; nothing was ordered. */
  cardUnavailable: 'Card payments are not available just now. Please try again in a moment or pay by bank transfer.',
  /** The card was declined (the bank's reason follows when known); the order is cancelled and nothing is charged. */
  cardDeclined: 'Your card was declined and nothing was charged. Please check the details or use another card, then place the order again.',
  /** The card payment was not finished (3-D Secure still waiting). */
  cardActionRequired: 'Your bank asks you to confirm this payment. Please complete the check to place the order.',
  emptyCart: 'Your cart is empty.',
  tooManyLines: `Your cart has more than ${ORDER_LINES_MAX} different products. Please place them as two orders.`,
  shippingMethod: 'Choose standard or express delivery.',
  unknownProduct: 'One of the products in your cart is not in our catalogue. Please remove it and try again.',
  quantity: `Quantities must be whole numbers from 1 to ${CART_LINE_MAX_QUANTITY}.`,
  idempotencyKey: 'This checkout attempt is not valid. Please reload the page and try again.',
  /** 404 of GET /api/orders/:orderNumber. */
  orderNotFound: "We couldn't find an order with that number and e-mail.",
  /** 409 of POST /api/orders; followed by the product names. */
  unavailable: 'Some items in your cart are no longer available:',
  /** Fallback when the order cannot be placed for a reason the customer cannot fix. */
  orderFailed: 'We could not place your order. Your cart has been kept; please try again.',
} as const;

/** Longest accepted name and city (characters). */
export const NAME_MAX = 100;
/** Longest accepted street line (characters). */
const LINE_MAX = 200;

/** A required text field: trimmed, not empty, at most `max` characters. */
export const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: `At most ${max} characters.` });

/** A phone number as people type it: spaces, dots, hyphens and brackets are ignored; international (+…) or UK national (0…). */
export function normalizePhone(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, '');
  return /^(\+[1-9]\d{6,14}|0\d{9,10})$/.test(compact) ? compact : null;
}

// UK postcode (BS 7666 shapes, incl. GIR 0AA): outward code, then digit + two letters.
const UK_POSTCODE = /^(GIR0AA|[A-PR-UWYZ](\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRVWXY])\d[ABD-HJLNP-UW-Z]{2})$/;

/** A UK postcode as typed normalised to upper case with one space ('sw1a1aa' → 'SW1A 1AA'), or null. */
export function normalizeUkPostcode(input: string): string | null {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  if (!UK_POSTCODE.test(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** Step 1, Information: who is ordering. */
export const checkoutInformationSchema = z.object({
  /** Given name, also the shipping address's first name. */
  firstName: requiredText(ORDER_MESSAGES.firstName, NAME_MAX),
  /** Family name. */
  lastName: requiredText(ORDER_MESSAGES.lastName, NAME_MAX),
  /** Where the order e-mails go; trimmed. */
  email: z.string({ error: ORDER_MESSAGES.email }).trim().refine(isValidEmail, { error: ORDER_MESSAGES.email }),
  /** Phone for the courier, normalised (see normalizePhone). */
  phone: z
    .string({ error: ORDER_MESSAGES.phone })
    .transform((v, ctx) => normalizePhone(v) ?? (ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.phone }), z.NEVER)),
});
export type CheckoutInformation = z.input<typeof checkoutInformationSchema>;

/** Step 2, Shipping: where it goes. The country is fixed. */
export const checkoutShippingSchema = z.object({
  /** Street address (one line). */
  address: requiredText(ORDER_MESSAGES.address, LINE_MAX),
  /** Town or city. */
  city: requiredText(ORDER_MESSAGES.city, NAME_MAX),
  /** UK postcode, normalised to 'SW1A 1AA'. */
  postalCode: z
    .string({ error: ORDER_MESSAGES.postalCode })
    .transform((v, ctx) => normalizeUkPostcode(v) ?? (ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.postalCode }), z.NEVER)),
  /** Always DEFAULT_COUNTRY. */
  country: z.literal(DEFAULT_COUNTRY, { error: ORDER_MESSAGES.country }),
});
export type CheckoutShipping = z.input<typeof checkoutShippingSchema>;

/** An order number as typed ('ord-12345678', '12345678', ' ORD-12345678 ') in canonical form, or null. */
export function normalizeOrderNumber(input: string): string | null {
  const match = input.trim().toUpperCase().match(/^(?:ORD-?)?(\d{8})$/);
  return match ? `ORD-${match[1]}` : null;
}
