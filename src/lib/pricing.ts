/**
 * Order pricing (spec §9): subtotal, shipping, VAT and total in integer cents. The checkout shows
 * these figures and the server charges them; both call the same functions, the server with its own
 * catalogue prices.
 */
import { FREE_SHIPPING_THRESHOLD_CENTS, SHIPPING_FLAT_CENTS, VAT_RATE } from './constants';
import { applyRate, multiplyCents, roundToCents } from './money';

/** One priced line: the unit price in cents and how many. */
export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
}

/** The figures of an order or a cart, all in cents. */
export interface OrderTotals {
  subtotalCents: number;
  /** 0 when the subtotal is above the free-shipping threshold (or nothing is bought). */
  shippingCents: number;
  /** VAT on the subtotal, rounded half away from zero to the cent. */
  taxCents: number;
  totalCents: number;
  /** How much more would make shipping free; 0 when it already is. */
  freeShippingRemainingCents: number;
}

/** The sum of every line's unit price times its quantity. */
export function computeSubtotalCents(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + multiplyCents(line.unitPriceCents, line.quantity), 0);
}

/** Shipping for a subtotal: free strictly above the threshold, otherwise the flat charge; nothing to ship costs nothing. */
export function computeShippingCents(subtotalCents: number): number {
  if (subtotalCents <= 0) return 0;
  return subtotalCents > FREE_SHIPPING_THRESHOLD_CENTS ? 0 : SHIPPING_FLAT_CENTS;
}

/** VAT (VAT_RATE) of the subtotal, to the cent. Shipping is not taxed (spec §9: 20 % of the subtotal). */
export function computeVatCents(subtotalCents: number): number {
  return applyRate(subtotalCents, VAT_RATE);
}

/**
 * The smallest amount that, added to the subtotal, makes shipping free ('Add $X more for free
 * shipping!'): shipping is free only strictly above the threshold, so $100.00 still needs $0.01.
 * 0 when shipping is already free or the cart is empty.
 */
export function computeFreeShippingRemainingCents(subtotalCents: number): number {
  if (subtotalCents <= 0 || subtotalCents > FREE_SHIPPING_THRESHOLD_CENTS) return 0;
  return FREE_SHIPPING_THRESHOLD_CENTS + 1 - subtotalCents;
}

/** Every figure of an order from its lines. */
export function computeTotals(lines: readonly PricedLine[]): OrderTotals {
  const subtotalCents = computeSubtotalCents(lines);
  const shippingCents = computeShippingCents(subtotalCents);
  const taxCents = computeVatCents(subtotalCents);
  return {
    subtotalCents,
    shippingCents,
    taxCents,
    totalCents: subtotalCents + shippingCents + taxCents,
    freeShippingRemainingCents: computeFreeShippingRemainingCents(subtotalCents),
  };
}

/** The totals with another shipping charge in place of the standard one (a quote's, or the chosen method's); no free-shipping hint then. */
export function withShippingCents(totals: OrderTotals, shippingCents: number | undefined): OrderTotals {
  if (shippingCents === undefined) return totals;
  return { ...totals, shippingCents, totalCents: totals.subtotalCents + shippingCents + totals.taxCents, freeShippingRemainingCents: 0 };
}

/** The lines of a cart (unit prices in dollars, as the cart stores them) as priced lines in cents. */
export function toPricedLines(lines: readonly { product: { price: number }; quantity: number }[]): PricedLine[] {
  return lines.map((line) => ({ unitPriceCents: roundToCents(line.product.price), quantity: line.quantity }));
}
