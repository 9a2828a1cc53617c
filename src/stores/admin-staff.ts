/**
 * Back-office staff accounts and audit log (super_admin only): the staff list (also the audit
 * view's list of members), the audit page of the URL's filters, and the changes a super admin
 * makes to staff. Reads go through the query cache of ./admin-query.ts; each change refreshes
 * the list and the audit log, since it wrote to both.
 */
import { auditPageSchema, resetLinkSentSchema, STAFF_MESSAGES, staffListSchema, type AuditPage, type NewStaffInput, type StaffList } from '../lib/schemas/admin-staff';
import { ROLE_LABELS, type StaffRole } from '../lib/schemas/admin';
import { auditApiPath, parseAuditFilters } from '../lib/admin/audit-filters';
import { AdminApiError, readAs, requestAdmin } from './admin-orders';
import { createQuery, refreshQueries } from './admin-query';
import { $adminRouter } from './admin-router';
import { $admin } from './admin-session';
import { toast } from './admin-toasts';

const STAFF_PATH = '/api/admin/staff';

/** Whether the signed-in member is a super admin. */
function isSuperAdmin(): boolean {
  return $admin.get()?.role === 'super_admin';
}

/** Every staff member; fetched on the Staff view and the Audit log (its staff filter). */
export const $staffList = createQuery<StaffList>({
  sources: [$adminRouter, $admin],
  key: () => {
    const route = $adminRouter.get()?.route;
    return isSuperAdmin() && (route === 'staff' || route === 'audit') ? STAFF_PATH : null;
  },
  fetcher: async (path) => readAs(staffListSchema, await requestAdmin(path), path),
});

/** The audit page of the URL's filters, newest first. */
export const $auditPage = createQuery<AuditPage>({
  sources: [$adminRouter, $admin],
  key: () => {
    const page = $adminRouter.get();
    return isSuperAdmin() && page?.route === 'audit' ? auditApiPath(parseAuditFilters(page.search)) : null;
  },
  fetcher: async (path) => readAs(auditPageSchema, await requestAdmin(path), path),
});

/** Refreshes the staff list and every audit page (a change writes to both). */
function refreshStaff(): void {
  refreshQueries((key) => key === STAFF_PATH || key.startsWith('/api/admin/audit?'));
}

/** What a staff change came to: done, or refused with its message and field messages. */
export type StaffResult = { ok: true } | { ok: false; status: number; message: string; fields?: Record<string, string> };

/** The refusal of a failed request. */
function refusal(err: unknown): Extract<StaffResult, { ok: false }> {
  const error = err instanceof AdminApiError ? err : new AdminApiError(0, String(err));
  const fields = (error.body as { error?: { fields?: Record<string, string> } } | null)?.error?.fields;
  return { ok: false, status: error.status, message: error.message, fields };
}

/** Adds a staff member; without a password they are e-mailed a link to choose one. */
export async function addStaffMember(input: NewStaffInput): Promise<StaffResult> {
  try {
    const data = (await requestAdmin(STAFF_PATH, { method: 'POST', body: input })) as { invited?: boolean };
    toast.success(data?.invited ? STAFF_MESSAGES.invited : STAFF_MESSAGES.created);
    return { ok: true };
  } catch (err) {
    return refusal(err);
  } finally {
    refreshStaff();
  }
}

/** Sends one staff change; says `success` (from its answer) or the server's refusal as a toast, and refreshes. */
async function sendChange(path: string, body: unknown, success: (data: unknown) => string): Promise<StaffResult> {
  try {
    const data = await requestAdmin(path, { method: body === undefined ? 'POST' : 'PATCH', body });
    toast.success(success(data));
    return { ok: true };
  } catch (err) {
    const result = refusal(err);
    toast.error(result.message);
    return result;
  } finally {
    refreshStaff();
  }
}

/** Changes a member's role or active state (their sessions end at once); the server's refusal is toasted. */
export function changeStaffMember(id: string, change: { role?: StaffRole; active?: boolean }): Promise<StaffResult> {
  const message = change.role ? STAFF_MESSAGES.roleChanged.replace('Role changed', `Role changed to ${ROLE_LABELS[change.role]}`) : change.active ? STAFF_MESSAGES.reactivated : STAFF_MESSAGES.deactivated;
  return sendChange(`${STAFF_PATH}/${encodeURIComponent(id)}`, change, () => message);
}

/** E-mails a member a single-use password reset link. */
export function sendStaffResetLink(id: string): Promise<StaffResult> {
  const path = `${STAFF_PATH}/${encodeURIComponent(id)}/reset-link`;
  return sendChange(path, undefined, (data) => `${STAFF_MESSAGES.resetSent.replace(/\.$/, '')} to ${readAs(resetLinkSentSchema, data, path).sentTo}.`);
}
