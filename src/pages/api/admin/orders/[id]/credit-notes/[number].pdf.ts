import type { APIRoute } from 'astro';
import { PAYMENT_MESSAGES, parseCreditNoteNumber } from '../../../../../../lib/schemas/payments';
import { readSiteFacts } from '../../../../../../server/catalog/spec-sheet.service';
import { resolveDir } from '../../../../../../server/config';
import { notFound } from '../../../../../../server/http/errors';
import { documentResponse } from '../../../../../../server/payments/documents.http';
import { drawCreditNote } from '../../../../../../server/payments/invoices.service';
import { getConfig, getDatabase } from '../../../../../../server/runtime';
import { requireStaff } from '../../../../../../server/staff/staff.http';

export const prerender = false;

/** One credit note of the order (PDF; number 'CN-000001' or 1) for staff with manage_orders; 404 when the order has no such note. */
export const GET: APIRoute = async ({ request, url, params }) => {
  await requireStaff(request, url, 'manage_orders');
  const number = parseCreditNoteNumber(String(params.number ?? ''));
  if (number === null) throw notFound(PAYMENT_MESSAGES.creditNoteNotFound);
  const { db } = await getDatabase();
  const config = getConfig();
  return documentResponse(await drawCreditNote(db, String(params.id ?? ''), number, readSiteFacts(resolveDir(config.CONTENT_DIR)), config));
};
