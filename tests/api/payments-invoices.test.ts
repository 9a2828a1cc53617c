import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderSchema } from '../../src/lib/schemas/admin';
import { orderSchema } from '../../src/lib/schemas/order';
import { PAYMENT_MESSAGES } from '../../src/lib/schemas/payments';
import { call, createStaffMember, DEMO, registerCustomer, staffSignIn, startShop, type Shop } from './helpers/admin';
import { errorOf } from './helpers/http';
import { fetchProducts, setStock, type CatalogProduct } from './helpers/orders';
import { approveOk, getPdf, pdfText, placeTransferOrder, recordPaymentOk } from './helpers/payments';
import { runSql } from './helpers/sql';

/**
 * VAT invoices (issue 23): issued when staff approve, numbered from one counter that hands out each
 * number once and leaves no gap even with many staff approving at once; the PDF carries the seller
 * (legal name, address, VAT number), the buyer, each line with quantity, unit price, VAT rate and
 * VAT, shipping, totals and the payment (bank details and reference for a transfer); its customer
 * downloads it (signed in, or with the order's e-mail as in the guest look-up), nobody else.
 */

let shop: Shop;
let manager: string;
let products: CatalogProduct[];

beforeAll(async () => {
  shop = await startShop();
  manager = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
  products = (await fetchProducts(shop.base)).filter((p) => !p.requestQuoteOnly && p.inStock).slice(0, 3);
  for (const p of products) await setStock(shop.db, p.id, 100_000);
});

afterAll(async () => {
  await shop?.server.stop();
});

const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('the invoice', () => {
  it('is issued on approval and carries the seller, the buyer, each line with VAT, shipping, totals and how to pay', async () => {
    const [a, b] = products;
    const placed = await placeTransferOrder(shop.base, [{ productId: a!.id, quantity: 2 }, { productId: b!.id, quantity: 1 }]);
    const before = await call(shop.base, `/api/orders/${placed.orderNumber}/invoice.pdf?email=${encodeURIComponent(placed.email)}`);
    expect(before.status).toBe(404);
    expect(errorOf(await before.json()).message).toBe(PAYMENT_MESSAGES.invoiceNotIssued);

    const approved = await approveOk(shop.base, manager, placed.id);
    const number = approved.invoice!.number;
    expect(approved.history.find((h) => h.action === 'invoice')?.note).toBe(`Invoice ${number} issued`);
    const customerView = orderSchema.parse(await (await call(shop.base, `/api/orders/${placed.orderNumber}?email=${encodeURIComponent(placed.email)}`)).json());
    expect(customerView.invoice).toEqual({ number, url: `/api/orders/${placed.orderNumber}/invoice.pdf` });

    const { pageCount, text } = await pdfText(await getPdf(shop.base, `${customerView.invoice!.url}?email=${encodeURIComponent(placed.email)}`));
    expect(pageCount).toBe(1);
    const netA = Math.round(a!.price * 100) * 2;
    const netB = Math.round(b!.price * 100);
    const order = approved;
    const expected = [
      'VAT INVOICE',
      number,
      'Graphene Coatings, Inc.',
      '2300 Irving Boulevard, Suite 140',
      'VAT number: GB 123 4567 89',
      'Priya Payne',
      placed.email,
      '221B Baker Street',
      placed.orderNumber,
      a!.name,
      b!.name,
      usd(Math.round(a!.price * 100)),
      usd(netA),
      usd(netB),
      '20%',
      'Subtotal (net)',
      usd(Math.round(order.subtotal * 100)),
      'Shipping (no VAT)',
      usd(Math.round(order.tax * 100)),
      usd(Math.round(order.total * 100)),
      'Bank transfer',
      'sort code 20-00-00, account number 55779911',
      `Reference: ${placed.orderNumber}`,
      `Amount due: ${usd(placed.totalCents)}`,
    ];
    for (const piece of expected) expect(text, piece).toContain(piece);
  });

  it('shows the order as paid once the transfer is in; staff download it too', async () => {
    const placed = await placeTransferOrder(shop.base, [{ productId: products[2]!.id, quantity: 1 }]);
    await recordPaymentOk(shop.base, manager, placed.id, placed.totalCents);
    const approved = await approveOk(shop.base, manager, placed.id);
    const { text } = await pdfText(await getPdf(shop.base, approved.invoice!.url, manager));
    expect(text).toContain(`Paid: ${usd(placed.totalCents)}`);
    expect(text).not.toContain('Amount due');
  });
});

describe('who may download an invoice', () => {
  it('its signed-in customer and whoever gives its e-mail; never another customer, a wrong e-mail or nobody (404 as for the look-up)', async () => {
    const owner = await registerCustomer(shop.base);
    const stranger = await registerCustomer(shop.base);
    const placed = await placeTransferOrder(shop.base, [{ productId: products[0]!.id, quantity: 1 }], { email: owner.email, cookie: owner.cookie });
    await approveOk(shop.base, manager, placed.id);
    const path = `/api/orders/${placed.orderNumber}/invoice.pdf`;
    await getPdf(shop.base, path, owner.cookie);
    await getPdf(shop.base, `${path}?email=${encodeURIComponent(owner.email.toUpperCase())}`);
    for (const [who, url, cookie] of [
      ['another customer', path, stranger.cookie],
      ['another customer giving their own e-mail', `${path}?email=${encodeURIComponent(stranger.email)}`, stranger.cookie],
      ['a wrong e-mail', `${path}?email=someone.else%40example.com`, undefined],
      ['nobody', path, undefined],
      ['a staff cookie on the customer route', path, manager],
    ] as const) {
      const response = await call(shop.base, url, { cookie });
      expect(response.status, who).toBe(404);
      expect(response.headers.get('content-type'), who).toContain('application/json');
    }
  });

  it('is refused to staff without manage_orders on the staff route (403)', async () => {
    const placed = await placeTransferOrder(shop.base, [{ productId: products[0]!.id, quantity: 1 }]);
    await approveOk(shop.base, manager, placed.id);
    const productManager = await staffSignIn(shop.base, DEMO.productManager.email, DEMO.productManager.password);
    expect((await call(shop.base, `/api/admin/orders/${placed.id}/invoice.pdf`, { cookie: productManager })).status).toBe(403);
  });
});

describe('invoice numbers', () => {
  it('gives 100 orders approved at once by several staff 100 distinct numbers with no gap, never reused', async () => {
    const superAdmin = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
    const extra = await createStaffMember(shop.base, superAdmin, 'order_manager', 'Second Manager');
    const third = await createStaffMember(shop.base, superAdmin, 'order_manager', 'Third Manager');
    const sessions = [manager, superAdmin, await staffSignIn(shop.base, extra.email, extra.password), await staffSignIn(shop.base, third.email, third.password)];
    const placed: { id: string }[] = [];
    for (let i = 0; i < 100; i += 1) placed.push(await placeTransferOrder(shop.base, [{ productId: products[i % 3]!.id, quantity: 1 }]));

    const [{ last }] = (await runSql<{ last: number }>(shop.db, "SELECT last_number AS last FROM document_counters WHERE name = 'invoice'")) as [{ last: number }];
    const approve = (id: string, i: number) => call(shop.base, `/api/admin/orders/${id}/approve`, { method: 'POST', cookie: sessions[i % sessions.length] });
    let statuses = await Promise.all(placed.map(async (p, i) => (await approve(p.id, i)).status));
    // A loaded machine may answer some with 503 and Retry-After (no database connection free in
    // time): those are asked again, as a client would. A 503 can come after the approval committed
    // (reading the order back found no connection), so its retry may answer 409 'already approved'.
    const retried = new Set<number>();
    for (let round = 0; round < 5 && statuses.includes(503); round += 1) {
      await new Promise((r) => setTimeout(r, 1000));
      statuses = await Promise.all(
        placed.map(async (p, i) => {
          if (statuses[i] !== 503) return statuses[i]!;
          retried.add(i);
          return (await approve(p.id, i)).status;
        }),
      );
    }
    expect(statuses.filter((s, i) => s !== 200 && !(s === 409 && retried.has(i)))).toEqual([]);
    const orders = await Promise.all(placed.map(async (p) => adminOrderSchema.parse(await (await call(shop.base, `/api/admin/orders/${p.id}`, { cookie: manager })).json())));
    expect(orders.every((o) => o.status === 'approved')).toBe(true);
    const numbers = orders.map((o) => Number(o.invoice!.number.slice(4))).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => Number(last) + 1 + i));

    // Across the shop: every issued number once, from 1 with no gap, and the counter at the last.
    const rows = await runSql<{ n: number }>(shop.db, 'SELECT invoice_number AS n FROM orders WHERE invoice_number IS NOT NULL ORDER BY invoice_number');
    const all = rows.map((r) => Number(r.n));
    expect(all).toEqual(all.map((_, i) => i + 1));
    const [counter] = await runSql<{ last: number }>(shop.db, "SELECT last_number AS last FROM document_counters WHERE name = 'invoice'");
    expect(Number(counter!.last)).toBe(all.length);

    // Approving again is refused and issues nothing.
    const again = await call(shop.base, `/api/admin/orders/${placed[0]!.id}/approve`, { method: 'POST', cookie: manager });
    expect(again.status).toBe(409);
    const [after] = await runSql<{ last: number }>(shop.db, "SELECT last_number AS last FROM document_counters WHERE name = 'invoice'");
    expect(Number(after!.last)).toBe(all.length);
  }, 180_000);
});
