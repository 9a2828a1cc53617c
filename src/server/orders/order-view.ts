/**
 * The API view of a stored order: its row and lines as the Order every route answers with. Pure
 * mapping, kept apart from placing orders so the payment services can use it without importing
 * the orders service that calls them.
 */
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from '../../lib/constants';
import { toDollars } from '../../lib/money';
import { storedColour } from '../../lib/paint/colours';
import { CARD_BRAND_IDS, type CardBrand } from '../../lib/payment-card';
import type { Order } from '../../lib/schemas/order';
import { toShippingMethodId } from '../../lib/shipping-methods';
import { toOrderInvoice, toOrderPayment } from '../payments/payment-status';
import type { OrderItemRow, OrderRow } from './orders.repository';

/** The API view of an order row and its lines. */
export function toOrder(row: OrderRow, items: OrderItemRow[]): Order {
  const brand = (CARD_BRAND_IDS as readonly string[]).includes(row.card_brand) ? (row.card_brand as CardBrand) : null;
  return {
    id: row.id,
    orderNumber: row.order_number,
    customerEmail: row.customer_email,
    customerName: `${row.first_name} ${row.last_name}`,
    items: items.map((item) => ({
      ...(item.colour_system && item.colour_code ? { colour: storedColour(item.colour_system, item.colour_code, item.colour_name) } : {}),
      product: {
        id: item.product_id,
        name: item.product_name,
        price: toDollars(item.unit_price_cents),
        image: item.product_image,
        category: item.product_category,
        sku: item.product_sku,
      },
      quantity: item.quantity,
      price: toDollars(item.unit_price_cents),
    })),
    shippingAddress: {
      firstName: row.first_name,
      lastName: row.last_name,
      address: row.address,
      city: row.city,
      postalCode: row.postal_code,
      country: row.country,
      phone: row.phone,
    },
    subtotal: toDollars(row.subtotal_cents),
    shipping: toDollars(row.shipping_cents),
    tax: toDollars(row.tax_cents),
    total: toDollars(row.total_cents),
    status: (ORDER_STATUSES as readonly string[]).includes(row.status) ? (row.status as OrderStatus) : 'pending',
    paymentStatus: (PAYMENT_STATUSES as readonly string[]).includes(row.payment_status) ? (row.payment_status as PaymentStatus) : 'pending',
    paymentMethod: brand && /^\d{4}$/.test(row.card_last4) ? { brand, last4: row.card_last4 } : null,
    payment: toOrderPayment(row),
    invoice: toOrderInvoice(row),
    estimatedDelivery: row.estimated_delivery,
    notes: row.notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    carrier: row.carrier ?? null,
    trackingNumber: row.tracking_number ?? null,
    shippingMethod: toShippingMethodId(row.shipping_method),
    ...(row.parcels_json ? { parcels: JSON.parse(row.parcels_json) } : {}),
    tintedAcceptedAt: row.tinted_accepted_at ?? null,
  };
}
