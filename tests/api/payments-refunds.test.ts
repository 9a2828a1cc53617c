import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderSchema } from '../../src/lib/schemas/admin';
import { orderSchema } from '../../src/lib/schemas/order';
import { creditNoteSchema, PAYMENT_MESSAGES } from '../../src/lib/schemas/payments';
import { auditOf, call, DEMO, staffSignIn, startShop, type Shop } from './helpers/admin';
import { errorOf } from './helpers/http';
import { fetchProducts, q, readStock, setStock, type CatalogProduct } from './helpers/orders';
import { approveOk, getPdf, pdfText, placeTransferOrder, recordPaymentOk, requestRefund } from './helpers/payments';
import { runSql } from './helpers/sql';

/**
 * Refunds from the back office (issue 23): by amount or by line (price with VAT, optional restock),
 * partial then full, never more than was paid (even two at once), each with a credit note of its own
 * gapless sequence, the customer e-mailed, the payment status 'refunded' once everything paid is
 * returned; a cancelled paid order refunds what it kept, an unpaid one refunds nothing.
 */

let shop: Shop;
let manager: string;
let superAdmin: string;
let product: CatalogProduct;
let other: CatalogProduct;

beforeAll(async () => {
  shop = await startShop();
  manager = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
  superAdmin = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
  const sellable = (await fetchProducts(shop.base)).filter((p) => !p.requestQuoteOnly && p.inStock);
  product = sellable[0]!;
  other = sellable[1]!;
  await setStock(shop.db, product.id, 1000);
  await setStock(shop.db, other.id, 1000);
});

afterAll(async () => {
  await shop?.server.stop();
});

/** A paid and approved order of these lines. */
async function paidOrder(items: { productId: string; quantity: number }[]) {
  const placed = await placeTransferOrder(shop.base, items);
  await recordPaymentOk(shop.base, manager, placed.id, placed.totalCents);
  await approveOk(shop.base, manager, placed.id);
  return placed;
}

/** A refund that must be recorded: the credit note and the order. */
async function refundOk(id: string, body: Record<string, unknown>, cookie = manager) {
  const response = await requestRefund(shop.base, cookie, id, body);
  const json = (await response.json()) as { creditNote: unknown; order: unknown };
  expect(response.status, JSON.stringify(json)).toBe(201);
  return { creditNote: creditNoteSchema.parse(json.creditNote), order: adminOrderSchema.parse(json.order) };
}

/** The number of 'CN-000012'. */
const noteNumber = (n: string) => Number(n.slice(3));

describe('refunds', () => {
  it('refunds part, then the rest: approved while part is refunded, refunded once all is; a credit note each, the customer e-mailed, audited', async () => {
    const placed = await paidOrder([{ productId: product.id, quantity: 2 }]);
    const first = await refundOk(placed.id, { amountCents: 500, reason: 'Lid dented in transit' });
    expect(first.creditNote).toMatchObject({ amountCents: 500, reason: 'Lid dented in transit', status: 'to_return', by: DEMO.orderManager.name });
    expect(first.creditNote.number).toMatch(/^CN-\d{6}$/);
    expect(first.order.payment).toMatchObject({ capturedCents: placed.totalCents, refundedCents: 500, status: 'approved', outstandingCents: 0 });
    expect(first.order.paymentStatus).toBe('approved');

    const rest = placed.totalCents - 500;
    const second = await refundOk(placed.id, { amountCents: rest, reason: 'Customer returned the rest' });
    expect(noteNumber(second.creditNote.number)).toBe(noteNumber(first.creditNote.number) + 1);
    expect(second.order.payment).toMatchObject({ refundedCents: placed.totalCents, status: 'refunded' });
    expect(second.order.paymentStatus).toBe('refunded');
    expect(second.order.creditNotes.map((c) => c.number)).toEqual([first.creditNote.number, second.creditNote.number]);
    expect(second.order.history.filter((h) => h.action === 'refund').map((h) => h.note)).toEqual([
      expect.stringContaining(`Refund of $5.00 to be returned by bank transfer, credit note ${first.creditNote.number}`),
      expect.stringContaining(`credit note ${second.creditNote.number}`),
    ]);

    const mails = await runSql<{ subject: string; text: string }>(shop.db, `SELECT subject, text FROM outbox WHERE to_address = ${q(placed.email)} AND kind = 'order-refund' ORDER BY created_at, id`);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe(`Refund of $5.00 for order ${placed.orderNumber}: Graphene Coatings`);
    expect(mails[0]!.text).toContain(first.creditNote.number);
    expect(mails[0]!.text).toContain('Reason: Lid dented in transit');
    const audit = (await auditOf(shop.db, placed.id)).filter((a) => a.action === 'order.refund');
    expect(audit.map((a) => (a.after as { creditNote: string }).creditNote)).toEqual([first.creditNote.number, second.creditNote.number]);

    // Nothing left: a third refund is refused and changes nothing.
    const third = await requestRefund(shop.base, manager, placed.id, { amountCents: 1, reason: 'Again' });
    expect(third.status).toBe(409);
    expect(errorOf(await third.json()).message).toBe(`${PAYMENT_MESSAGES.refundTooLarge} $0.00.`);

    // The customer sees the refunds and the status.
    const seen = orderSchema.parse(await (await call(shop.base, `/api/orders/${placed.orderNumber}?email=${encodeURIComponent(placed.email)}`)).json());
    expect(seen.paymentStatus).toBe('refunded');
    expect(seen.history?.filter((h) => h.action === 'refund')).toHaveLength(2);
  });

  it('refunds by line with VAT, restocking only the lines asked, and refuses more units than were bought', async () => {
    const placed = await paidOrder([{ productId: product.id, quantity: 3 }, { productId: other.id, quantity: 2 }]);
    const before = { product: (await readStock(shop.db, product.id)).stock_quantity!, other: (await readStock(shop.db, other.id)).stock_quantity! };
    const { creditNote, order } = await refundOk(placed.id, {
      lines: [{ productId: product.id, quantity: 2, restock: true }, { productId: other.id, quantity: 1, restock: false }],
      reason: 'Two tins and a roller returned',
    });
    const net = Math.round(product.price * 100) * 2 + Math.round(other.price * 100);
    const vat = Math.round(net * 0.2);
    expect(creditNote.amountCents).toBe(net + vat);
    expect(creditNote.lines).toEqual([
      { productId: product.id, name: product.name, quantity: 2, restock: true },
      { productId: other.id, name: other.name, quantity: 1, restock: false },
    ]);
    expect(order.payment.refundedCents).toBe(net + vat);
    expect((await readStock(shop.db, product.id)).stock_quantity).toBe(before.product + 2);
    expect((await readStock(shop.db, other.id)).stock_quantity).toBe(before.other);

    // One unit of `product` is left to refund: two are refused; an unknown product too.
    for (const lines of [[{ productId: product.id, quantity: 2 }], [{ productId: 'no-such-product', quantity: 1 }]]) {
      const response = await requestRefund(shop.base, manager, placed.id, { lines, reason: 'More' });
      expect(response.status).toBe(422);
      expect(errorOf(await response.json()).message).toBe(PAYMENT_MESSAGES.refundLines);
    }
    await refundOk(placed.id, { lines: [{ productId: product.id, quantity: 1 }], reason: 'Last tin' });
  });

  it('refuses a refund of an unpaid order, more than was paid, and bad bodies; changing nothing', async () => {
    const unpaid = await placeTransferOrder(shop.base, [{ productId: product.id, quantity: 1 }]);
    const nothing = await requestRefund(shop.base, manager, unpaid.id, { amountCents: 100, reason: 'Test' });
    expect(nothing.status).toBe(409);
    expect(errorOf(await nothing.json()).message).toBe(PAYMENT_MESSAGES.nothingToRefund);

    const placed = await placeTransferOrder(shop.base, [{ productId: product.id, quantity: 1 }]);
    await recordPaymentOk(shop.base, manager, placed.id, 1000);
    const tooMuch = await requestRefund(shop.base, manager, placed.id, { amountCents: 1001, reason: 'Test' });
    expect(tooMuch.status).toBe(409);
    expect(((await tooMuch.json()) as { refundableCents: number }).refundableCents).toBe(1000);
    for (const body of [{ amountCents: 100 }, { amountCents: 100, reason: '  ' }, { reason: 'Neither' }, { amountCents: 100, lines: [{ productId: product.id, quantity: 1 }], reason: 'Both' }, { amountCents: -5, reason: 'x' }]) {
      expect((await requestRefund(shop.base, manager, placed.id, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect(await runSql(shop.db, `SELECT id FROM refunds WHERE order_id IN (${q(unpaid.id)}, ${q(placed.id)})`)).toEqual([]);
    const [row] = await runSql<{ refunded_cents: number }>(shop.db, `SELECT refunded_cents FROM orders WHERE id = ${q(placed.id)}`);
    expect(Number(row!.refunded_cents)).toBe(0);
  });

  it('never returns more than was paid when staff refund at once: of 6 refunds of 40 % each, two go through', async () => {
    const placed = await paidOrder([{ productId: product.id, quantity: 1 }]);
    const part = Math.floor(placed.totalCents * 0.4);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => requestRefund(shop.base, i % 2 ? superAdmin : manager, placed.id, { amountCents: part, reason: `Race ${i}` })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    const [row] = await runSql<{ refunded_cents: number }>(shop.db, `SELECT refunded_cents FROM orders WHERE id = ${q(placed.id)}`);
    expect(Number(row!.refunded_cents)).toBe(2 * part);
  });

  it('gives every refund of the shop its own credit-note number, in sequence with no gap', async () => {
    const rows = await runSql<{ credit_note_number: number }>(shop.db, 'SELECT credit_note_number FROM refunds ORDER BY credit_note_number');
    const numbers = rows.map((r) => Number(r.credit_note_number));
    expect(numbers.length).toBeGreaterThan(3);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });
});

describe('cancelling', () => {
  it('cancels a paid order by refunding what it kept (credit note, payment refunded); an unpaid one refunds nothing', async () => {
    const placed = await paidOrder([{ productId: product.id, quantity: 1 }]);
    const response = await call(shop.base, `/api/admin/orders/${placed.id}/status`, { body: { status: 'cancelled', notes: 'Customer changed their mind' }, cookie: manager });
    expect(response.status).toBe(200);
    const order = adminOrderSchema.parse(await response.json());
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(order.creditNotes).toHaveLength(1);
    expect(order.creditNotes[0]).toMatchObject({ amountCents: placed.totalCents, reason: 'Order cancelled', status: 'to_return' });
    const [mail] = await runSql<{ text: string }>(shop.db, `SELECT text FROM outbox WHERE to_address = ${q(placed.email)} AND kind = 'order-cancelled'`);
    expect(mail!.text).toContain('What you paid is being refunded');

    const unpaid = await placeTransferOrder(shop.base, [{ productId: product.id, quantity: 1 }]);
    await approveOk(shop.base, manager, unpaid.id);
    const cancelled = adminOrderSchema.parse(await (await call(shop.base, `/api/admin/orders/${unpaid.id}/status`, { body: { status: 'cancelled' }, cookie: manager })).json());
    expect(cancelled).toMatchObject({ status: 'cancelled', paymentStatus: 'declined', creditNotes: [] });
    const [unpaidMail] = await runSql<{ text: string }>(shop.db, `SELECT text FROM outbox WHERE to_address = ${q(unpaid.email)} AND kind = 'order-cancelled'`);
    expect(unpaidMail!.text).toContain('You have not been charged');
  });

  it('declines a part-paid pending order by refunding the part paid', async () => {
    const placed = await placeTransferOrder(shop.base, [{ productId: product.id, quantity: 1 }]);
    await recordPaymentOk(shop.base, manager, placed.id, 700);
    const order = adminOrderSchema.parse(await (await call(shop.base, `/api/admin/orders/${placed.id}/decline`, { body: { reason: 'Out of stock' }, cookie: manager })).json());
    expect(order).toMatchObject({ status: 'declined', paymentStatus: 'refunded' });
    expect(order.payment).toMatchObject({ capturedCents: 700, refundedCents: 700, outstandingCents: 0 });
    expect(order.creditNotes.map((c) => c.amountCents)).toEqual([700]);
  });
});

describe('credit notes', () => {
  it('draws a credit note with its number, the invoice it corrects, the lines with VAT, the total and the reason', async () => {
    const placed = await paidOrder([{ productId: product.id, quantity: 2 }]);
    const { creditNote, order } = await refundOk(placed.id, { lines: [{ productId: product.id, quantity: 1, restock: true }], reason: 'Wrong colour' });
    const { pageCount, text } = await pdfText(await getPdf(shop.base, creditNote.url, manager));
    expect(pageCount).toBe(1);
    const unit = Math.round(product.price * 100);
    const vat = Math.round(unit * 0.2);
    const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    for (const expected of ['CREDIT NOTE', creditNote.number, `Corrects invoice ${order.invoice!.number}`, product.name, 'Reason: Wrong colour', '20%', usd(vat), usd(unit), 'Total credited', usd(unit + vat), 'VAT number: GB 123 4567 89', placed.orderNumber]) {
      expect(text).toContain(expected);
    }
    // By number alone too; an unknown number is 404.
    await getPdf(shop.base, `/api/admin/orders/${placed.id}/credit-notes/${noteNumber(creditNote.number)}.pdf`, manager);
    expect((await call(shop.base, `/api/admin/orders/${placed.id}/credit-notes/CN-999999.pdf`, { cookie: manager })).status).toBe(404);
  });

  it('lets the customer download their credit note with the order look-up rule of invoice.pdf; anyone else gets 404', async () => {
    const placed = await paidOrder([{ productId: product.id, quantity: 1 }]);
    const { creditNote } = await refundOk(placed.id, { amountCents: 300, reason: 'Late delivery' });
    const path = `/api/orders/${placed.orderNumber}/credit-notes/${creditNote.number}.pdf`;
    const { text } = await pdfText(await getPdf(shop.base, `${path}?email=${encodeURIComponent(placed.email)}`));
    for (const expected of ['CREDIT NOTE', creditNote.number, placed.orderNumber, 'Reason: Late delivery']) expect(text).toContain(expected);
    // The order look-up lists it with that download link.
    const lookedUp = orderSchema.parse(await (await call(shop.base, `/api/orders/${placed.orderNumber}?email=${encodeURIComponent(placed.email)}`)).json());
    expect(lookedUp.creditNotes).toEqual([{ number: creditNote.number, amountCents: 300, url: path }]);
    // Its number alone works too, and the e-mail is compared as the look-up compares it.
    const byNumber = await call(shop.base, `/api/orders/${placed.orderNumber}/credit-notes/${noteNumber(creditNote.number)}.pdf?email=${encodeURIComponent(placed.email.toUpperCase())}`);
    expect(byNumber.status).toBe(200);
    expect(byNumber.headers.get('cache-control')).toBe('private, no-store');
    await byNumber.arrayBuffer();
    for (const refused of [path, `${path}?email=someone.else%40example.com`, `/api/orders/${placed.orderNumber}/credit-notes/CN-999999.pdf?email=${encodeURIComponent(placed.email)}`, `/api/orders/ORD-00000000/credit-notes/${creditNote.number}.pdf?email=${encodeURIComponent(placed.email)}`]) {
      const response = await call(shop.base, refused);
      expect(response.status, refused).toBe(404);
      await response.arrayBuffer();
    }
  });
});
