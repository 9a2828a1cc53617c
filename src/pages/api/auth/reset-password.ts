import type { APIRoute } from 'astro';
import { resetPasswordSchema } from '../../../lib/schemas/auth';
import { resetPassword } from '../../../server/customers/customers.service';
import { readJsonBody } from '../../../server/http/body';
import { getDatabase } from '../../../server/runtime';

export const prerender = false;

/** Sets a new password with a reset token: 204 (every session ends); 400 unknown, used or expired token; 422 fields. */
export const POST: APIRoute = async ({ request }) => {
  const input = await readJsonBody(request, resetPasswordSchema);
  const { db } = await getDatabase();
  await resetPassword(db, input);
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
};
