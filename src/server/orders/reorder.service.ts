import { getColourSystem } from '../../lib/paint/colours';
import type { Kysely } from 'kysely';
import { formatMoney, toDollars } from '../../lib/money';
import { ORDER_MESSAGES } from '../../lib/schemas/order';
import type { ReorderResult } from '../../lib/schemas/reorder';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { selectItemsOfOrders, selectOrderableProducts, selectOrderByNumber } from './orders.repository';

/**
 * 'Buy again' of a signed-in customer's past order: each line at today's price, as many as are in
 * stock now (at most as many as were bought), with what changed (price, quantity) and what cannot
 * be bought (gone, out of stock, quote-only). Nothing is written: the cart is the browser's.
 * 404 for an order that is not theirs (the same as one that does not exist).
 */
export async function reorderLines(db: Kysely<Database>, customerId: string, orderNumber: string): Promise<ReorderResult> {
  const row = await selectOrderByNumber(db, orderNumber);
  if (!row || row.customer_id !== customerId) throw new ApiError(404, 'order_not_found', ORDER_MESSAGES.orderNotFound);
  const items = await selectItemsOfOrders(db, [row.id]);
  const products = new Map((await selectOrderableProducts(db, items.map((i) => i.product_id))).map((p) => [p.id, p]));
  const result: ReorderResult = { added: [], changed: [], unavailable: [] };
  for (const item of items) {
    const product = products.get(item.product_id);
    // The colour goes back into the cart with the line: the same paint in the same colour.
    const colour = item.colour_system && item.colour_code ? getColourSystem(item.colour_system)?.lookup(item.colour_code) : undefined;
    const gone = (reason: string) => result.unavailable.push({ productId: item.product_id, name: product?.name ?? item.product_name, reason });
    if (!product) gone('no longer available');
    else if (product.request_quote_only === 1) gone('available on quotation only');
    else if (item.colour_code && (product.tintable !== 1 || !colour)) gone('no longer tinted to order');
    else if (product.in_stock !== 1 || product.stock_quantity === 0) gone('out of stock');
    else {
      const quantity = product.stock_quantity === null ? item.quantity : Math.min(item.quantity, product.stock_quantity);
      result.added.push({ product: { id: product.id, name: product.name, price: toDollars(product.price_cents), image: product.image, category: product.category, ...(colour ? { colour } : {}) }, quantity });
      const notes = [
        ...(product.price_cents !== item.unit_price_cents ? [`Price now ${formatMoney(product.price_cents)} (was ${formatMoney(item.unit_price_cents)})`] : []),
        ...(quantity < item.quantity ? [`Only ${quantity} left`] : []),
      ];
      if (notes.length > 0) {
        result.changed.push({
          productId: product.id,
          name: product.name,
          previousUnitCents: item.unit_price_cents,
          unitCents: product.price_cents,
          previousQuantity: item.quantity,
          quantity,
          message: notes.join('; '),
        });
      }
    }
  }
  return result;
}
