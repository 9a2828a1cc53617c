/**
 * The shop's shipping methods as the checkout, the order, its e-mails and documents name them.
 * Pure and isomorphic (what each costs is the server's: src/server/orders/shipping.service.ts).
 */
import { SHIPPING_METHOD_IDS, type ShippingMethodId } from './paint/shipping';

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

/** How an order ships, in words: 'Express delivery (1–2 business days)', with ', in 3 parcels' when split. */
export function formatOrderDelivery(order: { shippingMethod?: ShippingMethodId; parcels?: readonly unknown[] }): string {
  const parcels = order.parcels?.length ?? 0;
  return `${describeShippingMethod(order.shippingMethod ?? 'standard')}${parcels > 1 ? `, in ${parcels} parcels` : ''}`;
}

/** A stored shipping method as one of SHIPPING_METHOD_IDS (standard for rows written before there was a choice). */
export function toShippingMethodId(stored: string | undefined): ShippingMethodId {
  return (SHIPPING_METHOD_IDS as readonly string[]).includes(stored ?? '') ? (stored as ShippingMethodId) : 'standard';
}
