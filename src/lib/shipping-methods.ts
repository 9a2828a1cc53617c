/**
 * The shop's shipping methods as the checkout, the order, its e-mails and documents name them, and
 * what each costs: standard is the spec's (free strictly above the threshold, otherwise the flat
 * charge), express a setting charged whatever the subtotal. Pure and isomorphic.
 */
import type { ShippingMethodId } from './paint/shipping';
import { computeShippingCents } from './pricing';

/** How a method is named and how long it takes, in business days. */
export interface ShippingMethodDetails {
  label: string;
  days: { min: number; max: number };
}

/** Each method's name and delivery time. */
export const SHIPPING_METHOD_DETAILS: Readonly<Record<ShippingMethodId, ShippingMethodDetails>> = {
  standard: { label: 'Standard delivery', days: { min: 3, max: 5 } },
  express: { label: 'Express delivery', days: { min: 1, max: 2 } },
};

/** '3–5 business days'. */
export function formatDeliveryDays(id: ShippingMethodId): string {
  const { min, max } = SHIPPING_METHOD_DETAILS[id].days;
  return `${min}–${max} business days`;
}

/** 'Express delivery (1–2 business days)', as orders, e-mails and documents name the method. */
export function describeShippingMethod(id: ShippingMethodId): string {
  return `${SHIPPING_METHOD_DETAILS[id].label} (${formatDeliveryDays(id)})`;
}

/** What a method costs for a subtotal: nothing to ship costs nothing; express is `expressCents` whatever the subtotal. */
export function computeMethodShippingCents(id: ShippingMethodId, subtotalCents: number, expressCents: number): number {
  if (subtotalCents <= 0) return 0;
  return id === 'express' ? expressCents : computeShippingCents(subtotalCents);
}
