import type { APIRoute } from 'astro';
import { tradeAccountInputSchema } from '../../../../../lib/schemas/trade';
import { readJsonBody } from '../../../../../server/http/body';
import { jsonResponse } from '../../../../../server/http/errors';
import { getDatabase } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';
import { actorOf } from '../../../../../server/staff/staff.service';
import { getTradeAccount, removeTradeAccount, saveTradeAccount } from '../../../../../server/trade/trade.service';

export const prerender = false;

/** A customer's trade account with its statement: `{ account }` (null when not trade); 404 for an unknown customer. */
export const GET: APIRoute = async ({ request, url, params }) => {
  await requireStaff(request, url, 'manage_users');
  const { db } = await getDatabase();
  return jsonResponse({ account: await getTradeAccount(db, String(params.id ?? '')) });
};

/** Marks a customer as trade or changes their account, replacing the price list: 200 `{ account }`; 404; 422. */
export const PUT: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_users');
  const input = await readJsonBody(request, tradeAccountInputSchema);
  const { db } = await getDatabase();
  return jsonResponse({ account: await saveTradeAccount(db, String(params.id ?? ''), input, actorOf(principal)) });
};

/** Ends a customer's trade account (they pay list prices from now on): 204; 404 when they have none. */
export const DELETE: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_users');
  const { db } = await getDatabase();
  await removeTradeAccount(db, String(params.id ?? ''), actorOf(principal));
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
};
