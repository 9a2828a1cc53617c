import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderSchema } from '../../src/lib/schemas/admin';
import { overviewSchema } from '../../src/lib/schemas/analytics';
import { orderSchema } from '../../src/lib/schemas/order';
import { PAYMENT_MESSAGES, paymentMethodsSchema, paymentsAttentionSchema } from '../../src/lib/schemas/payments';
import { auditOf, call, DEMO, staffSignIn, startShop, type Shop } from './helpers/admin';
import { errorOf } from './helpers/http';
import { fetchProducts, q, setStock } from './helpers/orders';
import { approveOk, placeTransferOrder, recordPayment, recordPaymentOk } from './helpers/payments';
import { runSql } from './helpers/sql';

/**
 * Bank transfer, the default payment (issue 23): the shop's bank details with the order number as
 * reference, staff recording what arrives (part payments add up, over-payment refused), the payment
 * status following the money, approval before payment (allowed, or refused with
 * APPROVAL_REQUIRES_PAYMENT), the invoice issued on payment (INVOICE_ISSUED_ON=payment), and
 * overdue transfers in the overview's alerts and the payments needing attention.
 */

let shop: Shop;
let strict: Shop;
let manager: string;
let strictManager: string;
let productId: string;

beforeAll(async () => {
  [shop, strict] = await Promise.all([
    startShop({ BANK_TRANSFER_DUE_DAYS: '3' }),
    startShop({ APPROVAL_REQUIRES_PAYMENT: 'true', INVOICE_ISSUED_ON: 'payment', SHOP_BANK_SORT_CODE: '40-11-62', SHOP_BANK_ACCOUNT_NUMBER: '21436587' }),
  ]);
  manager = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
  strictManager = await staffSignIn(strict.base, DEMO.orderManager.email, DEMO.orderManager.password);
  productId = (await fetchProducts(shop.base)).find((p) => !p.requestQuoteOnly && p.inStock)!.id;
  await setStock(shop.db, productId, 10_000);
  await setStock(strict.db, productId, 10_000);
});

afterAll(async () => {
  await Promise.all([shop?.server.stop(), strict?.server.stop()]);
});

/** GET /api/admin/orders/:id. */
async function staffView(base: string, cookie: string, id: string) {
  const response = await call(base, `/api/admin/orders/${id}`, { cookie });
  expect(response.status).toBe(200);
  return adminOrderSchema.parse(await response.json());
}

describe('the checkout side', () => {
  it('offers bank transfer only (no card provider configured), with the bank details of the settings', async () => {
    const methods = paymentMethodsSchema.parse(await (await call(strict.base, '/api/payments/methods')).json());
    expect(methods.methods).toEqual(['bank_transfer']);
    expect(methods.bankDetails).toMatchObject({ sortCode: '40-11-62', accountNumber: '21436587', accountName: 'Graphene Coatings Ltd' });
  });

  it('places a bank-transfer order: nothing paid, the whole total outstanding, the order number as reference, the bank details e-mailed', async () => {
    const placed = await placeTransferOrder(strict.base, [{ productId, quantity: 2 }]);
    const response = await call(strict.base, `/api/orders/${placed.orderNumber}?email=${encodeURIComponent(placed.email)}`);
    const order = orderSchema.parse(await response.json());
    expect(order.payment).toEqual({
      method: 'bank_transfer',
      status: 'pending',
      authorisedCents: 0,
      capturedCents: 0,
      refundedCents: 0,
      outstandingCents: placed.totalCents,
      reference: placed.orderNumber,
    });
    expect(order.paymentMethod).toBeNull();
    expect(order.invoice).toBeNull();
    const [mail] = await runSql<{ text: string }>(strict.db, `SELECT text FROM outbox WHERE to_address = ${q(placed.email)} AND kind = 'order-received'`);
    expect(mail!.text).toContain('Sort code: 40-11-62  Account number: 21436587');
    expect(mail!.text).toContain(`Reference: ${placed.orderNumber}`);
  });
});

describe('recording transfers', () => {
  it('adds up a transfer received in two parts: pending with the rest outstanding, then approved (paid) with nothing outstanding; each part in the timeline and the audit log', async () => {
    const placed = await placeTransferOrder(shop.base, [{ productId, quantity: 3 }]);
    const first = Math.floor(placed.totalCents / 3);
    const afterFirst = await recordPaymentOk(shop.base, manager, placed.id, first, 'FIRST PART');
    expect(afterFirst.paymentStatus).toBe('pending');
    expect(afterFirst.payment).toMatchObject({ capturedCents: first, outstandingCents: placed.totalCents - first, status: 'pending' });
    const afterSecond = await recordPaymentOk(shop.base, manager, placed.id, placed.totalCents - first, 'SECOND PART');
    expect(afterSecond.paymentStatus).toBe('approved');
    expect(afterSecond.payment).toMatchObject({ capturedCents: placed.totalCents, outstandingCents: 0, refundedCents: 0, status: 'approved' });
    // The order itself still waits for staff: paying does not approve it.
    expect(afterSecond.status).toBe('pending');

    const payments = afterSecond.history.filter((h) => h.action === 'payment');
    expect(payments).toHaveLength(2);
    expect(payments[0]!.note).toContain('reference FIRST PART');
    expect(payments[0]!.note).toContain('Still owed');
    expect(payments[1]!.note).toContain('Paid in full');
    const audit = (await auditOf(shop.db, placed.id)).filter((a) => a.action === 'order.payment');
    expect(audit.map((a) => (a.after as { capturedCents: number }).capturedCents)).toEqual([first, placed.totalCents]);
    expect(audit[0]).toMatchObject({ actor_name: DEMO.orderManager.name, after: { amountCents: first, reference: 'FIRST PART', receivedAt: '2026-11-28T12:00:00.000Z' } });

    // The customer sees the payments in the timeline, signed by the shop.
    const seen = orderSchema.parse(await (await call(shop.base, `/api/orders/${placed.orderNumber}?email=${encodeURIComponent(placed.email)}`)).json());
    expect(seen.history?.filter((h) => h.action === 'payment').map((h) => h.by)).toEqual(['Graphene Coatings', 'Graphene Coatings']);
    expect(seen.paymentStatus).toBe('approved');
  });

  it('refuses an over-payment with what is still owed, and a payment on a fully paid order, changing nothing', async () => {
    const placed = await placeTransferOrder(shop.base, [{ productId, quantity: 1 }]);
    await recordPaymentOk(shop.base, manager, placed.id, 100);
    const over = await recordPayment(shop.base, manager, placed.id, { amountCents: placed.totalCents, receivedAt: '2026-11-28' });
    expect(over.status).toBe(409);
    const owed = placed.totalCents - 100;
    const body = (await over.json()) as { outstandingCents: number };
    expect(body.outstandingCents).toBe(owed);
    expect(errorOf(body).message).toBe(`${PAYMENT_MESSAGES.overpayment} $${(owed / 100).toFixed(2)}.`);
    expect((await staffView(shop.base, manager, placed.id)).payment.capturedCents).toBe(100);

    await recordPaymentOk(shop.base, manager, placed.id, owed);
    const again = await recordPayment(shop.base, manager, placed.id, { amountCents: 1, receivedAt: '2026-11-28' });
    expect(again.status).toBe(409);
    expect(errorOf(await again.json()).message).toBe(PAYMENT_MESSAGES.alreadyPaid);
  });

  it('refuses bad fields (422), a declined order (409) and an unknown order (404)', async () => {
    const placed = await placeTransferOrder(shop.base, [{ productId, quantity: 1 }]);
    for (const body of [{ amountCents: 0, receivedAt: '2026-11-28' }, { amountCents: 1.5, receivedAt: '2026-11-28' }, { amountCents: 100, receivedAt: 'yesterday' }, { amountCents: 100, receivedAt: '2999-01-01' }]) {
      const response = await recordPayment(shop.base, manager, placed.id, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    const declined = await call(shop.base, `/api/admin/orders/${placed.id}/decline`, { body: { reason: 'Test' }, cookie: manager });
    expect(declined.status).toBe(200);
    const closed = await recordPayment(shop.base, manager, placed.id, { amountCents: 100, receivedAt: '2026-11-28' });
    expect(closed.status).toBe(409);
    expect(errorOf(await closed.json()).message).toBe(PAYMENT_MESSAGES.orderClosed);
    expect((await recordPayment(shop.base, manager, 'no-such-order', { amountCents: 100, receivedAt: '2026-11-28' })).status).toBe(404);
  });

  it('lets two staff recording the last part at once record it once: the other is refused as an over-payment', async () => {
    const placed = await placeTransferOrder(shop.base, [{ productId, quantity: 1 }]);
    const superAdmin = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
    const responses = await Promise.all([manager, superAdmin, manager, superAdmin].map((cookie) => recordPayment(shop.base, cookie, placed.id, { amountCents: placed.totalCents, receivedAt: '2026-11-28' })));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect((await staffView(shop.base, manager, placed.id)).payment.capturedCents).toBe(placed.totalCents);
  });
});

describe('approval and payment', () => {
  it('approves an unpaid bank-transfer order by default: approved, payment pending, invoice issued, the e-mail asks for the transfer and links the invoice', async () => {
    const placed = await placeTransferOrder(shop.base, [{ productId, quantity: 1 }]);
    const order = await approveOk(shop.base, manager, placed.id);
    expect(order).toMatchObject({ status: 'approved', paymentStatus: 'pending' });
    expect(order.payment.outstandingCents).toBe(placed.totalCents);
    expect(order.invoice?.url).toBe(`/api/admin/orders/${placed.id}/invoice.pdf`);
    const [mail] = await runSql<{ text: string }>(shop.db, `SELECT text FROM outbox WHERE to_address = ${q(placed.email)} AND kind = 'order-approved'`);
    expect(mail!.text).toContain('as soon as your bank transfer arrives');
    expect(mail!.text).toContain(`Reference: ${placed.orderNumber}`);
    expect(mail!.text).toContain(`/api/orders/${placed.orderNumber}/invoice.pdf?email=`);
    expect(mail!.text).not.toContain('payment is confirmed');
  });

  it('with APPROVAL_REQUIRES_PAYMENT refuses to approve before payment (409 naming what is owed, nothing changed), then approves once paid', async () => {
    const placed = await placeTransferOrder(strict.base, [{ productId, quantity: 1 }]);
    await recordPaymentOk(strict.base, strictManager, placed.id, 50);
    const refused = await call(strict.base, `/api/admin/orders/${placed.id}/approve`, { method: 'POST', cookie: strictManager });
    expect(refused.status).toBe(409);
    const owed = placed.totalCents - 50;
    expect(errorOf(await refused.json()).message).toBe(`${PAYMENT_MESSAGES.approvalNeedsPayment} $${(owed / 100).toFixed(2)}.`);
    const before = await staffView(strict.base, strictManager, placed.id);
    expect(before.status).toBe('pending');
    expect(before.history.map((h) => h.action)).not.toContain('approved');

    // INVOICE_ISSUED_ON=payment: the invoice comes with the last part, before approval.
    expect(before.invoice).toBeNull();
    const paid = await recordPaymentOk(strict.base, strictManager, placed.id, owed);
    expect(paid.invoice?.number).toMatch(/^INV-\d{6}$/);
    const order = await approveOk(strict.base, strictManager, placed.id);
    expect(order).toMatchObject({ status: 'approved', paymentStatus: 'approved', invoice: paid.invoice });
    const [mail] = await runSql<{ text: string }>(strict.db, `SELECT text FROM outbox WHERE to_address = ${q(placed.email)} AND kind = 'order-approved'`);
    expect(mail!.text).toContain('Your payment is confirmed');
  });
});

describe('overdue transfers', () => {
  it('shows orders unpaid past BANK_TRANSFER_DUE_DAYS in the overview alerts and the payments needing attention; paid or declined ones leave them', async () => {
    const late = await placeTransferOrder(shop.base, [{ productId, quantity: 1 }]);
    const latePaid = await placeTransferOrder(shop.base, [{ productId, quantity: 1 }]);
    const recent = await placeTransferOrder(shop.base, [{ productId, quantity: 1 }]);
    const fourDaysAgo = new Date(Date.now() - 4 * 86_400_000).toISOString();
    await runSql(shop.db, `UPDATE orders SET created_at = ${q(fourDaysAgo)} WHERE id IN (${q(late.id)}, ${q(latePaid.id)})`);
    await recordPaymentOk(shop.base, manager, latePaid.id, latePaid.totalCents);

    const attention = paymentsAttentionSchema.parse(await (await call(shop.base, '/api/admin/payments/attention', { cookie: manager })).json());
    const overdueNumbers = attention.overdueTransfers.items.map((i) => i.orderNumber);
    expect(attention.overdueTransfers.days).toBe(3);
    expect(overdueNumbers).toContain(late.orderNumber);
    expect(overdueNumbers).not.toContain(latePaid.orderNumber);
    expect(overdueNumbers).not.toContain(recent.orderNumber);
    expect(attention.overdueTransfers.items.find((i) => i.orderNumber === late.orderNumber)).toMatchObject({ outstandingCents: late.totalCents, totalCents: late.totalCents });

    const superAdmin = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
    const overview = overviewSchema.parse(await (await call(shop.base, '/api/admin/stats/overview', { cookie: superAdmin })).json());
    const alert = overview.alerts.find((a) => a.kind === 'overdue_transfers');
    expect(alert?.items.map((i) => i.label)).toContain(late.orderNumber);
    expect(alert?.count).toBe(attention.overdueTransfers.count);
    // The alert leads to the back office's list of payments needing attention.
    expect(alert?.link).toEqual({ view: 'payments' });

    expect((await call(shop.base, `/api/admin/orders/${late.id}/decline`, { body: { reason: 'Never paid' }, cookie: manager })).status).toBe(200);
    const after = paymentsAttentionSchema.parse(await (await call(shop.base, '/api/admin/payments/attention', { cookie: manager })).json());
    expect(after.overdueTransfers.items.map((i) => i.orderNumber)).not.toContain(late.orderNumber);
  });
});
