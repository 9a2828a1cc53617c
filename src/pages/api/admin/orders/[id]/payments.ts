import type { APIRoute } from 'astro';
import { recordPaymentSchema } from '../../../../../lib/schemas/payments';
import { readJsonBody } from '../../../../../server/http/body';
import { jsonResponse } from '../../../../../server/http/errors';
import { getAdminOrder } from '../../../../../server/orders/order-workflow.service';
import { recordBankTransfer } from '../../../../../server/payments/payments.service';
import { getConfig, getDatabase } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';
import { actorOf } from '../../../../../server/staff/staff.service';

export const prerender = false;

/**
 * Records a bank transfer received, `{ amountCents, receivedAt, reference }`: 201 AdminOrder; 409
 * over-payment (naming what is owed), a card order, a closed or fully paid order; 422 bad fields.
 */
export const POST: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_orders');
  const input = await readJsonBody(request, recordPaymentSchema);
  const { db } = await getDatabase();
  const id = String(params.id ?? '');
  await recordBankTransfer(db, id, input, actorOf(principal), { config: getConfig() });
  return jsonResponse(await getAdminOrder(db, id), 201);
};
