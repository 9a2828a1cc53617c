import { extractText } from 'unpdf';
import { expect } from 'vitest';
import { adminOrderSchema, type AdminOrder } from '../../../src/lib/schemas/admin';
import { call } from './admin';
import { orderBody, postOrder } from './orders';

/** The text of a PDF, read with pdf.js (unpdf): an independent reader of what the server drew. */
export async function pdfText(bytes: Uint8Array): Promise<{ pageCount: number; text: string }> {
  // A copy: pdf.js takes over (detaches) the buffer it is given.
  const { totalPages, text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return { pageCount: totalPages, text: text.replace(/\s+/g, ' ') };
}

/** Places a bank-transfer order (as the checkout sends it); returns its id, number, e-mail and total in cents. */
export async function placeTransferOrder(
  base: string,
  items: { productId: string; quantity: number }[],
  options: { email?: string; cookie?: string } = {},
): Promise<{ id: string; orderNumber: string; email: string; totalCents: number }> {
  const email = options.email ?? `payer.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const body = orderBody(items, { customer: { firstName: 'Priya', lastName: 'Payne', email, phone: '07700 900123' }, payment: { method: 'bank_transfer' } });
  const response = await postOrder(base, body, options.cookie);
  const json = (await response.json()) as { id: string; orderNumber: string; total: number };
  expect(response.status, JSON.stringify(json)).toBe(201);
  return { id: json.id, orderNumber: json.orderNumber, email, totalCents: Math.round(json.total * 100) };
}

/** POST /api/admin/orders/:id/payments. */
export function recordPayment(base: string, cookie: string, id: string, body: Record<string, unknown>): Promise<Response> {
  return call(base, `/api/admin/orders/${id}/payments`, { body, cookie });
}

/** A payment that must be recorded; returns the order as staff then see it. */
export async function recordPaymentOk(base: string, cookie: string, id: string, amountCents: number, reference = 'BANK-REF'): Promise<AdminOrder> {
  const response = await recordPayment(base, cookie, id, { amountCents, receivedAt: '2026-11-28', reference });
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(201);
  return adminOrderSchema.parse(json);
}

/** POST /api/admin/orders/:id/refunds. */
export function requestRefund(base: string, cookie: string, id: string, body: Record<string, unknown>): Promise<Response> {
  return call(base, `/api/admin/orders/${id}/refunds`, { body, cookie });
}

/** Approves an order (must succeed). */
export async function approveOk(base: string, cookie: string, id: string): Promise<AdminOrder> {
  const response = await call(base, `/api/admin/orders/${id}/approve`, { method: 'POST', cookie });
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(200);
  return adminOrderSchema.parse(json);
}

/** GETs a PDF (must be one); returns its bytes. */
export async function getPdf(base: string, path: string, cookie?: string): Promise<Uint8Array> {
  const response = await call(base, path, { cookie });
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(response.status, `${path}: ${new TextDecoder().decode(bytes.slice(0, 300))}`).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('cache-control')).toContain('no-store');
  return bytes;
}
