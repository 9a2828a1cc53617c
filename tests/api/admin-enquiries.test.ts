import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminContactMessageSchema,
  adminMessagesPageSchema,
  adminQuoteRequestSchema,
  adminQuotesPageSchema,
  ENQUIRY_INBOX_MESSAGES,
  type AdminContactMessage,
} from '../../src/lib/schemas/admin-enquiries';
import { ADMIN_MESSAGES } from '../../src/lib/schemas/admin';
import { auditOf, call, countRows, DEMO, staffSignIn, startShop, type Shop } from './helpers/admin';
import { errorOf } from './helpers/http';
import { readDeliveredMails } from './helpers/mail';
import { fetchProducts, q } from './helpers/orders';
import { runSql } from './helpers/sql';

/**
 * The enquiries inbox (API.md "Back office": /api/admin/messages and /api/admin/quotes, issue #13
 * item 3): lists newest first with search, status filter and server-side pages; detail with
 * history; mark handled and reopen; a reply queued to the sender, kept in the history, marking the
 * enquiry handled with its audit entry; the new-enquiries count of the summary.
 */

let shop: Shop;
let mailDir: string;
let orderManager: string;
let superAdmin: string;
let productManager: string;
let counter = 0;

/** Each public form post from an address of its own, so the per-address limits never interfere. */
const nextAddress = () => `203.0.113.${(counter += 1) % 250}`;

/** A contact message stored as if sent `minutesAgo` minutes ago, straight into the table (for ordering and paging). */
async function storeMessage(fields: { name: string; email: string; subject?: string | null; message: string; minutesAgo: number; status?: string }): Promise<string> {
  const id = randomUUID();
  const at = new Date(Date.now() - fields.minutesAgo * 60_000).toISOString();
  await runSql(
    shop.db,
    `INSERT INTO contact_messages (id, name, email, phone, subject, message, status, created_at, updated_at) VALUES (${q(id)}, ${q(fields.name)}, ${q(fields.email)}, NULL, ${
      fields.subject ? q(fields.subject) : 'NULL'
    }, ${q(fields.message)}, ${q(fields.status ?? 'new')}, ${q(at)}, ${q(at)})`,
  );
  return id;
}

/** Sends the contact form as a visitor would; returns the message's id as the inbox lists it. */
async function sendContact(body: Record<string, unknown>): Promise<void> {
  const response = await call(shop.base, '/api/contact', { body, headers: { 'x-forwarded-for': nextAddress() } });
  expect(response.status, await response.clone().text()).toBe(201);
}

/** GET a page of the messages inbox (must answer 200 and match the contract). */
async function listMessages(search: Record<string, string> = {}, cookie = orderManager) {
  const path = `/api/admin/messages?${new URLSearchParams(search)}`;
  const response = await call(shop.base, path, { cookie });
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(200);
  return adminMessagesPageSchema.parse(json);
}

/** The new-enquiries count of GET /api/admin/summary. */
async function newEnquiries(cookie = orderManager): Promise<number | null> {
  const response = await call(shop.base, '/api/admin/summary', { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { newEnquiries: number | null }).newEnquiries;
}

/** How many enquiries of both tables are new, counted in SQL. */
async function countNew(): Promise<number> {
  return (await countRows(shop.db, 'contact_messages', "status = 'new'")) + (await countRows(shop.db, 'quote_requests', "status = 'new'"));
}

beforeAll(async () => {
  mailDir = mkdtempSync(join(tmpdir(), 'shop-enquiries-mail-'));
  shop = await startShop({ TRUST_PROXY: 'true', MAIL_DIR: mailDir });
  orderManager = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
  superAdmin = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
  productManager = await staffSignIn(shop.base, DEMO.productManager.email, DEMO.productManager.password);
});

afterAll(async () => {
  await shop?.server.stop();
});

describe('the messages list', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    // 25 messages a minute apart: Sender 01 the oldest, Sender 25 the newest.
    for (let i = 1; i <= 25; i++) {
      const n = String(i).padStart(2, '0');
      ids.push(
        await storeMessage({
          name: `Sender ${n}`,
          email: `sender${n}@paging.example.com`,
          subject: i % 5 === 0 ? `Warehouse floor ${n}` : null,
          message: i === 7 ? 'Do you ship Anti-Slip Epoxy to 100% humid sites?' : `Paging message number ${n}.`,
          minutesAgo: 1000 - i,
          status: i % 4 === 0 ? 'handled' : 'new',
        }),
      );
    }
  });

  it('lists newest first in pages of 20, with the total', async () => {
    const first = await listMessages({ q: 'paging.example.com' });
    expect(first.total).toBe(25);
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(20);
    expect(first.messages.map((m) => m.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Sender ${String(25 - i).padStart(2, '0')}`));
    const second = await listMessages({ q: 'paging.example.com', page: '2' });
    expect(second.messages.map((m) => m.name)).toEqual(['Sender 05', 'Sender 04', 'Sender 03', 'Sender 02', 'Sender 01']);
    const small = await listMessages({ q: 'paging.example.com', page: '3', pageSize: '10' });
    expect(small.messages.map((m) => m.name)).toEqual(['Sender 05', 'Sender 04', 'Sender 03', 'Sender 02', 'Sender 01']);
    expect((await listMessages({ q: 'paging.example.com', page: '9' })).messages).toEqual([]);
  });

  it('carries each message with its fields, status and (empty) history', async () => {
    const { messages } = await listMessages({ q: 'Sender 20' });
    expect(messages).toEqual([
      expect.objectContaining({ kind: 'messages', id: ids[19], name: 'Sender 20', email: 'sender20@paging.example.com', subject: 'Warehouse floor 20', status: 'handled', history: [] }),
    ]);
  });

  it('filters by status', async () => {
    const handled = await listMessages({ q: 'paging.example.com', status: 'handled' });
    expect(handled.total).toBe(6);
    expect(handled.messages.every((m) => m.status === 'handled')).toBe(true);
    const fresh = await listMessages({ q: 'paging.example.com', status: 'new' });
    expect(fresh.total).toBe(19);
    expect(fresh.messages.every((m) => m.status === 'new')).toBe(true);
    // An unknown filter reads as all.
    expect((await listMessages({ q: 'paging.example.com', status: 'bogus' })).total).toBe(25);
  });

  it('searches name, e-mail, subject and message text, ignoring case', async () => {
    expect((await listMessages({ q: 'sender 13' })).messages.map((m) => m.name)).toEqual(['Sender 13']);
    expect((await listMessages({ q: 'SENDER14@PAGING' })).messages.map((m) => m.name)).toEqual(['Sender 14']);
    expect((await listMessages({ q: 'warehouse floor' })).messages.map((m) => m.name)).toEqual(['Sender 25', 'Sender 20', 'Sender 15', 'Sender 10', 'Sender 05']);
    expect((await listMessages({ q: 'anti-slip epoxy' })).messages.map((m) => m.name)).toEqual(['Sender 07']);
    // LIKE's wildcards are taken literally: '100%' matches the one message that says it, '_' matches no name.
    expect((await listMessages({ q: '100% humid' })).messages.map((m) => m.name)).toEqual(['Sender 07']);
    expect((await listMessages({ q: 'Sender_1' })).total).toBe(0);
    expect((await listMessages({ q: 'nothing like this anywhere' })).total).toBe(0);
  });
});

describe('one message', () => {
  it('answers its detail and 404 for an unknown id', async () => {
    const id = await storeMessage({ name: 'Detail Person', email: 'detail@example.com', subject: 'Colour match', message: 'Can you match RAL 5010?', minutesAgo: 5 });
    const response = await call(shop.base, `/api/admin/messages/${id}`, { cookie: orderManager });
    expect(response.status).toBe(200);
    expect(adminContactMessageSchema.parse(await response.json())).toMatchObject({ id, name: 'Detail Person', subject: 'Colour match', message: 'Can you match RAL 5010?', status: 'new', history: [] });

    const missing = await call(shop.base, '/api/admin/messages/no-such-id', { cookie: orderManager });
    expect(missing.status).toBe(404);
    expect(errorOf(await missing.json()).message).toBe(ENQUIRY_INBOX_MESSAGES.messageNotFound);
    // A message's id is no quote's id.
    const asQuote = await call(shop.base, `/api/admin/quotes/${id}`, { cookie: orderManager });
    expect(asQuote.status).toBe(404);
    expect(errorOf(await asQuote.json()).message).toBe(ENQUIRY_INBOX_MESSAGES.quoteNotFound);
  });

  it('is marked handled and reopened, each change in its history and the audit log once', async () => {
    const id = await storeMessage({ name: 'Status Person', email: 'status@example.com', message: 'Please call me back about primers.', minutesAgo: 4 });
    const handled = await call(shop.base, `/api/admin/messages/${id}`, { method: 'PATCH', body: { status: 'handled' }, cookie: orderManager });
    expect(handled.status).toBe(200);
    const after = adminContactMessageSchema.parse(await handled.json());
    expect(after).toMatchObject({ status: 'handled', history: [{ action: 'handled', by: DEMO.orderManager.name, message: null, mail: null }] });

    // The same status again changes nothing.
    const again = await call(shop.base, `/api/admin/messages/${id}`, { method: 'PATCH', body: { status: 'handled' }, cookie: orderManager });
    expect(adminContactMessageSchema.parse(await again.json()).history).toHaveLength(1);

    const reopened = await call(shop.base, `/api/admin/messages/${id}`, { method: 'PATCH', body: { status: 'new' }, cookie: superAdmin });
    expect(adminContactMessageSchema.parse(await reopened.json())).toMatchObject({
      status: 'new',
      history: [{ action: 'handled', by: DEMO.orderManager.name }, { action: 'reopened', by: DEMO.superAdmin.name }],
    });
    expect(await auditOf(shop.db, id)).toEqual([
      expect.objectContaining({ action: 'enquiry.handled', actor_name: DEMO.orderManager.name, before: { status: 'new' }, after: { status: 'handled' } }),
      expect.objectContaining({ action: 'enquiry.reopened', actor_name: DEMO.superAdmin.name, before: { status: 'handled' }, after: { status: 'new' } }),
    ]);
    // The list shows what the detail shows.
    expect((await listMessages({ q: 'status@example.com' })).messages[0]).toMatchObject({ id, status: 'new', history: [{ action: 'handled' }, { action: 'reopened' }] });
  });

  it('refuses a status other than new or handled (422) and an unknown id (404), changing nothing', async () => {
    const id = await storeMessage({ name: 'Refused Person', email: 'refused@example.com', message: 'A message to keep as it is.', minutesAgo: 3 });
    for (const body of [{ status: 'closed' }, { status: 'answered' }, {}, { status: 7 }]) {
      const response = await call(shop.base, `/api/admin/messages/${id}`, { method: 'PATCH', body, cookie: orderManager });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(errorOf(await response.json())).toMatchObject({ code: 'invalid_fields', fields: { status: ENQUIRY_INBOX_MESSAGES.statusInvalid } });
    }
    const missing = await call(shop.base, '/api/admin/messages/no-such-id', { method: 'PATCH', body: { status: 'handled' }, cookie: orderManager });
    expect(missing.status).toBe(404);
    expect(await auditOf(shop.db, id)).toEqual([]);
    expect(await countRows(shop.db, 'enquiry_events', `enquiry_id = ${q(id)}`)).toBe(0);
  });
});

describe('a reply', () => {
  it('goes to the sender through the outbox, stays in the history, marks the message handled and is audited', async () => {
    const email = `visitor.${randomUUID().slice(0, 8)}@example.com`;
    await sendContact({ name: 'Maya <b>Patel</b>', email, subject: 'Garage floor', message: 'Which epoxy suits a garage floor?\nIt gets cold.' });
    const [listed] = (await listMessages({ q: email })).messages;
    expect(listed).toMatchObject({ name: 'Maya <b>Patel</b>', status: 'new' });
    const id = listed!.id;
    const before = await countRows(shop.db, 'outbox', `to_address = ${q(email)}`);

    const reply = 'Hello Maya,\nour <Anti-Slip Epoxy> & primer suit cold garages.';
    const response = await call(shop.base, `/api/admin/messages/${id}/reply`, { body: { message: `  ${reply}  ` }, cookie: orderManager });
    const json = await response.json();
    expect(response.status, JSON.stringify(json)).toBe(200);
    const answered = adminContactMessageSchema.parse(json);
    expect(answered.status).toBe('handled');
    expect(answered.history).toEqual([
      { id: expect.any(String), at: expect.any(String), by: DEMO.orderManager.name, action: 'reply', message: reply, mail: expect.objectContaining({ to: email, lastError: null }) },
    ]);

    // Queued to the sender, with the reply's text; every typed text escaped in the HTML.
    const mails = await runSql<{ kind: string; subject: string; text: string; html: string; to_address: string }>(
      shop.db,
      `SELECT kind, subject, text, html, to_address FROM outbox WHERE to_address = ${q(email)} AND kind = 'enquiry-reply'`,
    );
    expect(await countRows(shop.db, 'outbox', `to_address = ${q(email)}`)).toBe(before + 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'enquiry-reply', subject: 'Re: Garage floor', to_address: email });
    expect(mails[0]!.text).toContain(reply);
    expect(mails[0]!.text).toContain('> Which epoxy suits a garage floor?');
    expect(mails[0]!.text).toContain(DEMO.orderManager.name);
    expect(mails[0]!.html).toContain('our &lt;Anti-Slip Epoxy&gt; &amp; primer suit cold garages.');
    expect(mails[0]!.html).toContain('Maya &lt;b&gt;Patel&lt;/b&gt;');
    expect(mails[0]!.html).not.toContain('<Anti-Slip');
    expect(mails[0]!.html).not.toContain('<b>Patel');

    // The mail transport writes it into the server's mail folder.
    await expect
      .poll(() => readDeliveredMails(mailDir).find((m) => m.to === email && m.subject === 'Re: Garage floor')?.body ?? '', { timeout: 15_000, interval: 100 })
      .toContain('primer suit cold garages.');

    expect(await auditOf(shop.db, id)).toEqual([
      expect.objectContaining({
        action: 'enquiry.reply',
        actor_name: DEMO.orderManager.name,
        before: { status: 'new' },
        after: expect.objectContaining({ status: 'handled', to: email, subject: 'Re: Garage floor', reply }),
      }),
    ]);

    // A second reply on a handled message is kept beside the first, in order.
    const second = await call(shop.base, `/api/admin/messages/${id}/reply`, { body: { message: 'One more thing: delivery is free.' }, cookie: superAdmin });
    expect(second.status).toBe(200);
    const detail = adminContactMessageSchema.parse(await (await call(shop.base, `/api/admin/messages/${id}`, { cookie: orderManager })).json());
    expect(detail.history.map((h) => [h.action, h.by, h.message])).toEqual([
      ['reply', DEMO.orderManager.name, reply],
      ['reply', DEMO.superAdmin.name, 'One more thing: delivery is free.'],
    ]);
    await expect
      .poll(async () => {
        const d = adminContactMessageSchema.parse(await (await call(shop.base, `/api/admin/messages/${id}`, { cookie: orderManager })).json());
        return d.history.every((h) => h.mail?.sentAt);
      }, { timeout: 15_000, interval: 200 })
      .toBe(true);
  });

  it('refuses an empty reply (422) and an unknown enquiry (404), queuing nothing', async () => {
    const id = await storeMessage({ name: 'Empty Reply', email: 'empty.reply@example.com', message: 'Waiting for an answer.', minutesAgo: 2 });
    const outboxBefore = await countRows(shop.db, 'outbox');
    for (const body of [{ message: '' }, { message: '   \n ' }, {}, { message: 42 }]) {
      const response = await call(shop.base, `/api/admin/messages/${id}/reply`, { body, cookie: orderManager });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(errorOf(await response.json())).toMatchObject({ code: 'invalid_fields', fields: { message: ENQUIRY_INBOX_MESSAGES.replyRequired } });
    }
    const long = await call(shop.base, `/api/admin/messages/${id}/reply`, { body: { message: 'x'.repeat(5001) }, cookie: orderManager });
    expect(long.status).toBe(422);
    expect(errorOf(await long.json()).fields).toEqual({ message: ENQUIRY_INBOX_MESSAGES.replyTooLong });
    const missing = await call(shop.base, '/api/admin/messages/no-such-id/reply', { body: { message: 'Hello' }, cookie: orderManager });
    expect(missing.status).toBe(404);
    expect(errorOf(await missing.json()).message).toBe(ENQUIRY_INBOX_MESSAGES.messageNotFound);
    expect(await countRows(shop.db, 'outbox')).toBe(outboxBefore);
    expect((await call(shop.base, `/api/admin/messages/${id}`, { cookie: orderManager }).then((r) => r.json())) as AdminContactMessage).toMatchObject({ status: 'new', history: [] });
  });
});

describe('quote requests', () => {
  it('list with the product and quantity, search by product and SKU, and a reply names the product', async () => {
    const product = (await fetchProducts(shop.base))[0]!;
    const email = `buyer.${randomUUID().slice(0, 8)}@example.com`;
    const response = await call(shop.base, '/api/quotes', {
      body: { productId: product.id, name: 'Tom Okafor', email, quantity: 40, message: 'Delivery to Austin in March.' },
      headers: { 'x-forwarded-for': nextAddress() },
    });
    expect(response.status).toBe(201);

    const page = await call(shop.base, `/api/admin/quotes?q=${encodeURIComponent(email)}`, { cookie: orderManager });
    const { quotes, total } = adminQuotesPageSchema.parse(await page.json());
    expect(total).toBe(1);
    expect(quotes[0]).toMatchObject({ kind: 'quotes', name: 'Tom Okafor', email, quantity: 40, message: 'Delivery to Austin in March.', status: 'new', product: { id: product.id, name: product.name } });
    const id = quotes[0]!.id;

    for (const text of [product.name.toUpperCase(), quotes[0]!.product.sku.toLowerCase(), 'austin in march']) {
      const found = adminQuotesPageSchema.parse(await (await call(shop.base, `/api/admin/quotes?q=${encodeURIComponent(text)}&status=new`, { cookie: orderManager })).json());
      expect(found.quotes.map((x) => x.id), text).toContain(id);
    }

    const replied = await call(shop.base, `/api/admin/quotes/${id}/reply`, { body: { message: '40 pails at $89.00 each, delivered.' }, cookie: orderManager });
    expect(replied.status).toBe(200);
    expect(adminQuoteRequestSchema.parse(await replied.json())).toMatchObject({ status: 'handled', history: [{ action: 'reply', message: '40 pails at $89.00 each, delivered.' }] });
    const [mail] = await runSql<{ subject: string; text: string }>(shop.db, `SELECT subject, text FROM outbox WHERE to_address = ${q(email)} AND kind = 'enquiry-reply'`);
    expect(mail!.subject).toBe(`Re: your quote request for ${product.name}`);
    expect(mail!.text).toContain('40 pails at $89.00 each, delivered.');
    expect(mail!.text).toContain('Quantity: 40');
    expect((await auditOf(shop.db, id)).map((a) => a.action)).toEqual(['enquiry.reply']);

    const handled = adminQuotesPageSchema.parse(await (await call(shop.base, `/api/admin/quotes?q=${encodeURIComponent(email)}&status=handled`, { cookie: orderManager })).json());
    expect(handled.quotes.map((x) => x.id)).toEqual([id]);
    const detail = await call(shop.base, `/api/admin/quotes/${id}`, { cookie: orderManager });
    expect(adminQuoteRequestSchema.parse(await detail.json()).history).toHaveLength(1);
  });
});

describe('the new-enquiries count of the summary', () => {
  it('counts new messages and quotes for staff who manage orders, null for the others', async () => {
    expect(await newEnquiries()).toBe(await countNew());
    const start = await newEnquiries();
    const email = `counted.${randomUUID().slice(0, 8)}@example.com`;
    await sendContact({ name: 'Counted Visitor', email, message: 'Please count me in the badge.' });
    expect(await newEnquiries()).toBe(start! + 1);
    const id = (await listMessages({ q: email })).messages[0]!.id;
    await call(shop.base, `/api/admin/messages/${id}/reply`, { body: { message: 'Counted and answered.' }, cookie: orderManager });
    expect(await newEnquiries(superAdmin)).toBe(start);
    expect(await newEnquiries(productManager)).toBeNull();
  });

  it('refuses the inbox to staff without manage_orders', async () => {
    const response = await call(shop.base, '/api/admin/messages', { cookie: productManager });
    expect(response.status).toBe(403);
    expect(errorOf(await response.json()).message).toBe(ADMIN_MESSAGES.forbidden);
  });
});
