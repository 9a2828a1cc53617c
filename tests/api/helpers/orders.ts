import { randomUUID } from 'node:crypto';
import { runSql } from './sql';

/** Quotes a text value for SQL. */
export const q = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** A product of the seeded catalogue as the orders tests use it. */
export interface CatalogProduct {
  id: string;
  name: string;
  price: number;
  inStock: boolean;
  requestQuoteOnly: boolean;
  stockQuantity?: number;
}

/** The live catalogue's products. */
export async function fetchProducts(base: string): Promise<CatalogProduct[]> {
  const response = await fetch(`${base}/api/catalog`);
  return ((await response.json()) as { products: CatalogProduct[] }).products;
}

/** Sets a product's stock behind the server's back: a count (or null for uncounted), in stock, sold normally. */
export async function setStock(databaseUrl: string, productId: string, stock: number | null): Promise<void> {
  const quantity = stock === null ? 'NULL' : String(stock);
  const inStock = stock === null || stock > 0 ? 1 : 0;
  await runSql(databaseUrl, `UPDATE products SET stock_quantity = ${quantity}, in_stock = ${inStock}, request_quote_only = 0 WHERE id = ${q(productId)}`);
}

/** A product's stock count as stored. */
export async function readStock(databaseUrl: string, productId: string): Promise<{ stock_quantity: number | null; in_stock: number }> {
  const [row] = await runSql<{ stock_quantity: number | null; in_stock: number }>(
    databaseUrl,
    `SELECT stock_quantity, in_stock FROM products WHERE id = ${q(productId)}`,
  );
  return { stock_quantity: row!.stock_quantity === null ? null : Number(row!.stock_quantity), in_stock: Number(row!.in_stock) };
}

/** A valid POST /api/orders body for these lines (fresh idempotency key unless given). */
export function orderBody(items: { productId: string; quantity: number }[], overrides: Record<string, unknown> = {}) {
  return {
    idempotencyKey: randomUUID(),
    items,
    customer: { firstName: 'Sarah', lastName: 'Mitchell', email: 'sarah.orders@example.com', phone: '07700 900123' },
    shippingAddress: { address: '221B Baker Street', city: 'London', postalCode: 'nw1 6xe', country: 'United Kingdom' },
    payment: { cardName: 'SARAH MITCHELL', brand: 'visa', last4: '4242', expiryDate: '12/30' },
    ...overrides,
  };
}

/** POSTs an order as a same-origin browser would. */
export function postOrder(base: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}
