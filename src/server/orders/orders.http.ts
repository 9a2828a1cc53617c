import type { Kysely } from 'kysely';
import { ORDER_MESSAGES, normalizeOrderNumber } from '../../lib/schemas/order';
import { readSessionToken } from '../auth/auth.http';
import { findSignedInCustomer } from '../customers/customers.service';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { currentClientAddress } from '../http/request-context';
import type { OrderRow } from './orders.repository';
import { findOrderRowForViewer } from './orders.service';

/** Who asks for an order in a request: its signed-in customer, or whoever gives its e-mail (?email=). */
export interface OrderViewerRequest {
  orderNumber: string;
  viewer: { customerId?: string; email?: string };
  facts: { address?: string };
}

/**
 * Reads the order number (404 when it is not one), the session's customer and the ?email= of a
 * customer-facing order route (the order, its invoice, its credit notes): one rule for all of them.
 */
export async function readOrderViewer(db: Kysely<Database>, rawOrderNumber: string | undefined, request: Request, url: URL): Promise<OrderViewerRequest> {
  const orderNumber = normalizeOrderNumber(rawOrderNumber ?? '');
  if (!orderNumber) throw new ApiError(404, 'order_not_found', ORDER_MESSAGES.orderNotFound);
  const customer = await findSignedInCustomer(db, readSessionToken(request));
  const email = url.searchParams.get('email')?.slice(0, 320) || undefined;
  return { orderNumber, viewer: { customerId: customer?.id, email }, facts: { address: currentClientAddress() } };
}

/** The order row a customer-facing document route may show (readOrderViewer's rule, findOrderRowForViewer's limit); 404 otherwise. */
export async function findOrderRowForRequest(db: Kysely<Database>, rawOrderNumber: string | undefined, request: Request, url: URL): Promise<OrderRow> {
  const { orderNumber, viewer, facts } = await readOrderViewer(db, rawOrderNumber, request, url);
  return findOrderRowForViewer(db, orderNumber, viewer, facts);
}
