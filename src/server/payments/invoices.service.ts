/**
 * The documents of an order's money: its VAT invoice and the credit note of each refund, drawn on
 * request from what the order recorded (its lines are snapshots, so a document drawn again reads
 * the same), the seller's facts (content/site.json and SHOP_VAT_NUMBER) and the bank details.
 */
import { SHIPPING_METHOD_DETAILS, toShippingMethodId } from '../../lib/shipping-methods';
import { ACCOUNT_PROVIDER_ID } from '../trade/trade.repository';
import { dueDateOf, findAccountTerms } from '../trade/trade.service';
import { formatColourLabel } from '../../lib/paint/colour-label';
import { getColourSystem } from '../../lib/paint/colours';
import type { Kysely } from 'kysely';
import { formatIban } from '../../lib/iban';
import { VAT_RATE } from '../../lib/constants';
import { applyRate, formatMoney } from '../../lib/money';
import { ADMIN_MESSAGES } from '../../lib/schemas/admin';
import { formatCreditNoteNumber, formatInvoiceNumber, PAYMENT_MESSAGES } from '../../lib/schemas/payments';
import type { Site } from '../../lib/schemas/site';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { selectOrderById } from '../orders/order-admin.repository';
import { selectItemsOfOrders, type OrderItemRow, type OrderRow } from '../orders/orders.repository';
import { bankDetailsOf } from './bank-transfer.provider';
import { buildInvoicePdf, type DocumentLine, type InvoiceDocument } from './invoice-pdf';
import { outstandingCentsOf } from './payment-status';
import type { RefundedLine } from './payments.service';
import { selectRefundsOfOrder, type RefundRow } from './payments.repository';

/** A drawn document: its file name and bytes. */
export interface DrawnDocument {
  fileName: string;
  bytes: Uint8Array;
}

/**
 * Shares `totalVatCents` over lines in proportion to their net amounts, to the cent, so the lines'
 * VAT adds up to the order's VAT exactly (the order rounds VAT once, on the subtotal).
 */
export function allocateVat(nets: number[], totalVatCents: number): number[] {
  const raw = nets.map((n) => applyRate(n, VAT_RATE));
  const diff = totalVatCents - raw.reduce((a, b) => a + b, 0);
  if (diff !== 0 && raw.length > 0) {
    const largest = nets.indexOf(Math.max(...nets));
    raw[largest]! += diff;
  }
  return raw;
}

/** The seller block of every document. */
function sellerOf(site: Site, config: Config): InvoiceDocument['seller'] {
  const a = site.address;
  return {
    legalName: site.legalName,
    tradingName: site.name,
    address: [a.street, `${a.city}, ${a.region} ${a.postalCode}`, a.country],
    vatNumber: config.SHOP_VAT_NUMBER,
    email: site.email,
    phone: site.phone,
  };
}

/** The buyer block of an order. */
function buyerOf(row: OrderRow): InvoiceDocument['buyer'] {
  return { name: `${row.first_name} ${row.last_name}`, email: row.customer_email, address: [row.address, `${row.city} ${row.postal_code}`, row.country] };
}

/** How the order is paid, for the invoice: the method, and for a transfer the bank details, the reference and what is owed. */
function paymentOf(row: OrderRow, config: Config, termsDays?: number): InvoiceDocument['payment'] {
  const owed = outstandingCentsOf(row);
  const status = owed === 0 ? `Paid: ${formatMoney(Number(row.captured_cents))}` : `Paid so far: ${formatMoney(Number(row.captured_cents))}. Amount due: ${formatMoney(owed)}`;
  if (row.payment_method !== 'bank_transfer') return { method: 'Card', details: [status] };
  const bank = bankDetailsOf(config);
  return {
    method: termsDays === undefined ? 'Bank transfer' : 'On account, by bank transfer',
    details: [
      status,
      // Pay on account: due at the customer's terms from the order's date.
      ...(termsDays === undefined ? [] : [`Due by ${dueDateOf(row.created_at, termsDays)} (${termsDays} days)`]),
      `Pay to ${bank.accountName}, ${bank.bankName}: sort code ${bank.sortCode}, account number ${bank.accountNumber}`,
      ...(bank.iban ? [`IBAN ${formatIban(bank.iban)}${bank.bic ? `, BIC ${bank.bic}` : ''}`] : []),
      `Reference: ${row.payment_reference ?? row.order_number}`,
    ],
  };
}

/** The invoice lines of an order's items. */
function invoiceLines(items: OrderItemRow[], taxCents: number): DocumentLine[] {
  const nets = items.map((i) => i.unit_price_cents * i.quantity);
  const vats = allocateVat(nets, taxCents);
  return items.map((item, i) => ({
    description: item.product_name,
    sku: item.product_sku,
    ...(item.colour_code ? { colour: { label: `Tinted to ${formatColourLabel({ code: item.colour_code, name: item.colour_name ?? '' })}`, hex: getColourSystem(item.colour_system ?? '')?.lookup(item.colour_code)?.hex } } : {}),
    quantity: item.quantity,
    unitPriceCents: item.unit_price_cents,
    vatRate: VAT_RATE,
    vatCents: vats[i]!,
    netCents: nets[i]!,
  }));
}

/** The VAT invoice of an order row (which must have one). */
async function drawInvoice(db: Kysely<Database>, row: OrderRow, site: Site, config: Config): Promise<DrawnDocument> {
  if (row.invoice_number === null) throw notFound(PAYMENT_MESSAGES.invoiceNotIssued);
  const items = await selectItemsOfOrders(db, [row.id]);
  const number = formatInvoiceNumber(Number(row.invoice_number));
  const bytes = await buildInvoicePdf({
    kind: 'invoice',
    number,
    issuedAt: row.invoice_issued_at ?? row.updated_at,
    orderNumber: row.order_number,
    orderDate: row.created_at,
    delivery: SHIPPING_METHOD_DETAILS[toShippingMethodId(row.shipping_method)].label,
    seller: sellerOf(site, config),
    buyer: buyerOf(row),
    lines: invoiceLines(items, Number(row.tax_cents)),
    shippingCents: Number(row.shipping_cents),
    subtotalCents: Number(row.subtotal_cents),
    vatCents: Number(row.tax_cents),
    totalCents: Number(row.total_cents),
    payment: paymentOf(row, config, row.payment_provider === ACCOUNT_PROVIDER_ID ? (await findAccountTerms(db, row.customer_id ?? undefined))?.termsDays : undefined),
  });
  return { fileName: `${number}.pdf`, bytes };
}

/** The invoice of an order its viewer was allowed to see (orders.service findOrderRowForViewer); 404 before it is issued. */
export function drawInvoiceOfRow(db: Kysely<Database>, row: OrderRow, site: Site, config: Config): Promise<DrawnDocument> {
  return drawInvoice(db, row, site, config);
}

/** The invoice of an order by id (staff); 404 for no order or no invoice yet. */
export async function drawInvoiceForStaff(db: Kysely<Database>, orderId: string, site: Site, config: Config): Promise<DrawnDocument> {
  const row = await selectOrderById(db, orderId);
  if (!row) throw notFound(ADMIN_MESSAGES.orderNotFound);
  return drawInvoice(db, row, site, config);
}

/**
 * A credit note by order id and number (staff). A refund by line credits those lines (their VAT
 * at the order's rate); a refund of an amount credits it as one line, its VAT the part of the
 * amount the rate holds, as the amount is a gross figure.
 */
export async function drawCreditNote(db: Kysely<Database>, orderId: string, number: number, site: Site, config: Config): Promise<DrawnDocument> {
  const row = await selectOrderById(db, orderId);
  if (!row) throw notFound(ADMIN_MESSAGES.orderNotFound);
  const refund = (await selectRefundsOfOrder(db, orderId)).find((r: RefundRow) => Number(r.credit_note_number) === number);
  if (!refund) throw notFound(PAYMENT_MESSAGES.creditNoteNotFound);
  const amount = Number(refund.amount_cents);
  const refunded = JSON.parse(refund.lines_json) as RefundedLine[];
  let lines: DocumentLine[];
  let shipping = 0;
  if (refunded.length > 0) {
    const nets = refunded.map((l) => l.unitPriceCents * l.quantity);
    const vats = allocateVat(nets, amount - nets.reduce((a, b) => a + b, 0));
    lines = refunded.map((l, i) => ({ description: l.name, sku: l.sku, quantity: l.quantity, unitPriceCents: l.unitPriceCents, vatRate: VAT_RATE, vatCents: vats[i]!, netCents: nets[i]! }));
  } else {
    // The gross amount's VAT share, within what the order's goods carried; the rest counts as shipping (not taxed).
    const goodsGross = Number(row.subtotal_cents) + Number(row.tax_cents);
    const goodsPart = Math.min(amount, goodsGross);
    const vat = Math.round((goodsPart * VAT_RATE) / (1 + VAT_RATE));
    shipping = amount - goodsPart;
    lines = [{ description: `Refund of order ${row.order_number}`, sku: '-', quantity: 1, unitPriceCents: goodsPart - vat, vatRate: VAT_RATE, vatCents: vat, netCents: goodsPart - vat }];
  }
  const net = lines.reduce((a, l) => a + l.netCents, 0);
  const vat = lines.reduce((a, l) => a + l.vatCents, 0);
  const formatted = formatCreditNoteNumber(number);
  const bytes = await buildInvoicePdf({
    kind: 'credit_note',
    number: formatted,
    issuedAt: refund.created_at,
    orderNumber: row.order_number,
    orderDate: row.created_at,
    invoiceNumber: row.invoice_number === null ? undefined : formatInvoiceNumber(Number(row.invoice_number)),
    seller: sellerOf(site, config),
    buyer: buyerOf(row),
    lines,
    shippingCents: shipping,
    subtotalCents: net,
    vatCents: vat,
    totalCents: amount,
    payment: {
      method: row.payment_method === 'bank_transfer' ? 'Bank transfer' : 'Card',
      details: [refund.status === 'to_return' ? `${formatMoney(amount)} to be returned to the customer by bank transfer` : `${formatMoney(amount)} returned to the card`],
    },
    reason: refund.reason,
  });
  if (net + vat + shipping !== amount) throw new ApiError(500, 'internal', 'credit note totals do not add up');
  return { fileName: `${formatted}.pdf`, bytes };
}
