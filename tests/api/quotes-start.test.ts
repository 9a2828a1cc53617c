import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuoteRequestSchema } from '../../src/lib/schemas/admin-enquiries';
import { accountQuotesSchema, adminQuoteSchema, QUOTE_MESSAGES, quoteSchema } from '../../src/lib/schemas/quotes';
import { auditOf, call, countRows, DEMO, registerCustomer, staffSignIn, startShop, type Shop } from './helpers/admin';
import { errorOf } from './helpers/http';
import { fetchProducts, q, type CatalogProduct } from './helpers/orders';

/**
 * Staff start a quote for any customer (issue #27 item 1): a quote request made on the customer's
 * behalf holds the draft, so its history and the audit log show each step from the start; it is
 * then priced and sent like any other and opens only for that customer.
 */

let shop: Shop;
let orderManager: string;
let product: CatalogProduct;
let customer: { cookie: string; id: string; email: string };
let stranger: { cookie: string; id: string; email: string };

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** POST /api/admin/users/:id/quotes as the order manager. */
async function start(customerId: string, body: unknown) {
  const response = await call(shop.base, `/api/admin/users/${customerId}/quotes`, { body, cookie: orderManager });
  return { status: response.status, json: (await response.json()) as unknown };
}

beforeAll(async () => {
  shop = await startShop();
  orderManager = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
  product = (await fetchProducts(shop.base)).find((p) => !p.requestQuoteOnly && p.inStock)!;
  customer = await registerCustomer(shop.base);
  stranger = await registerCustomer(shop.base);
});

afterAll(async () => {
  await shop?.server.stop();
});

describe('a quote staff start for a customer', () => {
  it('is a draft for the customer at the list price, held by a quote request made on their behalf, with the step in its history and the audit log', async () => {
    const { status, json } = await start(customer.id, { productId: product.id, quantity: 12 });
    expect(status, JSON.stringify(json)).toBe(201);
    const quote = adminQuoteSchema.parse(json);
    expect(quote).toMatchObject({ status: 'draft', customerId: customer.id, email: customer.email, name: 'Casey Customer', message: '', shippingCents: 0 });
    expect(quote.quoteRequestId).toEqual(expect.any(String));
    expect(quote.lines.map((l) => [l.productId, l.quantity, l.unitCents, l.listUnitCents])).toEqual([[product.id, 12, Math.round(product.price * 100), Math.round(product.price * 100)]]);
    expect(quote.validUntil >= dayFromNow(13)).toBe(true);

    const request = adminQuoteRequestSchema.parse(await (await call(shop.base, `/api/admin/quotes/${quote.quoteRequestId}`, { cookie: orderManager })).json());
    expect(request).toMatchObject({ email: customer.email, quantity: 12, product: { id: product.id } });
    expect(request.history.map((h) => [h.action, h.by])).toEqual([['quote_started', DEMO.orderManager.name]]);
    expect((await auditOf(shop.db, quote.id)).map((a) => a.action)).toEqual(['quote.start']);

    // A draft stays hidden from the customer until it is sent.
    expect((await call(shop.base, `/api/quotes/offers/${quote.token}`, { cookie: customer.cookie })).status).toBe(404);
    const editor = await call(shop.base, `/api/admin/quotes/${quote.quoteRequestId}/offer`, { cookie: orderManager });
    expect(adminQuoteSchema.parse(((await editor.json()) as { quote: unknown }).quote).id).toBe(quote.id);

    const sent = await call(shop.base, `/api/admin/quotes/${quote.quoteRequestId}/offer`, {
      cookie: orderManager,
      body: { lines: [{ productId: product.id, quantity: 12, unitCents: 1999 }], shippingCents: 0, message: 'As discussed on the phone.', validUntil: dayFromNow(7) },
    });
    expect(sent.status).toBe(200);
    expect(adminQuoteSchema.parse(await sent.json())).toMatchObject({ id: quote.id, status: 'sent', token: quote.token });
    const mine = accountQuotesSchema.parse(await (await call(shop.base, '/api/account/quotes', { cookie: customer.cookie })).json());
    expect(mine.quotes.map((x) => x.id)).toEqual([quote.id]);
    expect(quoteSchema.parse(await (await call(shop.base, `/api/quotes/offers/${quote.token}`, { cookie: customer.cookie })).json()).lines[0]!.unitCents).toBe(1999);
    expect((await call(shop.base, `/api/quotes/offers/${quote.token}`, { cookie: stranger.cookie })).status).toBe(404);
    const after = adminQuoteRequestSchema.parse(await (await call(shop.base, `/api/admin/quotes/${quote.quoteRequestId}`, { cookie: orderManager })).json());
    expect(after.history.map((h) => h.action)).toEqual(['quote_started', 'quote_sent']);
    expect(after.status).toBe('handled');
  });

  it('answers 404 for an unknown customer and 422 for an unknown product or quantity, writing nothing', async () => {
    const before = await countRows(shop.db, 'quote_requests', `customer_id = ${q(stranger.id)}`);
    const unknownCustomer = await start(crypto.randomUUID(), { productId: product.id, quantity: 1 });
    expect(unknownCustomer.status).toBe(404);
    expect(errorOf(unknownCustomer.json).message).toBe(QUOTE_MESSAGES.customerNotFound);
    const unknownProduct = await start(stranger.id, { productId: 'no-such-product', quantity: 1 });
    expect(unknownProduct.status).toBe(422);
    expect(errorOf(unknownProduct.json).message).toBe(QUOTE_MESSAGES.productNotFound);
    const zero = await start(stranger.id, { productId: product.id, quantity: 0 });
    expect(zero.status).toBe(422);
    expect(errorOf(zero.json).fields).toEqual({ quantity: QUOTE_MESSAGES.quantity });
    expect(await countRows(shop.db, 'quote_requests', `customer_id = ${q(stranger.id)}`)).toBe(before);
  });
});

describe("an erased customer's quotes", () => {
  it('withdraws their open quotes with the step in the history, and their links answer 410 to anyone, signed in or not', async () => {
    const erased = await registerCustomer(shop.base);
    const first = adminQuoteSchema.parse((await start(erased.id, { productId: product.id, quantity: 3 })).json);
    const body = { lines: [{ productId: product.id, quantity: 3, unitCents: 1500 }], shippingCents: 0, message: 'For your porch.', validUntil: dayFromNow(7) };
    const sent = await call(shop.base, `/api/admin/quotes/${first.quoteRequestId}/offer`, { cookie: orderManager, body });
    expect(sent.status).toBe(200);
    const draft = adminQuoteSchema.parse((await start(erased.id, { productId: product.id, quantity: 1 })).json);
    expect((await call(shop.base, `/api/quotes/offers/${first.token}`, { cookie: erased.cookie })).status).toBe(200);

    const superAdmin = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
    const deleted = await call(shop.base, `/api/admin/users/${erased.id}`, { method: 'DELETE', cookie: superAdmin });
    expect(deleted.status).toBeLessThan(300);

    for (const cookie of [undefined, stranger.cookie]) {
      const view = await call(shop.base, `/api/quotes/offers/${first.token}`, { cookie });
      expect(view.status).toBe(410);
      expect(errorOf(await view.json()).message).toBe(QUOTE_MESSAGES.gone);
      const accepted = await call(shop.base, `/api/quotes/offers/${first.token}/accept`, {
        cookie,
        body: { shippingAddress: { firstName: 'A', lastName: 'B', phone: '07700 900456', address: '1 Road', city: 'Leeds', postalCode: 'ls1 4dj', country: 'United Kingdom' }, payment: { method: 'bank_transfer' } },
      });
      expect(accepted.status).toBe(410);
      expect((await call(shop.base, `/api/quotes/offers/${first.token}/decline`, { cookie, body: {} })).status).toBe(410);
    }
    expect(await countRows(shop.db, 'orders', `idempotency_key = ${q(`quote-${first.id}`)}`)).toBe(0);

    for (const quote of [first, draft]) {
      const answer = (await (await call(shop.base, `/api/admin/quotes/${quote.quoteRequestId}/offer`, { cookie: orderManager })).json()) as { quote: unknown };
      expect(adminQuoteSchema.parse(answer.quote).status).toBe('withdrawn');
      const request = adminQuoteRequestSchema.parse(await (await call(shop.base, `/api/admin/quotes/${quote.quoteRequestId}`, { cookie: orderManager })).json());
      expect(request.history.at(-1)).toMatchObject({ action: 'quote_withdrawn', message: "The customer's account was deleted." });
      expect((await auditOf(shop.db, quote.id)).map((a) => a.action).at(-1)).toBe('quote.withdraw');
    }
    // Staff cannot send it again to the erased customer's address.
    const resent = await call(shop.base, `/api/admin/quotes/${first.quoteRequestId}/offer`, { cookie: orderManager, body });
    expect(resent.status).toBe(410);
  });
});
