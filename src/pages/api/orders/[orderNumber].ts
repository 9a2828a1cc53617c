import type { APIRoute } from 'astro';
import { jsonResponse } from '../../../server/http/errors';
import { readOrderViewer } from '../../../server/orders/orders.http';
import { findOrderForViewer } from '../../../server/orders/orders.service';
import { getDatabase } from '../../../server/runtime';

export const prerender = false;

/** One order for the signed-in customer who placed it or for whoever gives its e-mail (?email=); 404 otherwise, 429 past the look-up limit. */
export const GET: APIRoute = async ({ params, url, request }) => {
  const { db } = await getDatabase();
  const { orderNumber, viewer, facts } = await readOrderViewer(db, params.orderNumber, request, url);
  return jsonResponse(await findOrderForViewer(db, orderNumber, viewer, facts));
};
