import type { APIRoute } from 'astro';
import { listInputSchema } from '../../../lib/schemas/lists';
import { isSecureContext, notSignedIn, readSessionToken } from '../../../server/auth/auth.http';
import { findSignedInCustomer } from '../../../server/customers/customers.service';
import { readJsonBody } from '../../../server/http/body';
import { jsonResponse } from '../../../server/http/errors';
import { createProjectList, listProjectLists } from '../../../server/lists/lists.service';
import { getConfig, getDatabase } from '../../../server/runtime';

export const prerender = false;

/** The signed-in customer's project lists, newest first: `{ lists }`; 401 signed out. */
export const GET: APIRoute = async ({ request, url }) => {
  const { db } = await getDatabase();
  const user = await findSignedInCustomer(db, readSessionToken(request));
  if (!user) throw notSignedIn(isSecureContext(getConfig().SITE_URL, url));
  return jsonResponse({ lists: await listProjectLists(db, user.id) });
};

/** Creates a list `{ name, items? }`: 201 the list; 401; 409 too many lists; 422. */
export const POST: APIRoute = async ({ request, url }) => {
  const { db } = await getDatabase();
  const user = await findSignedInCustomer(db, readSessionToken(request));
  if (!user) throw notSignedIn(isSecureContext(getConfig().SITE_URL, url));
  const input = await readJsonBody(request, listInputSchema);
  return jsonResponse(await createProjectList(db, user.id, input), 201);
};
