import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuoteRequestSchema } from '../../src/lib/schemas/admin-enquiries';
import { orderSchema } from '../../src/lib/schemas/order';
import { accountQuotesSchema, adminQuoteSchema, QUOTE_MESSAGES, quoteSchema, type AdminQuote, type QuoteOffer } from '../../src/lib/schemas/quotes';
import { auditOf, call, countRows, DEMO, registerCustomer, staffSignIn, startShop, type Shop } from './helpers/admin';
import { errorOf } from './helpers/http';
import { readDeliveredMails } from './helpers/mail';
import { fetchProducts, q, readStock, type CatalogProduct } from './helpers/orders';
import { runSql } from './helpers/sql';

/**
 * Quotes that become orders (issue #27 item 1): staff price a quote request, the customer opens
 * the e-mailed link, accepts it once (one order at the quoted prices, whatever the number of
 * accepts), or declines it; expired, withdrawn and out-of-stock quotes are refused with their
 * messages; a quote made for an account opens for nobody else.
 */

let shop: Shop;
let mailDir: string;
let orderManager: string;
let counter = 0;
let quoteOnly: CatalogProduct;
let regular: CatalogProduct;
let contractor: { cookie: string; id: string; email: string };
let otherCustomer: { cookie: string; id: string; email: string };

/** Each public form post from an address of its own, so the per-address limits never interfere. */
const nextAddress = () => `198.51.100.${(counter += 1) % 250}`;

/** Tomorrow (UTC) as YYYY-MM-DD, plus `days` more. */
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Sets a product's counted stock behind the server's back, keeping whether it is quote-only. */
async function stockProduct(productId: string, stock: number): Promise<void> {
  await runSql(shop.db, `UPDATE products SET stock_quantity = ${stock}, in_stock = ${stock > 0 ? 1 : 0} WHERE id = ${q(productId)}`);
}

/** Asks for a quote (signed in when a cookie is given); returns the quote request's id. */
async function requestQuote(productId: string, cookie?: string, email = 'guest.buyer@example.com'): Promise<string> {
  const response = await call(shop.base, '/api/quotes', {
    body: { productId, name: 'Dana Contractor', email, quantity: 40, message: 'Warehouse floor, 400 m².' },
    cookie,
    headers: { 'x-forwarded-for': nextAddress() },
  });
  const json = (await response.json()) as { quoteRequest: { id: string } };
  expect(response.status, JSON.stringify(json)).toBe(201);
  return json.quoteRequest.id;
}

/** A sent offer of the quote-only product (40 at $55.00) and the regular one (3 below list), $25 shipping. */
function offerBody(overrides: Partial<QuoteOffer> = {}): QuoteOffer {
  return {
    lines: [
      { productId: quoteOnly.id, quantity: 40, unitCents: 5500 },
      { productId: regular.id, quantity: 3, unitCents: Math.round(regular.price * 100) - 100 },
    ],
    shippingCents: 2500,
    message: 'Thank you for asking. Here are our trade prices for the warehouse floor.',
    validUntil: dayFromNow(14),
    ...overrides,
  };
}

/** POST /api/admin/quotes/:id/offer as the order manager; returns the response and its JSON. */
async function offer(requestId: string, body: unknown = offerBody(), cookie = orderManager): Promise<{ status: number; json: unknown }> {
  const response = await call(shop.base, `/api/admin/quotes/${requestId}/offer`, { body, cookie });
  return { status: response.status, json: await response.json() };
}

/** Offers (must succeed) and returns the staff view of the quote. */
async function offered(requestId: string, body: unknown = offerBody()): Promise<AdminQuote> {
  const { status, json } = await offer(requestId, body);
  expect(status, JSON.stringify(json)).toBe(200);
  return adminQuoteSchema.parse(json);
}

/** The accept body of a customer on the quote page. */
const acceptBody = (overrides: Record<string, unknown> = {}) => ({
  idempotencyKey: crypto.randomUUID(),
  shippingAddress: { firstName: 'Dana', lastName: 'Contractor', phone: '07700 900456', address: '12 Dock Road', city: 'Bristol', postalCode: 'bs1 4dj', country: 'United Kingdom', ...overrides },
  payment: { method: 'bank_transfer' },
});

/** POST …/accept; returns status, JSON and headers. */
async function accept(token: string, cookie?: string, body: unknown = acceptBody()) {
  const response = await call(shop.base, `/api/quotes/offers/${token}/accept`, { body, cookie });
  return { status: response.status, json: (await response.json()) as unknown, replayed: response.headers.get('idempotent-replayed') };
}

/** How many orders a quote placed (its order key is the quote's own). */
function ordersOfQuote(quoteId: string): Promise<number> {
  return countRows(shop.db, 'orders', `idempotency_key = ${q(`quote-${quoteId}`)}`);
}

beforeAll(async () => {
  mailDir = mkdtempSync(join(tmpdir(), 'shop-quotes-mail-'));
  shop = await startShop({ TRUST_PROXY: 'true', MAIL_DIR: mailDir });
  orderManager = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
  const products = await fetchProducts(shop.base);
  quoteOnly = products.find((p) => p.requestQuoteOnly)!;
  regular = products.find((p) => !p.requestQuoteOnly && p.inStock && p.id !== quoteOnly.id)!;
  expect(quoteOnly).toBeDefined();
  expect(regular).toBeDefined();
  contractor = await registerCustomer(shop.base);
  otherCustomer = await registerCustomer(shop.base);
});

afterAll(async () => {
  await shop?.server.stop();
});

describe('a quote offered, accepted once', () => {
  let requestId: string;
  let quote: AdminQuote;

  beforeAll(async () => {
    await stockProduct(quoteOnly.id, 500);
    await stockProduct(regular.id, 500);
    requestId = await requestQuote(quoteOnly.id, contractor.cookie, contractor.email);
    quote = await offered(requestId);
  });

  it('is sent with the quoted lines, shipping and totals, and the request is handled with the step in its history', async () => {
    expect(quote.status).toBe('sent');
    expect(quote.customerId).toBe(contractor.id);
    expect(quote.lines.map((l) => [l.productId, l.quantity, l.unitCents])).toEqual([
      [quoteOnly.id, 40, 5500],
      [regular.id, 3, Math.round(regular.price * 100) - 100],
    ]);
    expect(quote.lines[1]!.listUnitCents).toBe(Math.round(regular.price * 100));
    const subtotal = 40 * 5500 + 3 * (Math.round(regular.price * 100) - 100);
    expect(quote.subtotalCents).toBe(subtotal);
    expect(quote.shippingCents).toBe(2500);
    expect(quote.taxCents).toBe(Math.round(subtotal * 0.2));
    expect(quote.totalCents).toBe(subtotal + 2500 + quote.taxCents);

    const request = adminQuoteRequestSchema.parse(await (await call(shop.base, `/api/admin/quotes/${requestId}`, { cookie: orderManager })).json());
    expect(request.status).toBe('handled');
    expect(request.history.map((h) => h.action)).toEqual(['quote_sent']);
    expect(request.history[0]!.mail?.to).toBe(contractor.email);
    const audit = await auditOf(shop.db, quote.id);
    expect(audit.map((a) => a.action)).toEqual(['quote.send']);
  });

  it('e-mails the customer the link to the quote page', async () => {
    await expect.poll(() => readDeliveredMails(mailDir).find((m) => m.to === contractor.email && m.subject.startsWith('Your quote from')), { timeout: 15_000 }).toBeDefined();
    const mail = readDeliveredMails(mailDir).find((m) => m.to === contractor.email && m.subject.startsWith('Your quote from'))!;
    expect(mail.body).toContain(`/quotes/${quote.token}`);
  });

  it('opens for its customer, asks everyone else to sign in, and stays hidden from another customer', async () => {
    const own = await call(shop.base, `/api/quotes/offers/${quote.token}`, { cookie: contractor.cookie });
    expect(own.status).toBe(200);
    expect(quoteSchema.parse(await own.json()).totalCents).toBe(quote.totalCents);

    const signedOut = await call(shop.base, `/api/quotes/offers/${quote.token}`);
    expect(signedOut.status).toBe(401);
    expect(errorOf(await signedOut.json()).message).toBe(QUOTE_MESSAGES.signInRequired);

    const other = await call(shop.base, `/api/quotes/offers/${quote.token}`, { cookie: otherCustomer.cookie });
    expect(other.status).toBe(404);
    for (const path of ['accept', 'decline']) {
      const refused = await call(shop.base, `/api/quotes/offers/${quote.token}/${path}`, { cookie: otherCustomer.cookie, body: path === 'accept' ? acceptBody() : {} });
      expect(refused.status, path).toBe(404);
    }
    const mine = accountQuotesSchema.parse(await (await call(shop.base, '/api/account/quotes', { cookie: contractor.cookie })).json());
    expect(mine.quotes.map((x) => x.id)).toContain(quote.id);
    const theirs = accountQuotesSchema.parse(await (await call(shop.base, '/api/account/quotes', { cookie: otherCustomer.cookie })).json());
    expect(theirs.quotes).toEqual([]);
    expect((await call(shop.base, '/api/account/quotes')).status).toBe(401);
  });

  it('places one order at the quoted prices, pending approval and bank transfer; a second accept places nothing', async () => {
    const before = await readStock(shop.db, quoteOnly.id);
    const first = await accept(quote.token, contractor.cookie);
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    const order = orderSchema.parse(first.json);
    expect(order.items.map((i) => [i.product.id, i.quantity, Math.round(i.price * 100)])).toEqual(quote.lines.map((l) => [l.productId, l.quantity, l.unitCents]));
    expect(Math.round(order.shipping * 100)).toBe(2500);
    expect(Math.round(order.total * 100)).toBe(quote.totalCents);
    expect(order.status).toBe('pending');
    expect(order.paymentStatus).toBe('pending');
    expect(order.customerEmail).toBe(contractor.email);
    expect((await readStock(shop.db, quoteOnly.id)).stock_quantity).toBe(before.stock_quantity! - 40);

    const again = await accept(quote.token, contractor.cookie, acceptBody({ address: '99 Another Street' }));
    expect(again.status).toBe(200);
    expect(again.replayed).toBe('true');
    expect(orderSchema.parse(again.json).orderNumber).toBe(order.orderNumber);
    expect(await ordersOfQuote(quote.id)).toBe(1);
    expect((await readStock(shop.db, quoteOnly.id)).stock_quantity).toBe(before.stock_quantity! - 40);

    const view = quoteSchema.parse(await (await call(shop.base, `/api/quotes/offers/${quote.token}`, { cookie: contractor.cookie })).json());
    expect(view.status).toBe('accepted');
    expect(view.orderNumber).toBe(order.orderNumber);
    const request = adminQuoteRequestSchema.parse(await (await call(shop.base, `/api/admin/quotes/${requestId}`, { cookie: orderManager })).json());
    expect(request.history.map((h) => h.action)).toEqual(['quote_sent', 'quote_accepted']);
    expect((await auditOf(shop.db, quote.id)).map((a) => a.action)).toEqual(['quote.send', 'quote.accept']);

    // An accepted quote is an order now: staff can neither re-price nor withdraw it, the customer cannot decline it.
    expect((await offer(requestId)).status).toBe(409);
    expect((await call(shop.base, `/api/admin/quotes/${requestId}/withdraw`, { method: 'POST', cookie: orderManager })).status).toBe(409);
    const decline = await call(shop.base, `/api/quotes/offers/${quote.token}/decline`, { cookie: contractor.cookie, body: {} });
    expect(decline.status).toBe(409);
  });
});

describe('accepting at once', () => {
  it('places one order however many accepts arrive together', async () => {
    await stockProduct(quoteOnly.id, 500);
    await stockProduct(regular.id, 500);
    const quote = await offered(await requestQuote(regular.id));
    const answers = await Promise.all([accept(quote.token), accept(quote.token, undefined, acceptBody({ city: 'Bath' })), accept(quote.token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => orderSchema.parse(a.json).orderNumber)).size).toBe(1);
    expect(await ordersOfQuote(quote.id)).toBe(1);
  });
});

describe('refused acceptances', () => {
  it('refuses an expired quote with 409 and its message, and records the expiry once', async () => {
    const requestId = await requestQuote(regular.id);
    const quote = await offered(requestId);
    await runSql(shop.db, `UPDATE quotes SET valid_until = ${q(dayFromNow(-1))} WHERE id = ${q(quote.id)}`);
    const view = quoteSchema.parse(await (await call(shop.base, `/api/quotes/offers/${quote.token}`)).json());
    expect(view.status).toBe('expired');
    for (let i = 0; i < 2; i++) {
      const refused = await accept(quote.token);
      expect(refused.status).toBe(409);
      expect(errorOf(refused.json)).toMatchObject({ code: 'quote_expired', message: QUOTE_MESSAGES.expired });
    }
    expect(await ordersOfQuote(quote.id)).toBe(0);
    const request = adminQuoteRequestSchema.parse(await (await call(shop.base, `/api/admin/quotes/${requestId}`, { cookie: orderManager })).json());
    expect(request.history.map((h) => h.action)).toEqual(['quote_sent', 'quote_expired']);
  });

  it('names the line no longer in stock at acceptance and places nothing', async () => {
    await stockProduct(quoteOnly.id, 500);
    await stockProduct(regular.id, 2);
    const quote = await offered(await requestQuote(regular.id));
    const refused = await accept(quote.token);
    expect(refused.status).toBe(409);
    const error = errorOf(refused.json);
    expect(error.code).toBe('unavailable_products');
    expect(error.message).toContain(`${regular.name} (only 2 left)`);
    expect(error.message).not.toContain(quoteOnly.name);
    expect(await ordersOfQuote(quote.id)).toBe(0);
    expect((await readStock(shop.db, quoteOnly.id)).stock_quantity).toBe(500);
    // Still open: once restocked it can be accepted.
    await stockProduct(regular.id, 50);
    expect((await accept(quote.token)).status).toBe(201);
  });

  it('keeps a declined quote declined with its reason, and refuses to accept it', async () => {
    const requestId = await requestQuote(regular.id);
    const quote = await offered(requestId);
    const declined = await call(shop.base, `/api/quotes/offers/${quote.token}/decline`, { body: { reason: 'Found it closer to site.' } });
    expect(declined.status).toBe(200);
    expect(quoteSchema.parse(await declined.json())).toMatchObject({ status: 'declined', declineReason: 'Found it closer to site.' });
    const refused = await accept(quote.token);
    expect(refused.status).toBe(409);
    expect(errorOf(refused.json).message).toBe(QUOTE_MESSAGES.declined);
    const request = adminQuoteRequestSchema.parse(await (await call(shop.base, `/api/admin/quotes/${requestId}`, { cookie: orderManager })).json());
    expect(request.history.at(-1)).toMatchObject({ action: 'quote_declined', message: 'Found it closer to site.' });
    // Staff may price it again: it is sent anew, the reason cleared.
    const again = await offered(requestId, offerBody({ shippingCents: 0 }));
    expect(again).toMatchObject({ status: 'sent', declineReason: null, shippingCents: 0, token: quote.token });
  });

  it('refuses a withdrawn quote, and hides drafts from the link', async () => {
    const requestId = await requestQuote(regular.id);
    const draft = await offered(requestId, offerBody({ send: false }));
    expect(draft.status).toBe('draft');
    expect((await call(shop.base, `/api/quotes/offers/${draft.token}`)).status).toBe(404);
    expect((await accept(draft.token)).status).toBe(404);
    const sent = await offered(requestId);
    const withdrawn = await call(shop.base, `/api/admin/quotes/${requestId}/withdraw`, { method: 'POST', cookie: orderManager });
    expect(withdrawn.status).toBe(200);
    expect(adminQuoteSchema.parse(await withdrawn.json()).status).toBe('withdrawn');
    const refused = await accept(sent.token);
    expect(refused.status).toBe(409);
    expect(errorOf(refused.json).message).toBe(QUOTE_MESSAGES.withdrawn);
    expect((await auditOf(shop.db, sent.id)).map((a) => a.action)).toEqual(['quote.draft', 'quote.send', 'quote.withdraw']);
  });

  it('answers 404 for a link that does not exist', async () => {
    expect((await call(shop.base, `/api/quotes/offers/${'x'.repeat(43)}`)).status).toBe(404);
    expect((await accept('y'.repeat(43))).status).toBe(404);
  });
});

describe('pricing a quote', () => {
  it('refuses unknown products, a product twice, a past date and a missing request', async () => {
    const requestId = await requestQuote(regular.id);
    const unknown = await offer(requestId, offerBody({ lines: [{ productId: 'no-such-product', quantity: 1, unitCents: 100 }] }));
    expect(unknown.status).toBe(422);
    expect(errorOf(unknown.json).fields).toEqual({ 'lines.0.productId': QUOTE_MESSAGES.productNotFound });
    const twice = await offer(requestId, offerBody({ lines: [{ productId: regular.id, quantity: 1, unitCents: 100 }, { productId: regular.id, quantity: 2, unitCents: 100 }] }));
    expect(twice.status).toBe(422);
    expect(errorOf(twice.json).fields).toEqual({ 'lines.1.productId': QUOTE_MESSAGES.duplicateProduct });
    const past = await offer(requestId, offerBody({ validUntil: dayFromNow(-2) }));
    expect(past.status).toBe(422);
    expect(errorOf(past.json).fields).toEqual({ validUntil: QUOTE_MESSAGES.validUntil });
    const negative = await offer(requestId, offerBody({ shippingCents: -1 }));
    expect(negative.status).toBe(422);
    expect((await offer(crypto.randomUUID())).status).toBe(404);
    const none = await call(shop.base, `/api/admin/quotes/${requestId}/offer`, { cookie: orderManager });
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual({ quote: null });
    expect((await call(shop.base, `/api/admin/quotes/${crypto.randomUUID()}/offer`, { cookie: orderManager })).status).toBe(404);
    expect(await countRows(shop.db, 'quotes', `quote_request_id = ${q(requestId)}`)).toBe(0);
  });

  it('opens a guest quote with its link alone', async () => {
    const quote = await offered(await requestQuote(regular.id));
    expect(quote.customerId).toBeNull();
    const view = await call(shop.base, `/api/quotes/offers/${quote.token}`);
    expect(view.status).toBe(200);
    // A signed-in customer holding a guest's link sees it too: the link is what was shared.
    expect((await call(shop.base, `/api/quotes/offers/${quote.token}`, { cookie: otherCustomer.cookie })).status).toBe(200);
  });
});
