import type { APIRoute } from 'astro';
import { bulkJobResponse } from '../../../../../server/bulk/bulk.http';
import { getBulkJobRunner } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';

export const prerender = false;

/** A bulk job of the users list: 200 its progress and, once done, its result; 404. */
export const GET: APIRoute = async ({ request, url, params }) => {
  await requireStaff(request, url, 'manage_users');
  return bulkJobResponse(await getBulkJobRunner(), 'users', String(params.id ?? ''));
};
