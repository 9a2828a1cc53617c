import type { APIRoute } from 'astro';
import { contentConflictDecisionSchema } from '../../../../../lib/schemas/admin-catalog';
import { resolveContentConflict } from '../../../../../server/catalog/content-conflicts.service';
import { readJsonBody } from '../../../../../server/http/body';
import { getDatabase } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';
import { actorOf } from '../../../../../server/staff/staff.service';

export const prerender = false;

/** Decides a content conflict { take: 'live' | 'content' }: 204; 404 when already decided; 422 when the editor's value cannot apply. */
export const POST: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_products');
  const decision = await readJsonBody(request, contentConflictDecisionSchema);
  const { db } = await getDatabase();
  await resolveContentConflict(db, String(params.id ?? ''), decision, actorOf(principal));
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
};
