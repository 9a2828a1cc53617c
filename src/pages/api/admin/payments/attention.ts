import type { APIRoute } from 'astro';
import { jsonResponse } from '../../../../server/http/errors';
import { loadPaymentsAttention } from '../../../../server/payments/payments.service';
import { getConfig, getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';

export const prerender = false;

/** Payments needing attention (manage_orders): overdue bank transfers, failed captures and refunds, card authorisations about to lapse. */
export const GET: APIRoute = async ({ request, url }) => {
  await requireStaff(request, url, 'manage_orders');
  const { db } = await getDatabase();
  return jsonResponse(await loadPaymentsAttention(db, getConfig()));
};
