import type { APIRoute } from 'astro';
import { readSiteFacts } from '../../../../../server/catalog/spec-sheet.service';
import { resolveDir } from '../../../../../server/config';
import { documentResponse } from '../../../../../server/payments/documents.http';
import { drawInvoiceForStaff } from '../../../../../server/payments/invoices.service';
import { getConfig, getDatabase } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';

export const prerender = false;

/** The order's VAT invoice (PDF) for staff with manage_orders; 404 for no order or before it is issued. */
export const GET: APIRoute = async ({ request, url, params }) => {
  await requireStaff(request, url, 'manage_orders');
  const { db } = await getDatabase();
  const config = getConfig();
  return documentResponse(await drawInvoiceForStaff(db, String(params.id ?? ''), readSiteFacts(resolveDir(config.CONTENT_DIR)), config));
};
