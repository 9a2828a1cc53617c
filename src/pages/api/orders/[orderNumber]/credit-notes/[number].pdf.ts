import type { APIRoute } from 'astro';
import { PAYMENT_MESSAGES, parseCreditNoteNumber } from '../../../../../lib/schemas/payments';
import { readSiteFacts } from '../../../../../server/catalog/spec-sheet.service';
import { resolveDir } from '../../../../../server/config';
import { notFound } from '../../../../../server/http/errors';
import { findOrderRowForRequest } from '../../../../../server/orders/orders.http';
import { documentResponse } from '../../../../../server/payments/documents.http';
import { drawCreditNote } from '../../../../../server/payments/invoices.service';
import { getConfig, getDatabase } from '../../../../../server/runtime';

export const prerender = false;

/**
 * One credit note of the order (PDF; 'CN-000001' or 1) for the signed-in customer who placed it or
 * whoever gives its e-mail (?email=), the rule of invoice.pdf; 404 otherwise or when the order has no such note.
 */
export const GET: APIRoute = async ({ params, url, request }) => {
  const { db } = await getDatabase();
  const row = await findOrderRowForRequest(db, params.orderNumber, request, url);
  const number = parseCreditNoteNumber(String(params.number ?? ''));
  if (number === null) throw notFound(PAYMENT_MESSAGES.creditNoteNotFound);
  const config = getConfig();
  return documentResponse(await drawCreditNote(db, row.id, number, readSiteFacts(resolveDir(config.CONTENT_DIR)), config));
};
