import type { Kysely } from 'kysely';
import { decideShipping, SHIPPING_METHOD_IDS, type Parcel, type ShippingDecision, type ShippingLine, type ShippingMethodId } from '../../lib/paint/shipping';
import { computeShippingCents, computeSubtotalCents } from '../../lib/pricing';
import { ORDER_MESSAGES, type ShippingOptionsInput, type ShippingOptionsResponse } from '../../lib/schemas/order';
import type { DangerousGoods } from '../../lib/schemas/product-safety';
import { SHIPPING_METHOD_DETAILS } from '../../lib/shipping-methods';
import { reserveAttempts, type RateLimit } from '../auth/rate-limit';
import type { Config } from '../config';
import type { RequestFacts } from '../customers/customers.service';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { priceOrderLines } from '../trade/trade.service';
import { selectOrderableProducts, type OrderableProductRow } from './orders.repository';

/** Shipping-option requests per client address, per 10 minutes (the checkout asks once or twice per visit to its shipping step). */
export const SHIPPING_OPTIONS_ADDRESS_LIMIT: RateLimit = { max: 300, windowMs: 10 * 60_000 };

/** What a method costs for a subtotal (standard the spec's charge): nothing to ship costs nothing; express is `expressCents` whatever the subtotal. */
export function computeMethodShippingCents(id: ShippingMethodId, subtotalCents: number, expressCents: number): number {
  if (subtotalCents <= 0) return 0;
  return id === 'express' ? expressCents : computeShippingCents(subtotalCents);
}

/** A product row and how many of it, for the shipping rules. */
export function toShippingLine(product: Pick<OrderableProductRow, 'id' | 'name' | 'dangerous_goods'>, quantity: number): ShippingLine {
  const dg = product.dangerous_goods ? (JSON.parse(product.dangerous_goods) as DangerousGoods) : null;
  return {
    productId: product.id,
    name: product.name,
    quantity,
    un: dg?.un ?? null,
    class: dg?.class ?? null,
    packingGroup: dg?.packingGroup ?? null,
    limitedQuantity: dg?.limitedQuantity ?? false,
    aerosol: dg?.aerosol ?? false,
    // Products without dangerous-goods data have no weight on record: they count as nothing towards the LQ limit, which they are outside of.
    grossWeightKg: dg?.grossWeightKg ?? 0,
  };
}

/** The options of a decision at a subtotal: each method's label, price, days and, when it may not be used, why. */
export function toShippingOptions(decision: ShippingDecision, subtotalCents: number, expressCents: number): ShippingOptionsResponse {
  const options = decision.methods.map((m) => ({
    id: m.id,
    label: SHIPPING_METHOD_DETAILS[m.id].label,
    priceCents: computeMethodShippingCents(m.id, subtotalCents, expressCents),
    days: SHIPPING_METHOD_DETAILS[m.id].days,
    available: m.available,
    ...(m.reason ? { reason: m.reason } : {}),
  }));
  return { options, parcels: decision.parcels, ...(decision.refusal ? { refusal: decision.refusal } : {}) };
}

/**
 * The method an order may ship by, decided again on the server: 422 with the rules' reason when the
 * cart cannot ship at all or may not use `method`. Resolves to the parcels it ships in.
 */
export function assertShippingMethodAllowed(decision: ShippingDecision, method: ShippingMethodId): Parcel[] {
  const chosen = decision.methods.find((m) => m.id === method);
  if (decision.refusal) throw new ApiError(422, 'cannot_ship', decision.refusal, { items: decision.refusal });
  if (!chosen || !chosen.available) {
    const reason = chosen?.reason ?? ORDER_MESSAGES.shippingMethod;
    throw new ApiError(422, 'shipping_method_unavailable', reason, { shippingMethod: reason });
  }
  return decision.parcels;
}

/**
 * POST /api/checkout/shipping-options: each method for the cart with its price (the server's
 * catalogue and the customer's trade prices), availability and reason, and the parcels. Unknown or
 * withdrawn products → 422 naming them; 429 past SHIPPING_OPTIONS_ADDRESS_LIMIT per client address.
 */
export async function quoteShippingOptions(
  db: Kysely<Database>,
  input: ShippingOptionsInput,
  facts: RequestFacts & { customerId?: string; config: Config },
): Promise<ShippingOptionsResponse> {
  await reserveAttempts(db, [{ scope: `shipping-options:address:${facts.address ?? 'unknown'}`, limit: SHIPPING_OPTIONS_ADDRESS_LIMIT }], facts.now ?? new Date());
  const quantities = new Map<string, number>();
  for (const item of input.items) quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity);
  const products = await selectOrderableProducts(db, [...quantities.keys()]);
  const known = new Set(products.map((p) => p.id));
  const unknown = [...quantities.keys()].filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new ApiError(422, 'unknown_product', ORDER_MESSAGES.unknownProduct, Object.fromEntries(unknown.map((id) => [`items.${id}`, ORDER_MESSAGES.unknownProduct])));
  }
  const unitPrices = await priceOrderLines(
    db,
    facts.customerId,
    products.map((p) => ({ productId: p.id, quantity: quantities.get(p.id)!, listCents: p.price_cents })),
  );
  const subtotalCents = computeSubtotalCents(products.map((p) => ({ unitPriceCents: unitPrices.get(p.id)!, quantity: quantities.get(p.id)! })));
  const decision = decideShipping(products.map((p) => toShippingLine(p, quantities.get(p.id)!)), SHIPPING_METHOD_IDS);
  return toShippingOptions(decision, subtotalCents, facts.config.EXPRESS_SHIPPING_CENTS);
}
