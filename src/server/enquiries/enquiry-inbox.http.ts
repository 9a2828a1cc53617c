import type { APIRoute } from 'astro';
import { adminEnquiriesQuerySchema, enquiryReplySchema, enquiryStatusChangeSchema, type EnquiryKind } from '../../lib/schemas/admin-enquiries';
import { readJsonBody } from '../http/body';
import { jsonResponse } from '../http/errors';
import { getDatabase, pokeOutbox } from '../runtime';
import { requireStaff } from '../staff/staff.http';
import { actorOf } from '../staff/staff.service';
import { getEnquiry, listEnquiries, replyToEnquiry, setEnquiryStatus } from './enquiry-inbox.service';

/**
 * The handlers of /api/admin/messages and /api/admin/quotes: the same inbox for both kinds, so each
 * route file is one line naming its kind. Every handler passes the manage_orders gate first.
 */

/** GET …?status=&q=&page=&pageSize= → one page, newest first. */
export function enquiryListRoute(kind: EnquiryKind): APIRoute {
  return async ({ request, url }) => {
    await requireStaff(request, url, 'manage_orders');
    const query = adminEnquiriesQuerySchema.parse(Object.fromEntries(url.searchParams));
    const { db } = await getDatabase();
    return jsonResponse(await listEnquiries(db, kind, query));
  };
}

/** GET …/:id → the enquiry with its history; 404. */
export function enquiryDetailRoute(kind: EnquiryKind): APIRoute {
  return async ({ request, url, params }) => {
    await requireStaff(request, url, 'manage_orders');
    const { db } = await getDatabase();
    return jsonResponse(await getEnquiry(db, kind, String(params.id ?? '')));
  };
}

/** PATCH …/:id `{ status: 'new' | 'handled' }` → the enquiry; 422 for another status, 404. */
export function enquiryStatusRoute(kind: EnquiryKind): APIRoute {
  return async ({ request, url, params }) => {
    const principal = await requireStaff(request, url, 'manage_orders');
    const { status } = await readJsonBody(request, enquiryStatusChangeSchema);
    const { db } = await getDatabase();
    return jsonResponse(await setEnquiryStatus(db, kind, String(params.id ?? ''), status, actorOf(principal)));
  };
}

/** POST …/:id/reply `{ message }` → the enquiry, handled, with the reply in its history; 422 empty reply, 404. */
export function enquiryReplyRoute(kind: EnquiryKind): APIRoute {
  return async ({ request, url, params }) => {
    const principal = await requireStaff(request, url, 'manage_orders');
    const { message } = await readJsonBody(request, enquiryReplySchema);
    const { db } = await getDatabase();
    const enquiry = await replyToEnquiry(db, kind, String(params.id ?? ''), message, actorOf(principal));
    pokeOutbox();
    return jsonResponse(enquiry);
  };
}
