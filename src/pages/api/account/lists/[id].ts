import type { APIRoute } from 'astro';
import { listInputSchema } from '../../../../lib/schemas/lists';
import { isSecureContext, notSignedIn, readSessionToken } from '../../../../server/auth/auth.http';
import { findSignedInCustomer } from '../../../../server/customers/customers.service';
import { readJsonBody } from '../../../../server/http/body';
import { jsonResponse } from '../../../../server/http/errors';
import { deleteProjectList, replaceProjectList } from '../../../../server/lists/lists.service';
import { getConfig, getDatabase } from '../../../../server/runtime';

export const prerender = false;

/** Renames the list and replaces its items `{ name, items }`: 200 the list; 401; 404 not theirs; 422. */
export const PUT: APIRoute = async ({ request, url, params }) => {
  const { db } = await getDatabase();
  const user = await findSignedInCustomer(db, readSessionToken(request));
  if (!user) throw notSignedIn(isSecureContext(getConfig().SITE_URL, url));
  const input = await readJsonBody(request, listInputSchema);
  return jsonResponse(await replaceProjectList(db, user.id, String(params.id ?? ''), input));
};

/** Deletes the list: 204; 401; 404 not theirs. */
export const DELETE: APIRoute = async ({ request, url, params }) => {
  const { db } = await getDatabase();
  const user = await findSignedInCustomer(db, readSessionToken(request));
  if (!user) throw notSignedIn(isSecureContext(getConfig().SITE_URL, url));
  await deleteProjectList(db, user.id, String(params.id ?? ''));
  return new Response(null, { status: 204 });
};
