import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../../src/lib/schemas/order';
import { adminQuoteSchema, QUOTE_MESSAGES, quoteSchema, type AdminQuote, type QuoteOffer } from '../../src/lib/schemas/quotes';
import { notTintableMessage, TINT_MESSAGES } from '../../src/lib/schemas/tinting';
import { call, DEMO, registerCustomer, staffSignIn, startShop, type Shop } from './helpers/admin';
import { errorOf } from './helpers/http';
import { readDeliveredMails } from './helpers/mail';
import { q, setStock } from './helpers/orders';
import { runSql } from './helpers/sql';

/**
 * Colours on quote lines (issue #27 item 1 with issue 24's colours by code): staff give a tintable
 * line a RAL Classic colour; the same paint in two colours is two lines; the customer's page and
 * e-mail name the colour; accepting needs the made-to-order acceptance and places order lines in
 * those colours. Unknown codes and colours on untinted products are refused like on orders.
 */

const TINTABLE = 'dc-ultra-interior-eggshell-1g';
const UNTINTED = 'dc-pro-prime-multi-surface-1g';
const ANTHRACITE = { system: 'ral-classic', code: 'RAL 7016' };
const PURE_WHITE = { system: 'ral-classic', code: 'ral9010' };

let shop: Shop;
let mailDir: string;
let orderManager: string;
let counter = 0;
let painter: { cookie: string; id: string; email: string };

/** YYYY-MM-DD `days` from today (UTC). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A signed-in quote request for the tintable paint; returns its id. */
async function requestQuote(): Promise<string> {
  const response = await call(shop.base, '/api/quotes', {
    body: { productId: TINTABLE, name: 'Pat Painter', email: painter.email, quantity: 6, message: 'Six in anthracite, two in white.' },
    cookie: painter.cookie,
    headers: { 'x-forwarded-for': `198.51.100.${(counter += 1)}` },
  });
  const json = (await response.json()) as { quoteRequest: { id: string } };
  expect(response.status, JSON.stringify(json)).toBe(201);
  return json.quoteRequest.id;
}

/** The offer: the tintable paint in anthracite and in white, and an untinted primer. */
function offerBody(lines: QuoteOffer['lines'] = [
  { productId: TINTABLE, quantity: 6, unitCents: 3000, colour: ANTHRACITE },
  { productId: TINTABLE, quantity: 2, unitCents: 3100, colour: PURE_WHITE },
  { productId: UNTINTED, quantity: 1, unitCents: 2000 },
]): QuoteOffer {
  return { lines, shippingCents: 0, message: 'Mixed to your colours.', validUntil: dayFromNow(10) };
}

/** POST /api/admin/quotes/:id/offer as the order manager. */
async function offer(requestId: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await call(shop.base, `/api/admin/quotes/${requestId}/offer`, { body, cookie: orderManager });
  return { status: response.status, json: await response.json() };
}

/** POST …/accept as the painter. */
async function accept(token: string, extra: Record<string, unknown> = {}) {
  const body = {
    shippingAddress: { firstName: 'Pat', lastName: 'Painter', phone: '07700 900456', address: '3 Mill Lane', city: 'Leeds', postalCode: 'ls1 4dj', country: 'United Kingdom' },
    payment: { method: 'bank_transfer' },
    ...extra,
  };
  const response = await call(shop.base, `/api/quotes/offers/${token}/accept`, { body, cookie: painter.cookie });
  return { status: response.status, json: (await response.json()) as unknown };
}

beforeAll(async () => {
  mailDir = mkdtempSync(join(tmpdir(), 'shop-quote-colours-mail-'));
  shop = await startShop({ TRUST_PROXY: 'true', MAIL_DIR: mailDir });
  orderManager = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
  painter = await registerCustomer(shop.base);
  for (const id of [TINTABLE, UNTINTED]) await setStock(shop.db, id, 50);
});

afterAll(async () => {
  await shop?.server.stop();
});

describe('a quote with colours', () => {
  let quote: AdminQuote;

  beforeAll(async () => {
    const { status, json } = await offer(await requestQuote(), offerBody());
    expect(status, JSON.stringify(json)).toBe(200);
    quote = adminQuoteSchema.parse(json);
  });

  it('keeps the same paint in two colours as two lines with code, name and swatch, and the untinted line without', async () => {
    expect(quote.lines.map((l) => [l.productId, l.quantity, l.colour?.code ?? null, l.colour?.name ?? null])).toEqual([
      [TINTABLE, 6, 'RAL 7016', 'Anthracite Grey'],
      [TINTABLE, 2, 'RAL 9010', 'Pure White'],
      [UNTINTED, 1, null, null],
    ]);
    const view = quoteSchema.parse(await (await call(shop.base, `/api/quotes/offers/${quote.token}`, { cookie: painter.cookie })).json());
    expect(view.lines[0]!.colour).toEqual({ system: 'ral-classic', code: 'RAL 7016', name: 'Anthracite Grey', hex: expect.stringMatching(/^#[0-9a-f]{6}$/) });
    const rows = await runSql<{ colour_code: string | null }>(shop.db, `SELECT colour_code FROM quote_lines WHERE quote_id = ${q(quote.id)} ORDER BY position`);
    expect(rows.map((r) => r.colour_code)).toEqual(['RAL 7016', 'RAL 9010', null]);
  });

  it('names each colour in the e-mail', async () => {
    const find = () => readDeliveredMails(mailDir).find((m) => m.to === painter.email && m.subject.startsWith('Your quote from'));
    await expect.poll(find, { timeout: 15_000 }).toBeDefined();
    expect(find()!.body).toContain('tinted to RAL 7016 Anthracite Grey (made to order, not returnable)');
    expect(find()!.body).toContain('tinted to RAL 9010 Pure White');
  });

  it('asks for the made-to-order acceptance, then places order lines in those colours and keeps the acceptance', async () => {
    const refused = await accept(quote.token);
    expect(refused.status).toBe(422);
    expect(errorOf(refused.json)).toMatchObject({ message: TINT_MESSAGES.acceptanceRequired, fields: { tintedAccepted: TINT_MESSAGES.acceptanceRequired } });
    expect(quoteSchema.parse(await (await call(shop.base, `/api/quotes/offers/${quote.token}`, { cookie: painter.cookie })).json()).status).toBe('sent');

    const placed = await accept(quote.token, { tintedAccepted: true });
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    const order = orderSchema.parse(placed.json);
    expect(order.items.map((i) => [i.product.id, i.quantity, Math.round(i.price * 100), i.colour?.code ?? null])).toEqual([
      [TINTABLE, 6, 3000, 'RAL 7016'],
      [TINTABLE, 2, 3100, 'RAL 9010'],
      [UNTINTED, 1, 2000, null],
    ]);
    expect(order.tintedAcceptedAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
  });
});

describe('colours staff cannot quote', () => {
  it('refuses an unknown code, a colour on an untinted product and the same paint twice in one colour, storing nothing', async () => {
    const requestId = await requestQuote();
    const unknown = await offer(requestId, offerBody([{ productId: TINTABLE, quantity: 1, unitCents: 100, colour: { system: 'ral-classic', code: 'RAL 9999' } }]));
    expect(unknown.status).toBe(422);
    expect(errorOf(unknown.json).fields).toEqual({ 'lines.0.colour': 'RAL 9999 is not a RAL Classic colour.' });

    const untinted = await offer(requestId, offerBody([{ productId: UNTINTED, quantity: 1, unitCents: 100, colour: ANTHRACITE }]));
    expect(untinted.status).toBe(422);
    const primer = (await runSql<{ name: string }>(shop.db, `SELECT name FROM products WHERE id = ${q(UNTINTED)}`))[0]!.name;
    expect(errorOf(untinted.json).fields).toEqual({ 'lines.0.colour': notTintableMessage(primer) });

    const twice = await offer(requestId, offerBody([
      { productId: TINTABLE, quantity: 1, unitCents: 100, colour: ANTHRACITE },
      { productId: TINTABLE, quantity: 1, unitCents: 100, colour: { system: 'ral-classic', code: '7016' } },
    ]));
    expect(twice.status).toBe(422);
    expect(errorOf(twice.json).fields).toEqual({ 'lines.1.productId': QUOTE_MESSAGES.duplicateProduct });

    const malformed = await offer(requestId, offerBody([{ productId: TINTABLE, quantity: 1, unitCents: 100, colour: 'RAL 7016' as never }]));
    expect(malformed.status).toBe(422);
    expect(JSON.stringify(errorOf(malformed.json))).toContain(TINT_MESSAGES.colour);

    const stored = await runSql<{ n: number | string }>(shop.db, `SELECT COUNT(*) AS n FROM quotes WHERE quote_request_id = ${q(requestId)}`);
    expect(Number(stored[0]!.n)).toBe(0);
  });
});
