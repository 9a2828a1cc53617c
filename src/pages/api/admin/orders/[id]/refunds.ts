import type { APIRoute } from 'astro';
import { refundInputSchema } from '../../../../../lib/schemas/payments';
import { readJsonBody } from '../../../../../server/http/body';
import { jsonResponse } from '../../../../../server/http/errors';
import { getAdminOrder } from '../../../../../server/orders/order-workflow.service';
import { refundOrder } from '../../../../../server/payments/payments.service';
import { getConfig, getDatabase, pokeOutbox } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';
import { actorOf } from '../../../../../server/staff/staff.service';

export const prerender = false;

/**
 * Refunds `{ amountCents? , lines?: [{ productId, quantity, restock }], reason }`: 201 `{ creditNote,
 * order }`; 409 nothing paid or more than is left to refund; 422 bad fields or lines; 502 the
 * provider refused (nothing recorded but the failure).
 */
export const POST: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_orders');
  const input = await readJsonBody(request, refundInputSchema);
  const { db } = await getDatabase();
  const id = String(params.id ?? '');
  const config = getConfig();
  const creditNote = await refundOrder(db, id, input, actorOf(principal), { config, siteUrl: config.SITE_URL });
  pokeOutbox();
  return jsonResponse({ creditNote, order: await getAdminOrder(db, id) }, 201);
};
