import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../src/lib/money';
import { computeTotals } from '../../src/lib/pricing';
import { orderSchema, type Order } from '../../src/lib/schemas/order';
import { accountPricesResponseSchema, adminTradeAccountResponseSchema, TRADE_MESSAGES, type TradeAccount, type TradeAccountInput } from '../../src/lib/schemas/trade';
import { auditOf, call, DEMO, registerCustomer, staffSignIn, startShop, type Shop } from './helpers/admin';
import { errorOf } from './helpers/http';
import { fetchProducts, orderBody, postOrder, q, setStock, type CatalogProduct } from './helpers/orders';
import { approveOk, getPdf, pdfText, recordPaymentOk } from './helpers/payments';
import { runSql } from './helpers/sql';

/**
 * Trade accounts and pay on account (issue 27, items 2 and 3): staff set a customer's company, VAT
 * number, discount, fixed prices and tiers; the server prices that customer's orders with them (the
 * lowest of list, discount, fixed price and reached tier), tiers at their boundary quantities; a
 * customer reads only their own prices; orders on account within the credit limit are placed, past
 * it refused, and a recorded payment lowers the balance.
 */

let shop: Shop;
let admin: string;
/** Products this file prices: a (discount and tiers), b (fixed price), c (list only). */
let a: CatalogProduct;
let b: CatalogProduct;
let c: CatalogProduct;

beforeAll(async () => {
  shop = await startShop();
  admin = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
  const sellable = (await fetchProducts(shop.base)).filter((p) => !p.requestQuoteOnly && p.inStock && p.price >= 20);
  [a, b, c] = sellable;
  for (const p of [a!, b!, c!]) await setStock(shop.db, p.id, 10_000);
});

afterAll(async () => {
  await shop?.server.stop();
});

/** PUT /api/admin/users/:id/trade as the super admin. */
function putTrade(customerId: string, body: unknown, cookie = admin): Promise<Response> {
  return call(shop.base, `/api/admin/users/${customerId}/trade`, { method: 'PUT', body, cookie });
}

/** A trade account that must be saved; returns it. */
async function saveTrade(customerId: string, body: TradeAccountInput): Promise<TradeAccount> {
  const response = await putTrade(customerId, body);
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(200);
  return adminTradeAccountResponseSchema.parse(json).account!;
}

/** GET /api/admin/users/:id/trade: the account with its statement. */
async function readTrade(customerId: string): Promise<TradeAccount | null> {
  const response = await call(shop.base, `/api/admin/users/${customerId}/trade`, { cookie: admin });
  expect(response.status).toBe(200);
  return adminTradeAccountResponseSchema.parse(await response.json()).account;
}

/** Places an order for a signed-in customer that must succeed. */
async function placeOk(cookie: string, items: { productId: string; quantity: number }[], payment: unknown = { method: 'bank_transfer' }): Promise<Order> {
  const response = await postOrder(shop.base, orderBody(items, { payment }), cookie);
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(201);
  return orderSchema.parse(json);
}

/** The unit price in cents of each line of an order, by product id. */
const unitCentsOf = (order: Order) => Object.fromEntries(order.items.map((i) => [i.product.id, toCents(i.price)]));

describe('trade accounts', () => {
  it('saves a trade account with its price list, reads it back, and records it in the audit log', async () => {
    const customer = await registerCustomer(shop.base);
    expect(await readTrade(customer.id)).toBeNull();
    const account = await saveTrade(customer.id, {
      company: 'Mitchell Decorators Ltd',
      vatNumber: 'GB 123 4567 89',
      discountPercent: 12.5,
      prices: [{ productId: b!.id, unitCents: 1234 }],
      tiers: [{ productId: a!.id, minQuantity: 10, unitCents: 1500 }],
      termsDays: 30,
      creditLimitCents: 500_000,
    });
    expect(account).toMatchObject({
      company: 'Mitchell Decorators Ltd',
      vatNumber: 'GB 123 4567 89',
      discountPercent: 12.5,
      prices: [{ productId: b!.id, unitCents: 1234 }],
      tiers: [{ productId: a!.id, minQuantity: 10, unitCents: 1500 }],
      termsDays: 30,
      creditLimitCents: 500_000,
      statement: { balanceCents: 0, creditAvailableCents: 500_000, overdue: [] },
    });
    expect(await readTrade(customer.id)).toEqual(account);
    const [entry] = (await auditOf(shop.db, customer.id)).filter((e) => e.action === 'customer.trade');
    expect(entry).toMatchObject({ actor_name: DEMO.superAdmin.name, before: null, after: { company: 'Mitchell Decorators Ltd', discountPercent: 12.5 } });
  });

  it('refuses an unknown product, a repeated tier and a bad discount (422, nothing saved), and an unknown customer (404)', async () => {
    const customer = await registerCustomer(shop.base);
    const base = { company: 'X Ltd', vatNumber: 'GB1', discountPercent: 5, prices: [], tiers: [] };
    const unknown = await putTrade(customer.id, { ...base, prices: [{ productId: 'no-such-product', unitCents: 100 }] });
    expect(unknown.status).toBe(422);
    expect(errorOf(await unknown.json()).fields?.['prices.0.productId']).toBe(`${TRADE_MESSAGES.unknownProduct} no-such-product`);
    const repeated = await putTrade(customer.id, { ...base, tiers: [{ productId: a!.id, minQuantity: 10, unitCents: 1 }, { productId: a!.id, minQuantity: 10, unitCents: 2 }] });
    expect(repeated.status).toBe(422);
    expect(errorOf(await repeated.json()).fields?.['tiers.1.minQuantity']).toBe(TRADE_MESSAGES.duplicateTier);
    const discount = await putTrade(customer.id, { ...base, discountPercent: 100.5 });
    expect(errorOf(await discount.json()).fields?.discountPercent).toBe(TRADE_MESSAGES.discount);
    expect(await readTrade(customer.id)).toBeNull();
    expect((await putTrade('no-such-customer', base)).status).toBe(404);
  });
});

describe('pricing a trade customer’s order', () => {
  let trade: { cookie: string; id: string };
  const tierCents = () => Math.floor(toCents(a!.price) / 2);

  beforeAll(async () => {
    trade = await registerCustomer(shop.base);
    await saveTrade(trade.id, {
      company: 'Boundary Painters',
      vatNumber: 'GB 999',
      discountPercent: 10,
      prices: [{ productId: b!.id, unitCents: 1000 }],
      tiers: [{ productId: a!.id, minQuantity: 10, unitCents: tierCents() }],
    });
  });

  it('charges a guest and a customer without a trade account the list price', async () => {
    const plain = await registerCustomer(shop.base);
    const order = await placeOk(plain.cookie, [{ productId: a!.id, quantity: 10 }]);
    expect(unitCentsOf(order)[a!.id]).toBe(toCents(a!.price));
    const guest = await postOrder(shop.base, orderBody([{ productId: a!.id, quantity: 10 }], { payment: { method: 'bank_transfer' } }));
    expect(unitCentsOf(orderSchema.parse(await guest.json()))[a!.id]).toBe(toCents(a!.price));
  });

  it('applies the tier from its quantity: 9 at the discounted list, 10 and 11 at the tier', async () => {
    const list = toCents(a!.price);
    const discounted = Math.round((list * 9000) / 10000);
    for (const [quantity, expected] of [
      [9, discounted],
      [10, tierCents()],
      [11, tierCents()],
    ] as const) {
      const order = await placeOk(trade.cookie, [{ productId: a!.id, quantity }]);
      expect(unitCentsOf(order)[a!.id], `quantity ${quantity}`).toBe(expected);
      const totals = computeTotals([{ unitPriceCents: expected, quantity }]);
      expect(toCents(order.subtotal)).toBe(totals.subtotalCents);
      expect(toCents(order.total)).toBe(totals.totalCents);
    }
  });

  it('charges the fixed price where it is lower than the discount, and the discount on a product without one', async () => {
    const order = await placeOk(trade.cookie, [
      { productId: b!.id, quantity: 2 },
      { productId: c!.id, quantity: 1 },
    ]);
    const units = unitCentsOf(order);
    expect(units[b!.id]).toBe(Math.min(1000, Math.round((toCents(b!.price) * 9000) / 10000)));
    expect(units[c!.id]).toBe(Math.round((toCents(c!.price) * 9000) / 10000));
    const [row] = await runSql<{ unit_price_cents: number }>(shop.db, `SELECT unit_price_cents FROM order_items WHERE product_id = ${q(c!.id)} AND order_id = ${q(order.id)}`);
    expect(Number(row!.unit_price_cents)).toBe(units[c!.id]);
  });

  it('answers the customer their own prices, and another customer the list: never someone else’s', async () => {
    const ids = [a!.id, b!.id, 'no-such-product'].join(',');
    const own = await call(shop.base, `/api/account/prices?ids=${ids}`, { cookie: trade.cookie });
    expect(own.headers.get('cache-control')).toContain('no-store');
    const mine = accountPricesResponseSchema.parse(await own.json());
    expect(mine.trade).toBe(true);
    expect(mine.payOnAccount).toBe(false);
    expect(mine.prices.map((p) => p.productId)).toEqual([a!.id, b!.id]);
    expect(mine.prices[0]).toMatchObject({ listCents: toCents(a!.price), source: 'discount', tiers: [{ minQuantity: 10, unitCents: tierCents() }] });

    const other = await registerCustomer(shop.base);
    const theirs = accountPricesResponseSchema.parse(await (await call(shop.base, `/api/account/prices?ids=${ids}`, { cookie: other.cookie })).json());
    expect(theirs.trade).toBe(false);
    expect(theirs.prices.map((p) => [p.unitCents, p.source, p.tiers.length])).toEqual([
      [toCents(a!.price), 'list', 0],
      [toCents(b!.price), 'list', 0],
    ]);
    // Neither a query parameter nor a header names whose prices: only the session does.
    const spoof = await call(shop.base, `/api/account/prices?ids=${ids}&customerId=${trade.id}`, { cookie: other.cookie });
    expect(accountPricesResponseSchema.parse(await spoof.json()).prices[0]!.source).toBe('list');
    expect((await call(shop.base, `/api/account/prices?ids=${ids}`)).status).toBe(401);
    // The session's profile says who is trade, so only their pages ask for prices.
    const me = (await (await call(shop.base, '/api/auth/me', { cookie: trade.cookie })).json()) as { user: Record<string, unknown> };
    expect(me.user).toMatchObject({ id: trade.id, trade: true });
    expect(me.user.payOnAccount).toBeUndefined();
    const plain = (await (await call(shop.base, '/api/auth/me', { cookie: other.cookie })).json()) as { user: Record<string, unknown> };
    expect('trade' in plain.user).toBe(false);
    expect((await call(shop.base, `/api/admin/users/${trade.id}/trade`, { cookie: trade.cookie })).status).toBe(401);
  });
});

describe('pay on account', () => {
  it('refuses pay on account to a guest, a customer without a trade account and a trade account without terms', async () => {
    const guest = await postOrder(shop.base, orderBody([{ productId: c!.id, quantity: 1 }], { payment: { method: 'account' } }));
    expect(guest.status).toBe(422);
    expect(errorOf(await guest.json()).message).toBe(TRADE_MESSAGES.notOnAccount);
    const noTerms = await registerCustomer(shop.base);
    await saveTrade(noTerms.id, { company: 'Cash Ltd', vatNumber: 'GB2', discountPercent: 0, prices: [], tiers: [] });
    const refused = await postOrder(shop.base, orderBody([{ productId: c!.id, quantity: 1 }], { payment: { method: 'account' } }), noTerms.cookie);
    expect(refused.status).toBe(422);
    expect(errorOf(await refused.json()).message).toBe(TRADE_MESSAGES.notOnAccount);
  });

  it('places an order within the limit, refuses one past it, and frees the credit when a payment is recorded', async () => {
    const customer = await registerCustomer(shop.base);
    const unit = toCents(c!.price);
    const first = computeTotals([{ unitPriceCents: unit, quantity: 3 }]).totalCents;
    await saveTrade(customer.id, { company: 'Credit Ltd', vatNumber: 'GB3', discountPercent: 0, prices: [], tiers: [], termsDays: 30, creditLimitCents: first + 100 });

    const placed = await placeOk(customer.cookie, [{ productId: c!.id, quantity: 3 }], { method: 'account' });
    expect(toCents(placed.total)).toBe(first);
    expect(placed.payment).toMatchObject({ method: 'bank_transfer', status: 'pending', capturedCents: 0, outstandingCents: first });
    expect(placed.notes).toContain('On account');
    const [stored] = await runSql<{ payment_provider: string }>(shop.db, `SELECT payment_provider FROM orders WHERE id = ${q(placed.id)}`);
    expect(stored!.payment_provider).toBe('account');
    expect((await readTrade(customer.id))!.statement).toMatchObject({ balanceCents: first, creditAvailableCents: 100, overdue: [] });

    const over = await postOrder(shop.base, orderBody([{ productId: c!.id, quantity: 1 }], { payment: { method: 'account' } }), customer.cookie);
    expect(over.status).toBe(422);
    const body = await over.json();
    expect(errorOf(body).message).toBe(`${TRADE_MESSAGES.creditExceeded} $1.00.`);
    expect((body as { creditAvailableCents: number }).creditAvailableCents).toBe(100);
    expect(Number((await runSql<{ n: number }>(shop.db, `SELECT count(*) AS n FROM orders WHERE customer_id = ${q(customer.id)}`))[0]!.n)).toBe(1);

    await recordPaymentOk(shop.base, admin, placed.id, first - 1000);
    expect((await readTrade(customer.id))!.statement).toMatchObject({ balanceCents: 1000, creditAvailableCents: first + 100 - 1000 });
    const second = await placeOk(customer.cookie, [{ productId: c!.id, quantity: 1 }], { method: 'account' });
    expect(toCents(second.total)).toBeLessThanOrEqual(first + 100 - 1000);
  });

  it('is approved unpaid, and its invoice says it is on account and due at the terms, at the trade prices charged', async () => {
    const customer = await registerCustomer(shop.base);
    await saveTrade(customer.id, { company: 'Invoice Ltd', vatNumber: 'GB5', discountPercent: 0, prices: [{ productId: c!.id, unitCents: 777 }], tiers: [], termsDays: 45 });
    const placed = await placeOk(customer.cookie, [{ productId: c!.id, quantity: 2 }], { method: 'account' });
    const approved = await approveOk(shop.base, admin, placed.id);
    expect(approved.payment).toMatchObject({ capturedCents: 0, outstandingCents: toCents(placed.total) });
    const { text } = await pdfText(await getPdf(shop.base, `/api/admin/orders/${placed.id}/invoice.pdf`, admin));
    const due = new Date(Date.parse(placed.createdAt) + 45 * 86_400_000).toISOString().slice(0, 10);
    expect(text).toContain('On account, by bank transfer');
    expect(text).toContain(`Due by ${due} (45 days)`);
    expect(text).toContain('$7.77');
  });

  it('lists an order on account still owed past its terms as overdue, with its due date', async () => {
    const customer = await registerCustomer(shop.base);
    await saveTrade(customer.id, { company: 'Late Ltd', vatNumber: 'GB4', discountPercent: 0, prices: [], tiers: [], termsDays: 30 });
    const placed = await placeOk(customer.cookie, [{ productId: c!.id, quantity: 1 }], { method: 'account' });
    await runSql(shop.db, `UPDATE orders SET created_at = '2026-01-01T10:00:00.000Z' WHERE id = ${q(placed.id)}`);
    const statement = (await readTrade(customer.id))!.statement;
    expect(statement.creditAvailableCents).toBeNull();
    expect(statement.overdue).toEqual([
      { orderId: placed.id, orderNumber: placed.orderNumber, invoiceNumber: null, totalCents: toCents(placed.total), outstandingCents: toCents(placed.total), dueDate: '2026-01-31' },
    ]);
    expect(statement.overdueCents).toBe(toCents(placed.total));
  });
});
