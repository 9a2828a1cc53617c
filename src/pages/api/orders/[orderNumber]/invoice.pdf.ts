import type { APIRoute } from 'astro';
import { readSiteFacts } from '../../../../server/catalog/spec-sheet.service';
import { resolveDir } from '../../../../server/config';
import { findOrderRowForRequest } from '../../../../server/orders/orders.http';
import { documentResponse } from '../../../../server/payments/documents.http';
import { drawInvoiceOfRow } from '../../../../server/payments/invoices.service';
import { getConfig, getDatabase } from '../../../../server/runtime';

export const prerender = false;

/**
 * The order's VAT invoice (PDF) for the signed-in customer who placed it or whoever gives its
 * e-mail (?email=), the rule of GET /api/orders/:orderNumber; 404 otherwise or before it is issued.
 */
export const GET: APIRoute = async ({ params, url, request }) => {
  const { db } = await getDatabase();
  const row = await findOrderRowForRequest(db, params.orderNumber, request, url);
  const config = getConfig();
  return documentResponse(await drawInvoiceOfRow(db, row, readSiteFacts(resolveDir(config.CONTENT_DIR)), config));
};
