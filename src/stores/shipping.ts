/**
 * The checkout's shipping-method look-up, kept apart from the checkout store: only the lazily
 * loaded method chooser imports it, so the checkout's first script stays within its budget.
 */
import type { ShippingOptionsResponse } from '../lib/schemas/order';
import { ORDER_MESSAGES } from '../lib/schemas/checkout-form';

/** What the server said about the cart's shipping: its options, or the message to show. */
export type ShippingOptionsResult = { ok: true; data: ShippingOptionsResponse } | { ok: false; message: string };

/** Asks the server which shipping methods the cart may use, at what price, and in how many parcels it ships. */
export async function fetchShippingOptions(items: readonly { productId: string; quantity: number }[]): Promise<ShippingOptionsResult> {
  try {
    const response = await fetch('/api/checkout/shipping-options', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items }),
    });
    const body = (await response.json().catch(() => null)) as (ShippingOptionsResponse & { error?: { message?: string } }) | null;
    // Checked by shape rather than with the schema, like the payment methods: the chooser's chunk stays small.
    if (response.ok && body && Array.isArray(body.options) && Array.isArray(body.parcels)) return { ok: true, data: body };
    return { ok: false, message: body?.error?.message || ORDER_MESSAGES.orderFailed };
  } catch {
    return { ok: false, message: 'We could not check the delivery options. Please check your connection and try again.' };
  }
}
