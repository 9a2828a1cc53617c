import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderSchema, type AdminOrder } from '../../src/lib/schemas/admin';
import { ORDER_MESSAGES, orderSchema } from '../../src/lib/schemas/order';
import { cardConfirmationResultSchema, cardPaymentNextSchema, creditNoteSchema, PAYMENT_MESSAGES, paymentMethodsSchema, paymentsAttentionSchema } from '../../src/lib/schemas/payments';
import { startStripeStandin, type StandinEvent, type StripeStandin } from '../helpers/stripe-standin';
import { auditOf, call, DEMO, staffSignIn, startShop, type Shop } from './helpers/admin';
import { errorOf } from './helpers/http';
import { fetchProducts, orderBody, postOrder, q, readStock, setStock, type CatalogProduct } from './helpers/orders';
import { approveOk, requestRefund } from './helpers/payments';
import { startServer } from './helpers/server';
import { runSql } from './helpers/sql';

/**
 * Card payments through Stripe (issue 23), against the Stripe stand-in (tests/helpers/stripe-standin)
 * with webhooks held for the test to deliver: a PaymentIntent with manual capture per order, the
 * browser's confirmation (done here as Stripe.js does it, with the publishable key and the client
 * secret), the order finalised from what Stripe says (confirm route and webhook), capture on
 * approval, release on decline, expiry and Stripe's own lapse, refunds through Stripe, a failed
 * capture, webhooks twice and out of order, declines and 3-D Secure.
 */

let stripe: StripeStandin;
let shop: Shop;
let manager: string;
let product: CatalogProduct;

beforeAll(async () => {
  stripe = await startStripeStandin({ webhookMode: 'manual' });
  shop = await startShop({ ...stripe.env, ORDER_HOLD_HOURS: '48' });
  stripe.webhooks.url = `${shop.base}/api/payments/stripe/webhook`;
  manager = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
  product = (await fetchProducts(shop.base)).filter((p) => !p.requestQuoteOnly && p.inStock)[0]!;
  await setStock(shop.db, product.id, 1000);
});

afterAll(async () => {
  await shop?.server.stop();
  await stripe?.stop();
});

interface PlacedCard {
  id: string;
  orderNumber: string;
  email: string;
  totalCents: number;
  reference: string;
  clientSecret: string;
}

/** Places a card order as the checkout does; the answer carries what Stripe.js needs. */
async function placeCardOrder(quantity = 1, body = orderBody([{ productId: product.id, quantity }], { payment: { method: 'card' } })): Promise<PlacedCard> {
  const email = `card.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const full = { ...body, customer: { firstName: 'Cara', lastName: 'Card', email, phone: '07700 900123' } };
  const response = await postOrder(shop.base, full);
  const json = (await response.json()) as { id: string; orderNumber: string; total: number; paymentNext: unknown };
  expect(response.status, JSON.stringify(json)).toBe(201);
  const next = cardPaymentNextSchema.parse(json.paymentNext);
  expect(next.publishableKey).toBe(stripe.publishableKey);
  return { id: json.id, orderNumber: json.orderNumber, email, totalCents: Math.round(json.total * 100), reference: next.reference, clientSecret: next.clientSecret };
}

/** What Stripe.js's confirmCardPayment sends from the shopper's browser: the publishable key, the client secret and the card. */
async function confirmInBrowser(order: PlacedCard, paymentMethod: string): Promise<{ status: number; json: Record<string, any> }> {
  const body = new URLSearchParams({ key: stripe.publishableKey, client_secret: order.clientSecret, payment_method: paymentMethod, use_stripe_sdk: 'true' });
  const response = await fetch(`${stripe.url}/v1/payment_intents/${order.reference}/confirm`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

/** The browser tells the shop it is back from Stripe.js. */
function confirmAtShop(order: PlacedCard, reference = order.reference): Promise<Response> {
  return call(shop.base, `/api/orders/${order.orderNumber}/payment/confirm`, { body: { reference } });
}

/** A card order authorised through the browser and the confirm route. */
async function authorisedOrder(quantity = 1): Promise<PlacedCard> {
  const order = await placeCardOrder(quantity);
  expect((await confirmInBrowser(order, 'pm_card_visa')).json.status).toBe('requires_capture');
  const response = await confirmAtShop(order);
  expect(response.status, await response.clone().text()).toBe(200);
  return order;
}

/** The order as staff see it. */
async function adminView(id: string): Promise<AdminOrder> {
  const response = await call(shop.base, `/api/admin/orders/${id}`, { cookie: manager });
  expect(response.status).toBe(200);
  return adminOrderSchema.parse(await response.json());
}

/** The PaymentIntent as the stand-in holds it. */
const intentOf = (reference: string) => stripe.store.paymentIntents.get(reference) as Record<string, any>;

/** The order's payment events of a kind. */
const paymentEvents = (id: string, kind: string) => runSql<{ kind: string; amount_cents: number; provider_event_id: string | null }>(shop.db, `SELECT kind, amount_cents, provider_event_id FROM payment_events WHERE order_id = ${q(id)} AND kind = ${q(kind)}`);

/** The order-received e-mails of an address. */
const receivedMails = (email: string) => runSql(shop.db, `SELECT subject FROM outbox WHERE to_address = ${q(email)} AND subject LIKE 'Order % received%'`);

/** Sends webhook events of a PaymentIntent (of these types, in the order given); the endpoint's answers. */
async function deliverEvents(reference: string, types: string[], times = 1) {
  const events = types.map((type) => stripe.eventsFor(reference).find((e) => e.type === type)).filter((e): e is StandinEvent => e !== undefined);
  expect(events.map((e) => e.type)).toEqual(types);
  return stripe.deliver(events, { times });
}

describe('card through Stripe: the checkout', () => {
  it('offers card beside bank transfer with the publishable key, once the three Stripe keys are set', async () => {
    const json = paymentMethodsSchema.parse(await (await call(shop.base, '/api/payments/methods')).json());
    expect(json.methods).toEqual(['bank_transfer', 'card']);
    expect(json.card).toEqual({ provider: 'stripe', publishableKey: stripe.publishableKey });
  });

  it("allows Stripe.js on the checkout pages alone: its script, its API and its frames, nothing else of Stripe's", async () => {
    const directives = async (path: string) => {
      const response = await fetch(`${shop.base}${path}`);
      await response.arrayBuffer();
      expect(response.status, path).toBe(200);
      return Object.fromEntries(response.headers.get('content-security-policy')!.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));
    };
    const checkout = await directives('/checkout');
    expect(checkout['script-src']!.filter((s) => !s.startsWith("'sha256-"))).toEqual(["'self'", 'https://js.stripe.com']);
    expect(checkout['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(checkout['frame-src']).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(checkout['frame-ancestors']).toEqual(["'none'"]);
    for (const path of ['/', '/shop']) {
      const page = await directives(path);
      expect(JSON.stringify(page), path).not.toContain('stripe');
      expect(page['frame-src'], path).toBeUndefined();
    }
  });

  it('creates one PaymentIntent with manual capture for the server-computed total; the same attempt again makes no second one', async () => {
    const body = orderBody([{ productId: product.id, quantity: 2 }], { payment: { method: 'card' } });
    const order = await placeCardOrder(2, body);
    const intent = intentOf(order.reference);
    expect(intent).toMatchObject({ amount: order.totalCents, currency: 'usd', capture_method: 'manual', status: 'requires_payment_method', metadata: { order_number: order.orderNumber } });
    expect(order.clientSecret).toBe(intent.client_secret);

    // The same attempt again (its first answer lost): the same order, and the client secret to go on paying.
    const again = await postOrder(shop.base, { ...body, customer: { firstName: 'Cara', lastName: 'Card', email: order.email, phone: '07700 900123' } });
    expect(again.status).toBe(200);
    const replayed = (await again.json()) as { orderNumber: string; paymentNext: unknown };
    expect(replayed.orderNumber).toBe(order.orderNumber);
    expect(cardPaymentNextSchema.parse(replayed.paymentNext)).toMatchObject({ reference: order.reference, clientSecret: order.clientSecret });
    const created = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && (r.params as any).metadata?.order_number === order.orderNumber);
    expect(created).toHaveLength(1);

    // Not yet authorised: the order waits, no e-mail has left, staff cannot approve it.
    const view = await adminView(order.id);
    expect(view).toMatchObject({ status: 'pending', paymentStatus: 'pending', payment: { method: 'card', authorisedCents: 0, capturedCents: 0, reference: order.reference } });
    expect(await receivedMails(order.email)).toHaveLength(0);
    const approve = await call(shop.base, `/api/admin/orders/${order.id}/approve`, { method: 'POST', cookie: manager });
    expect(approve.status).toBe(409);
    expect(errorOf(await approve.json()).message).toBe(PAYMENT_MESSAGES.cardNotAuthorised);
  });

  it('refuses a confirmation naming another payment as an unknown order (404)', async () => {
    const order = await placeCardOrder();
    const other = await placeCardOrder();
    const response = await confirmAtShop(order, other.reference);
    expect(response.status).toBe(404);
    expect(errorOf(await response.json()).message).toBe(ORDER_MESSAGES.orderNotFound);
  });
});

describe('card through Stripe: authorise, capture, release', () => {
  it('authorises in the browser, finalises from what Stripe says (brand and last 4 from Stripe), captures on approval', async () => {
    const order = await placeCardOrder();
    expect((await confirmInBrowser(order, 'pm_card_mastercard')).json.status).toBe('requires_capture');
    const response = await confirmAtShop(order);
    const json = cardConfirmationResultSchema.parse(await response.json());
    expect(response.status).toBe(200);
    expect(json.outcome).toBe('authorised');
    const customerView = orderSchema.parse(json.order);
    expect(customerView.paymentMethod).toEqual({ brand: 'mastercard', last4: '4444' });
    expect(customerView.payment).toMatchObject({ method: 'card', status: 'pending', authorisedCents: order.totalCents, capturedCents: 0 });
    expect(await receivedMails(order.email)).toHaveLength(1);
    // The browser's second report changes nothing.
    expect((await confirmAtShop(order)).status).toBe(200);
    expect(await paymentEvents(order.id, 'authorised')).toHaveLength(1);
    expect(await receivedMails(order.email)).toHaveLength(1);

    const approved = await approveOk(shop.base, manager, order.id);
    expect(approved).toMatchObject({ status: 'approved', paymentStatus: 'approved', payment: { authorisedCents: 0, capturedCents: order.totalCents, outstandingCents: 0 } });
    expect(approved.history.map((h) => h.note)).toEqual(expect.arrayContaining([expect.stringContaining('Mastercard •••• 4444 authorised for'), expect.stringContaining('captured')]));
    expect(intentOf(order.reference)).toMatchObject({ status: 'succeeded', amount_received: order.totalCents });
    const actions = (await auditOf(shop.db, order.id)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['order.payment', 'order.approve']));
  });

  it('releases the hold when staff decline: nothing charged, payment declined, stock back', async () => {
    const before = (await readStock(shop.db, product.id)).stock_quantity!;
    const order = await authorisedOrder(3);
    expect((await readStock(shop.db, product.id)).stock_quantity).toBe(before - 3);
    const response = await call(shop.base, `/api/admin/orders/${order.id}/decline`, { body: { reason: 'Out of our delivery area' }, cookie: manager });
    expect(response.status).toBe(200);
    const view = await adminView(order.id);
    expect(view).toMatchObject({ status: 'declined', paymentStatus: 'declined', payment: { authorisedCents: 0, capturedCents: 0 } });
    expect(intentOf(order.reference)).toMatchObject({ status: 'canceled' });
    expect(await paymentEvents(order.id, 'released')).toHaveLength(1);
    expect((await readStock(shop.db, product.id)).stock_quantity).toBe(before);
  });

  it('refunds through Stripe in part, then the rest: a credit note each, payment refunded once all is back', async () => {
    const order = await authorisedOrder(2);
    await approveOk(shop.base, manager, order.id);
    const first = await requestRefund(shop.base, manager, order.id, { amountCents: 500, reason: 'Lid dented' });
    const firstJson = (await first.json()) as { creditNote: unknown; order: unknown };
    expect(first.status, JSON.stringify(firstJson)).toBe(201);
    expect(creditNoteSchema.parse(firstJson.creditNote)).toMatchObject({ amountCents: 500, status: 'succeeded' });
    expect(adminOrderSchema.parse(firstJson.order).payment).toMatchObject({ refundedCents: 500, status: 'approved' });
    const refunds = [...stripe.store.refunds.values()].filter((r: any) => r.payment_intent === order.reference) as any[];
    expect(refunds.map((r) => r.amount)).toEqual([500]);

    const rest = await requestRefund(shop.base, manager, order.id, { amountCents: order.totalCents - 500, reason: 'Returned' });
    expect(rest.status).toBe(201);
    const view = await adminView(order.id);
    expect(view).toMatchObject({ paymentStatus: 'refunded', payment: { refundedCents: order.totalCents, status: 'refunded' } });
    expect(view.history.filter((h) => h.action === 'refund').every((h) => h.note?.includes('returned to the card'))).toBe(true);
    const charge = stripe.store.charges.get(intentOf(order.reference).latest_charge) as any;
    expect(charge.amount_refunded).toBe(order.totalCents);

    // More than is left is refused before Stripe is asked.
    expect((await requestRefund(shop.base, manager, order.id, { amountCents: 1, reason: 'Again' })).status).toBe(409);
  });

  it('refunds through Stripe when a captured order is cancelled', async () => {
    const order = await authorisedOrder();
    await approveOk(shop.base, manager, order.id);
    const response = await call(shop.base, `/api/admin/orders/${order.id}/status`, { body: { status: 'cancelled', notes: 'Customer changed their mind' }, cookie: manager });
    expect(response.status, await response.clone().text()).toBe(200);
    const view = await adminView(order.id);
    expect(view).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', payment: { capturedCents: order.totalCents, refundedCents: order.totalCents } });
    expect(view.creditNotes).toHaveLength(1);
    const refunds = [...stripe.store.refunds.values()].filter((r: any) => r.payment_intent === order.reference) as any[];
    expect(refunds.map((r) => r.amount)).toEqual([order.totalCents]);
  });

  it('a capture Stripe refuses leaves the order approved and unpaid with an alert, never half-changed', async () => {
    const order = await authorisedOrder();
    stripe.failNextCapture({ paymentIntent: order.reference, kind: 'api_error' });
    // The SDK retries a 500 with the same idempotency key: the stand-in replays the failure, as Stripe does.
    const approved = await approveOk(shop.base, manager, order.id);
    expect(approved).toMatchObject({ status: 'approved', paymentStatus: 'pending', payment: { authorisedCents: order.totalCents, capturedCents: 0, outstandingCents: order.totalCents } });
    expect(approved.paymentProblem).toMatch(/^Capture of \$[\d,.]+ failed: /);
    expect(intentOf(order.reference).status).toBe('requires_capture');
    expect(await paymentEvents(order.id, 'capture_failed')).toHaveLength(1);
    expect(await paymentEvents(order.id, 'captured')).toHaveLength(0);
    const attention = paymentsAttentionSchema.parse(await (await call(shop.base, '/api/admin/payments/attention', { cookie: manager })).json());
    expect(attention.failed.items.map((i) => i.orderNumber)).toContain(order.orderNumber);

    // Staff try again: captured, the alert gone, audited; a further try finds nothing held.
    const retry = await call(shop.base, `/api/admin/orders/${order.id}/capture`, { method: 'POST', cookie: manager });
    const retried = adminOrderSchema.parse(await retry.json());
    expect(retry.status).toBe(200);
    expect(retried).toMatchObject({ status: 'approved', paymentStatus: 'approved', paymentProblem: null, payment: { authorisedCents: 0, capturedCents: order.totalCents } });
    expect(intentOf(order.reference).status).toBe('succeeded');
    expect((await auditOf(shop.db, order.id)).map((a) => a.action)).toContain('order.capture');
    const again = await call(shop.base, `/api/admin/orders/${order.id}/capture`, { method: 'POST', cookie: manager });
    expect(again.status).toBe(409);
    expect(errorOf(await again.json()).message).toBe(PAYMENT_MESSAGES.nothingToCapture);
  });

  it('a capture retried while Stripe still refuses answers 502 and changes nothing but the record of the failure', async () => {
    const order = await authorisedOrder();
    stripe.failNextCapture({ paymentIntent: order.reference, kind: 'expired' });
    await approveOk(shop.base, manager, order.id);
    stripe.failNextCapture({ paymentIntent: order.reference, kind: 'expired' });
    const retry = await call(shop.base, `/api/admin/orders/${order.id}/capture`, { method: 'POST', cookie: manager });
    expect(retry.status).toBe(502);
    expect(errorOf(await retry.json()).message).toMatch(/^The payment provider could not complete this: /);
    const view = await adminView(order.id);
    expect(view).toMatchObject({ status: 'approved', payment: { authorisedCents: order.totalCents, capturedCents: 0 } });
    expect(await paymentEvents(order.id, 'capture_failed')).toHaveLength(2);
  });
});

describe('card through Stripe: the webhook', () => {
  it('authorises from the webhook alone, once, however often and in whatever order the events come', async () => {
    const order = await placeCardOrder();
    expect((await confirmInBrowser(order, 'pm_card_visa')).json.status).toBe('requires_capture');
    // The browser never came back: Stripe's events finalise the order. Sent out of order, each twice.
    const deliveries = await deliverEvents(order.reference, ['payment_intent.amount_capturable_updated', 'payment_intent.created'], 2);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200]);
    // Only the first delivery of the authorisation applies anything (payment_intent.created is not acted on).
    expect(deliveries.map((d) => JSON.parse(d.response).applied)).toEqual([1, 0, 0, 0]);
    const view = await adminView(order.id);
    expect(view.payment).toMatchObject({ authorisedCents: order.totalCents });
    expect(view.paymentMethod).toEqual({ brand: 'visa', last4: '4242' });
    const authorised = await paymentEvents(order.id, 'authorised');
    expect(authorised).toHaveLength(1);
    expect(authorised[0]!.provider_event_id).toMatch(/^evt_/);
    expect(await receivedMails(order.email)).toHaveLength(1);
    expect((await auditOf(shop.db, order.id)).filter((a) => a.action === 'order.payment' && a.actor_name === 'System')).toHaveLength(1);

    // After approval the capture's events, and the old authorisation event again, change nothing more.
    await approveOk(shop.base, manager, order.id);
    const late = await deliverEvents(order.reference, ['payment_intent.succeeded', 'payment_intent.amount_capturable_updated']);
    expect(late.map((d) => d.status)).toEqual([200, 200]);
    const after = await adminView(order.id);
    expect(after.payment).toMatchObject({ authorisedCents: 0, capturedCents: order.totalCents, status: 'approved' });
    expect(await paymentEvents(order.id, 'captured')).toHaveLength(1);
    expect(await paymentEvents(order.id, 'authorised')).toHaveLength(1);
  });

  it('applies the authorisation once when the browser (three times) and the webhook report it at the same moment', async () => {
    const order = await placeCardOrder();
    expect((await confirmInBrowser(order, 'pm_card_visa')).json.status).toBe('requires_capture');
    const [webhook, ...browser] = await Promise.all([
      deliverEvents(order.reference, ['payment_intent.amount_capturable_updated']),
      confirmAtShop(order),
      confirmAtShop(order),
      confirmAtShop(order),
    ]);
    expect(webhook[0]!.status).toBe(200);
    expect(browser.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await paymentEvents(order.id, 'authorised')).toHaveLength(1);
    expect(await receivedMails(order.email)).toHaveLength(1);
    expect((await adminView(order.id)).payment.authorisedCents).toBe(order.totalCents);
  });

  it('records a capture Stripe made though the shop never heard its answer, from the succeeded event', async () => {
    const order = await authorisedOrder();
    // The shop's capture is lost on the way back (the order stays unpaid with an alert) while Stripe captured.
    stripe.failNextCapture({ paymentIntent: order.reference, kind: 'api_error' });
    await approveOk(shop.base, manager, order.id);
    const capture = await fetch(`${stripe.url}/v1/payment_intents/${order.reference}/capture`, { method: 'POST', headers: { authorization: `Bearer ${stripe.secretKey}` } });
    expect(capture.status).toBe(200);
    const [delivery] = await deliverEvents(order.reference, ['payment_intent.succeeded']);
    expect(delivery!.status).toBe(200);
    const view = await adminView(order.id);
    expect(view).toMatchObject({ paymentStatus: 'approved', paymentProblem: null, payment: { authorisedCents: 0, capturedCents: order.totalCents } });
  });

  it('refuses a body whose signature does not verify (400) and applies nothing; Stripe needs no Origin header', async () => {
    const order = await placeCardOrder();
    await confirmInBrowser(order, 'pm_card_visa');
    const event = stripe.eventsFor(order.reference).find((e) => e.type === 'payment_intent.amount_capturable_updated')!;
    const signed = stripe.webhooks.sign(event);
    const tampered = signed.body.replace(order.reference, `${order.reference}x`);
    const response = await fetch(`${shop.base}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature }, body: tampered });
    expect(response.status).toBe(400);
    const unsigned = await fetch(`${shop.base}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: signed.body });
    expect(unsigned.status).toBe(400);
    expect((await adminView(order.id)).payment.authorisedCents).toBe(0);
    const good = await fetch(`${shop.base}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature }, body: signed.body });
    expect(good.status).toBe(200);
    expect((await adminView(order.id)).payment.authorisedCents).toBe(order.totalCents);
  });

  it('puts a hold that lapsed at Stripe (7 days) under payments needing attention', async () => {
    const order = await authorisedOrder();
    stripe.expireAuthorisation(order.reference);
    const [delivery] = await deliverEvents(order.reference, ['payment_intent.canceled']);
    expect(delivery!.status).toBe(200);
    const view = await adminView(order.id);
    expect(view.payment).toMatchObject({ authorisedCents: 0, capturedCents: 0 });
    expect(view.paymentProblem).toMatch(/lapsed at the card provider \(automatic\)/);
    const attention = paymentsAttentionSchema.parse(await (await call(shop.base, '/api/admin/payments/attention', { cookie: manager })).json());
    expect(attention.failed.items.map((i) => i.orderNumber)).toContain(order.orderNumber);
  });
});

describe('card through Stripe: declines and 3-D Secure', () => {
  it('a declined card cancels the order with the bank\'s reason, gives the stock back, sends no e-mail and cannot be confirmed again', async () => {
    const before = (await readStock(shop.db, product.id)).stock_quantity!;
    const order = await placeCardOrder(4);
    const browser = await confirmInBrowser(order, 'pm_card_visa_chargeDeclined');
    expect(browser.status).toBe(402);
    const response = await confirmAtShop(order);
    const json = (await response.json()) as { order: unknown };
    expect(response.status).toBe(402);
    const error = errorOf(json);
    expect(error.code).toBe('card_declined');
    expect(error.message).toBe(`${ORDER_MESSAGES.cardDeclined} Your card was declined.`);
    expect(orderSchema.parse(json.order)).toMatchObject({ status: 'cancelled', paymentStatus: 'declined' });
    expect((await readStock(shop.db, product.id)).stock_quantity).toBe(before);
    expect(await receivedMails(order.email)).toHaveLength(0);
    expect(intentOf(order.reference).status).toBe('canceled');
    expect((await confirmInBrowser(order, 'pm_card_visa')).status).toBe(400);
    // Stripe's own report of the failure, twice, changes nothing more.
    const deliveries = await deliverEvents(order.reference, ['payment_intent.payment_failed'], 2);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200]);
    expect((await readStock(shop.db, product.id)).stock_quantity).toBe(before);
    expect(await paymentEvents(order.id, 'authorisation_failed')).toHaveLength(1);
  });

  it('Stripe failing to create the PaymentIntent cancels the order cleanly, and the same checkout attempt then places a new one', async () => {
    const before = (await readStock(shop.db, product.id)).stock_quantity!;
    const email = `unready.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const body = { ...orderBody([{ productId: product.id, quantity: 3 }], { payment: { method: 'card' } }), customer: { firstName: 'Una', lastName: 'Ready', email, phone: '07700 900123' } };
    const intentsBefore = stripe.store.paymentIntents.size;
    // The SDK retries a 500 under the same idempotency key: the stand-in replays the failure, as Stripe does.
    stripe.failNext({ operation: 'create', status: 500, error: { type: 'api_error', message: 'An unknown error occurred' } });
    const failed = await postOrder(shop.base, body);
    expect(failed.status).toBe(502);
    expect(errorOf(await failed.json()).message).toBe(ORDER_MESSAGES.cardUnavailable);
    expect(stripe.store.paymentIntents.size).toBe(intentsBefore);
    // The order was written and then ended: cancelled, payment declined, no reference, stock back, no e-mail, the timeline says why.
    const [cancelled, ...others] = await runSql<{ id: string; status: string; payment_status: string; payment_reference: string | null }>(
      shop.db,
      `SELECT id, status, payment_status, payment_reference FROM orders WHERE customer_email = ${q(email)}`,
    );
    expect(others).toHaveLength(0);
    expect(cancelled).toMatchObject({ status: 'cancelled', payment_status: 'declined', payment_reference: null });
    expect((await readStock(shop.db, product.id)).stock_quantity).toBe(before);
    expect(await receivedMails(email)).toHaveLength(0);
    expect(await paymentEvents(cancelled!.id, 'authorisation_failed')).toHaveLength(1);
    const timelineRows = await runSql<{ note: string }>(shop.db, `SELECT note FROM order_events WHERE order_id = ${q(cancelled!.id)} AND to_status = 'cancelled'`);
    expect(timelineRows.map((r) => r.note)).toEqual([expect.stringContaining('the card provider could not set up the payment')]);

    // The shopper tries again (the same checkout attempt): a new order, with its PaymentIntent, that pays.
    const retried = await postOrder(shop.base, body);
    const json = (await retried.json()) as { id: string; orderNumber: string; total: number; payment: { reference: string | null }; paymentNext: unknown };
    expect(retried.status, JSON.stringify(json)).toBe(201);
    expect(json.id).not.toBe(cancelled!.id);
    const next = cardPaymentNextSchema.parse(json.paymentNext);
    expect(json.payment.reference).toBe(next.reference);
    expect((await readStock(shop.db, product.id)).stock_quantity).toBe(before - 3);
    const order: PlacedCard = { id: json.id, orderNumber: json.orderNumber, email, totalCents: Math.round(json.total * 100), reference: next.reference, clientSecret: next.clientSecret };
    expect((await confirmInBrowser(order, 'pm_card_visa')).json.status).toBe('requires_capture');
    expect((await confirmAtShop(order)).status).toBe(200);
    expect((await adminView(order.id)).payment).toMatchObject({ authorisedCents: order.totalCents, reference: order.reference });

    // Once more with the same key: the order placed, as it now is, and no third PaymentIntent.
    const replayed = await postOrder(shop.base, body);
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replayed.json()) as { id: string }).id).toBe(order.id);
    expect(stripe.store.paymentIntents.size).toBe(intentsBefore + 1);
  });

  it('3-D Secure: the order waits with the client secret until the shopper authenticates, then is authorised', async () => {
    const order = await placeCardOrder();
    const browser = await confirmInBrowser(order, 'pm_card_threeDSecure2Required');
    expect(browser.json.status).toBe('requires_action');
    const waiting = await confirmAtShop(order);
    expect(waiting.status).toBe(202);
    expect(cardConfirmationResultSchema.parse(await waiting.json())).toMatchObject({ outcome: 'requires_action', paymentNext: { clientSecret: order.clientSecret, reference: order.reference } });
    // The requires_action event changes nothing either.
    expect((await deliverEvents(order.reference, ['payment_intent.requires_action']))[0]!.status).toBe(200);
    expect((await adminView(order.id)).status).toBe('pending');

    stripe.authenticate(order.reference, 'complete');
    const done = await confirmAtShop(order);
    expect(done.status).toBe(200);
    expect((await adminView(order.id)).payment.authorisedCents).toBe(order.totalCents);
  });

  it('3-D Secure failed: the order is cancelled like a decline', async () => {
    const order = await placeCardOrder();
    expect((await confirmInBrowser(order, 'pm_card_threeDSecure2Required')).json.status).toBe('requires_action');
    stripe.authenticate(order.reference, 'fail');
    const response = await confirmAtShop(order);
    expect(response.status).toBe(402);
    expect((await adminView(order.id)).status).toBe('cancelled');
  });
});

describe('card through Stripe: the server\'s sweeps (48 h hold, CARD_PAYMENT_TIMEOUT_MINUTES)', () => {
  let abandoned: PlacedCard;
  let unheard: PlacedCard;
  let stockBefore: number;

  it('releases the authorisation when nobody approves the order in ORDER_HOLD_HOURS; settles card orders left unfinished past the timeout', async () => {
    const order = await authorisedOrder();
    stockBefore = (await readStock(shop.db, product.id)).stock_quantity!;
    // Left at 3-D Secure; and authorised at Stripe with its webhook lost and the browser gone.
    abandoned = await placeCardOrder(2);
    expect((await confirmInBrowser(abandoned, 'pm_card_threeDSecure2Required')).json.status).toBe('requires_action');
    unheard = await placeCardOrder();
    expect((await confirmInBrowser(unheard, 'pm_card_visa')).json.status).toBe('requires_capture');
    // And one whose server stopped between the order's commit and Stripe's answer: no reference recorded.
    const unprepared = await placeCardOrder();
    await shop.server.stop();
    await runSql(shop.db, `UPDATE orders SET payment_reference = NULL WHERE id = ${q(unprepared.id)}`);
    const ago = (minutes: number) => q(new Date(Date.now() - minutes * 60_000).toISOString());
    await runSql(shop.db, `UPDATE orders SET created_at = ${ago(49 * 60)} WHERE id = ${q(order.id)}`);
    await runSql(shop.db, `UPDATE orders SET created_at = ${ago(61)} WHERE id IN (${q(abandoned.id)}, ${q(unheard.id)}, ${q(unprepared.id)})`);
    shop = { ...shop, server: await startServer({ env: { DATABASE_URL: shop.db, SHOP_DEMO: '1', ORDER_HOLD_HOURS: '48', ...stripe.env }, readyTimeoutMs: 120_000 }) };
    shop.base = shop.server.url;
    manager = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
    await expect.poll(async () => (await adminView(order.id)).status, { timeout: 20_000, interval: 250 }).toBe('cancelled');
    await expect.poll(async () => (await adminView(order.id)).payment.authorisedCents, { timeout: 10_000, interval: 250 }).toBe(0);
    expect(intentOf(order.reference).status).toBe('canceled');
    expect((await adminView(order.id)).paymentStatus).toBe('declined');

    await expect.poll(async () => (await adminView(abandoned.id)).status, { timeout: 20_000, interval: 250 }).toBe('cancelled');
    const view = await adminView(abandoned.id);
    expect(view.paymentStatus).toBe('declined');
    expect(view.history.map((h) => h.note)).toContainEqual(expect.stringContaining('card payment not completed within 60 minutes'));
    expect(intentOf(abandoned.reference).status).toBe('canceled');
    await expect.poll(async () => (await adminView(unprepared.id)).status, { timeout: 20_000, interval: 250 }).toBe('cancelled');
    expect((await adminView(unprepared.id)).history.map((h) => h.note)).toContainEqual(expect.stringContaining('the card payment was never set up'));
    // The expired order's unit, the abandoned order's two and the unprepared order's one are back; the finalised order keeps its one.
    expect((await readStock(shop.db, product.id)).stock_quantity).toBe(stockBefore);

    const finalised = await adminView(unheard.id);
    expect(finalised).toMatchObject({ status: 'pending', payment: { authorisedCents: unheard.totalCents } });
    expect(await receivedMails(unheard.email)).toHaveLength(1);
  }, 180_000);
});
