import type { APIRoute } from 'astro';
import { auditQuerySchema } from '../../../lib/schemas/admin-staff';
import { listAuditEntries } from '../../../server/audit/audit-log.service';
import { invalidFields, jsonResponse } from '../../../server/http/errors';
import { getDatabase } from '../../../server/runtime';
import { requireStaff } from '../../../server/staff/staff.http';

export const prerender = false;

/** One page of the audit log, newest first (super_admin only): ?actor=&kind=&from=&to=&page=&pageSize= → { entries, total, page, pageSize }; 422 unreadable filters. */
export const GET: APIRoute = async ({ request, url }) => {
  await requireStaff(request, url, 'super_admin');
  const query = auditQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw invalidFields(query.error);
  const { db } = await getDatabase();
  return jsonResponse(await listAuditEntries(db, query.data));
};
