/**
 * The /admin/reset-password page's one action: sets a staff password with the token of an e-mailed
 * link. Apart from the dashboard's stores so that page loads nothing else.
 */
import type { StaffPasswordInput } from '../lib/schemas/admin-staff';

/** What setting the password came to: done, or the server's refusal with its field messages. */
export type SetStaffPasswordResult = { ok: true } | { ok: false; status: number; message: string; fields: Record<string, string> };

/** POST /api/admin/auth/reset-password. */
export async function setStaffPassword(input: StaffPasswordInput): Promise<SetStaffPasswordResult> {
  let response: Response;
  try {
    response = await fetch('/api/admin/auth/reset-password', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
  } catch {
    return { ok: false, status: 0, message: 'The server could not be reached. Please try again.', fields: {} };
  }
  if (response.status === 204) return { ok: true };
  const body = (await response.json().catch(() => null)) as { error?: { message?: string; fields?: Record<string, string> } } | null;
  return { ok: false, status: response.status, message: body?.error?.message ?? 'Your password could not be set. Please try again.', fields: body?.error?.fields ?? {} };
}
