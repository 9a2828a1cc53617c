import type { APIRoute } from 'astro';
import { ORDER_MESSAGES, normalizeOrderNumber } from '../../../../lib/schemas/order';
import { readSessionToken } from '../../../../server/auth/auth.http';
import { readSiteFacts } from '../../../../server/catalog/spec-sheet.service';
import { resolveDir } from '../../../../server/config';
import { findSignedInCustomer } from '../../../../server/customers/customers.service';
import { ApiError } from '../../../../server/http/errors';
import { currentClientAddress } from '../../../../server/http/request-context';
import { findOrderRowForViewer } from '../../../../server/orders/orders.service';
import { documentResponse } from '../../../../server/payments/documents.http';
import { drawInvoiceOfRow } from '../../../../server/payments/invoices.service';
import { getConfig, getDatabase } from '../../../../server/runtime';

export const prerender = false;

/**
 * The order's VAT invoice (PDF) for the signed-in customer who placed it or whoever gives its
 * e-mail (?email=), the rule of GET /api/orders/:orderNumber; 404 otherwise or before it is issued.
 */
export const GET: APIRoute = async ({ params, url, request }) => {
  const orderNumber = normalizeOrderNumber(params.orderNumber ?? '');
  if (!orderNumber) throw new ApiError(404, 'order_not_found', ORDER_MESSAGES.orderNotFound);
  const { db } = await getDatabase();
  const customer = await findSignedInCustomer(db, readSessionToken(request));
  const email = url.searchParams.get('email')?.slice(0, 320) || undefined;
  const row = await findOrderRowForViewer(db, orderNumber, { customerId: customer?.id, email }, { address: currentClientAddress() });
  const config = getConfig();
  return documentResponse(await drawInvoiceOfRow(db, row, readSiteFacts(resolveDir(config.CONTENT_DIR)), config));
};
