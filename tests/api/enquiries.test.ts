// Contact messages, quote requests and the technical data sheet PDF, over HTTP against the built
// server (its own server, behind a "trusted proxy" so each test can speak from its own address).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENQUIRY_MESSAGES } from '../../src/lib/schemas/enquiries';
import { readPdfText } from '../helpers/pdf-text';
import { errorOf } from './helpers/http';
import { createTestDatabase } from './helpers/lane';
import { startServer, type TestServer } from './helpers/server';
import { runSql } from './helpers/sql';

let server: TestServer;
let databaseUrl: string;
let counter = 0;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  server = await startServer({ env: { DATABASE_URL: databaseUrl, TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await server?.stop();
});

/** A client address of its own for each call site, so the rate limits of one test never touch another. */
const nextAddress = () => `198.51.100.${(counter += 1)}`;

/** POSTs JSON as a browser of this shop would (same-origin), from `address`. */
function post(path: string, body: unknown, address: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': address, ...headers },
    body: JSON.stringify(body),
  });
}

/** SQL string literal. */
const q = (value: string) => `'${value.replace(/'/g, "''")}'`;
const uniqueEmail = (who: string) => `${who}.${Date.now()}.${(counter += 1)}@example.com`;

const contact = (overrides: Record<string, unknown> = {}) => ({
  name: 'Maya Patel',
  email: uniqueEmail('maya'),
  phone: '020 7946 0958',
  subject: 'Colour consultation',
  message: 'We are repainting a Victorian hallway and would like advice on a durable off-white.',
  ...overrides,
});

/** A product of the seeded catalogue (quote-only or not). */
async function productOf(quoteOnly: boolean): Promise<{ id: string; name: string; sku: string; slug: string; price_cents: number }> {
  const [row] = await runSql<{ id: string; name: string; sku: string; slug: string; price_cents: number }>(
    databaseUrl,
    `SELECT id, name, sku, slug, price_cents FROM products WHERE request_quote_only = ${quoteOnly ? 1 : 0} ORDER BY id LIMIT 1`,
  );
  return row!;
}

describe('POST /api/contact', () => {
  it('stores the message as new, answers 201 and queues the confirmation e-mail to the sender', async () => {
    const input = contact({ name: '  Maya <b>Patel</b> ', message: 'Line one <script>alert(1)</script>\nLine two of the message.' });
    const response = await post('/api/contact', input, nextAddress());
    expect(response.status).toBe(201);
    const { contactMessage } = (await response.json()) as { contactMessage: Record<string, unknown> };
    expect(contactMessage).toMatchObject({ name: 'Maya <b>Patel</b>', email: input.email, phone: '020 7946 0958', subject: 'Colour consultation', status: 'new' });

    const [row] = await runSql<Record<string, unknown>>(databaseUrl, `SELECT * FROM contact_messages WHERE id = ${q(String(contactMessage.id))}`);
    expect(row).toMatchObject({ name: 'Maya <b>Patel</b>', email: input.email, phone: '020 7946 0958', status: 'new', message: 'Line one <script>alert(1)</script>\nLine two of the message.' });
    expect(row!.created_at).toBe(contactMessage.createdAt);

    const mail = await runSql<{ kind: string; subject: string; html: string; text: string }>(databaseUrl, `SELECT kind, subject, html, text FROM outbox WHERE to_address = ${q(input.email)}`);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.kind).toBe('contact-received');
    expect(mail[0]!.subject).toBe('We received your message: Graphene Coatings');
    expect(mail[0]!.html).toContain('Maya &lt;b&gt;Patel&lt;/b&gt;');
    expect(mail[0]!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br>Line two');
    expect(mail[0]!.html).not.toContain('<script>');
    expect(mail[0]!.text).toContain('> Line two of the message.');
  });

  it('accepts phone numbers as people type them, and no phone or subject at all', async () => {
    const address = nextAddress();
    for (const phone of ['+44 7700 900123', '+1 (214) 555-0142']) {
      expect((await post('/api/contact', contact({ phone }), address)).status).toBe(201);
    }
    const bare = await post('/api/contact', contact({ phone: '', subject: '' }), address);
    expect(bare.status).toBe(201);
    const { contactMessage } = (await bare.json()) as { contactMessage: Record<string, unknown> };
    expect(contactMessage.phone).toBeUndefined();
    expect(contactMessage.subject).toBeUndefined();
  });

  it.each([
    ['name', { name: 'A' }, ENQUIRY_MESSAGES.nameMin],
    ['name', { name: 'x'.repeat(121) }, ENQUIRY_MESSAGES.nameMax],
    ['email', { email: 'maya@' }, ENQUIRY_MESSAGES.email],
    ['phone', { phone: '12-34' }, ENQUIRY_MESSAGES.phone],
    ['subject', { subject: 's'.repeat(151) }, ENQUIRY_MESSAGES.subjectMax],
    ['message', { message: 'Too short' }, ENQUIRY_MESSAGES.messageMin],
    ['message', { message: 'm'.repeat(5001) }, ENQUIRY_MESSAGES.messageMax],
  ])('refuses a bad %s with 422 and its message, storing nothing', async (field, overrides, message) => {
    const input = contact(overrides);
    const response = await post('/api/contact', input, nextAddress());
    expect(response.status).toBe(422);
    const error = errorOf(await response.json());
    expect(error.code).toBe('invalid_fields');
    expect(error.message).toBe(message);
    expect(error.fields).toEqual({ [field]: message });
    expect(await runSql(databaseUrl, `SELECT id FROM contact_messages WHERE email = ${q(String(input.email))}`)).toEqual([]);
  });

  it('names every missing field at once', async () => {
    const response = await post('/api/contact', {}, nextAddress());
    expect(response.status).toBe(422);
    expect(errorOf(await response.json()).fields).toEqual({ name: ENQUIRY_MESSAGES.nameMin, email: ENQUIRY_MESSAGES.email, message: ENQUIRY_MESSAGES.messageMin });
  });

  it('allows 5 messages per address in 10 minutes, then 429 with the wait; other addresses are unaffected', async () => {
    const address = nextAddress();
    for (let i = 0; i < 5; i++) expect((await post('/api/contact', contact(), address)).status).toBe(201);
    const limited = await post('/api/contact', contact(), address);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(errorOf(await limited.json())).toEqual({ code: 'too_many_requests', message: 'Too many attempts. Please try again in 10 minutes.' });
    expect((await post('/api/contact', contact(), nextAddress())).status).toBe(201);
  });

  it('refuses a cross-origin post with 403', async () => {
    const input = contact();
    const response = await post('/api/contact', input, nextAddress(), { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(errorOf(await response.json()).code).toBe('forbidden_origin');
    expect(await runSql(databaseUrl, `SELECT id FROM contact_messages WHERE email = ${q(input.email)}`)).toEqual([]);
  });
});

describe('POST /api/quotes', () => {
  const quote = (productId: string, overrides: Record<string, unknown> = {}) => ({
    productId,
    name: 'Tom Okafor',
    email: uniqueEmail('tom'),
    phone: '+44 7700 900123',
    quantity: 40,
    message: 'Delivery to a site in Leeds, <LS1>.',
    ...overrides,
  });

  it('stores the request with a snapshot of the product and queues the confirmation e-mail', async () => {
    const product = await productOf(true);
    const input = quote(product.id, { quantity: '25' });
    const response = await post('/api/quotes', input, nextAddress());
    expect(response.status).toBe(201);
    const { quoteRequest } = (await response.json()) as { quoteRequest: Record<string, unknown> };
    expect(quoteRequest).toMatchObject({ product: { id: product.id, name: product.name, sku: product.sku }, quantity: 25, status: 'new', email: input.email });

    const [row] = await runSql<Record<string, unknown>>(databaseUrl, `SELECT * FROM quote_requests WHERE id = ${q(String(quoteRequest.id))}`);
    expect(row).toMatchObject({ product_id: product.id, product_name: product.name, product_sku: product.sku, name: 'Tom Okafor', status: 'new' });
    expect(Number(row!.quantity)).toBe(25);

    const [mail] = await runSql<{ kind: string; subject: string; html: string; text: string }>(databaseUrl, `SELECT kind, subject, html, text FROM outbox WHERE to_address = ${q(input.email)}`);
    expect(mail!.kind).toBe('quote-received');
    expect(mail!.subject).toBe(`Your quote request for ${product.name}`);
    expect(mail!.text).toContain(`SKU ${product.sku}`);
    expect(mail!.text).toContain('Quantity: 25');
    expect(mail!.html).toContain('&lt;LS1&gt;');
  });

  it('answers 404 with a clear message for a product that is not in the catalogue', async () => {
    const response = await post('/api/quotes', quote('no-such-product'), nextAddress());
    expect(response.status).toBe(404);
    expect(errorOf(await response.json())).toEqual({ code: 'not_found', message: ENQUIRY_MESSAGES.productNotFound });
  });

  it.each([
    ['quantity', { quantity: 0 }, ENQUIRY_MESSAGES.quantity],
    ['quantity', { quantity: 10_001 }, ENQUIRY_MESSAGES.quantity],
    ['quantity', { quantity: 2.5 }, ENQUIRY_MESSAGES.quantity],
    ['quantity', { quantity: 'ten' }, ENQUIRY_MESSAGES.quantity],
    ['productId', { productId: '' }, ENQUIRY_MESSAGES.productRequired],
    ['name', { name: '' }, ENQUIRY_MESSAGES.nameMin],
    ['email', { email: 'tom at example.com' }, ENQUIRY_MESSAGES.email],
    ['phone', { phone: 'call me' }, ENQUIRY_MESSAGES.phone],
    ['message', { message: 'n'.repeat(5001) }, ENQUIRY_MESSAGES.messageMax],
  ])('refuses a bad %s with 422 and its message', async (field, overrides, message) => {
    const product = await productOf(false);
    const response = await post('/api/quotes', quote(product.id, overrides), nextAddress());
    expect(response.status).toBe(422);
    const error = errorOf(await response.json());
    expect(error.message).toBe(message);
    expect(error.fields).toEqual({ [field]: message });
  });

  it('allows 5 requests per address in 10 minutes, then 429', async () => {
    const product = await productOf(false);
    const address = nextAddress();
    for (let i = 0; i < 5; i++) expect((await post('/api/quotes', quote(product.id, { quantity: undefined, message: '' }), address)).status).toBe(201);
    const limited = await post('/api/quotes', quote(product.id), address);
    expect(limited.status).toBe(429);
    expect(errorOf(await limited.json()).message).toBe('Too many attempts. Please try again in 10 minutes.');
  });
});

describe('GET /api/products/:id/spec-sheet.pdf', () => {
  it('serves a one-page PDF download of the live product, 304 for the same version, a new one after an edit', async () => {
    const product = await productOf(false);
    const url = `${server.url}/api/products/${encodeURIComponent(product.id)}/spec-sheet.pdf`;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${product.slug}-technical-data-sheet.pdf"`);
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const { pageCount, lines } = await readPdfText(bytes);
    expect(pageCount).toBe(1);
    expect(lines.join('\n')).toContain(`SKU  ${product.sku}`);
    expect(lines).toContain(`$${(product.price_cents / 100).toFixed(2)}`);

    const again = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);

    // A staff edit of the price shows on the next download.
    await runSql(databaseUrl, `UPDATE products SET price_cents = 123456, version = version + 1 WHERE id = ${q(product.id)}`);
    const edited = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(edited.status).toBe(200);
    expect(edited.headers.get('etag')).not.toBe(etag);
    expect((await readPdfText(new Uint8Array(await edited.arrayBuffer()))).lines).toContain('$1,234.56');
  });

  it("says 'Price on request' for a quote-only product", async () => {
    const product = await productOf(true);
    const response = await fetch(`${server.url}/api/products/${encodeURIComponent(product.id)}/spec-sheet.pdf`);
    expect(response.status).toBe(200);
    expect((await readPdfText(new Uint8Array(await response.arrayBuffer()))).lines).toContain('Price on request');
  });

  it('answers 404 in the API error shape for an unknown product', async () => {
    const response = await fetch(`${server.url}/api/products/no-such-product/spec-sheet.pdf`);
    expect(response.status).toBe(404);
    expect(errorOf(await response.json())).toEqual({ code: 'not_found', message: 'Product not found.' });
  });
});
