/**
 * The enquiries inbox's data (./admin-query.ts cache): the page of the URL's filters (refreshed
 * every 3 s while the tab is visible, like the orders list), the selected enquiry with its history,
 * and the two changes staff make: reply and mark handled / reopen. The new-enquiries count of the
 * sidebar is the summary's ($adminSummary), refreshed after each change.
 */
import { ADMIN_ORDERS_REFRESH_MS } from '../lib/admin-constants';
import {
  adminEnquirySchemaOf,
  adminMessagesPageSchema,
  adminQuotesPageSchema,
  ENQUIRY_INBOX_MESSAGES,
  type AdminEnquiry,
  type EnquiryKind,
} from '../lib/schemas/admin-enquiries';
import type { EnquiryStatus } from '../lib/schemas/enquiries';
import { enquiriesApiPath, enquiriesFiltersToSearch, enquiryApiPath, parseEnquiriesFilters, type EnquiriesFilters } from '../lib/admin/enquiry-filters';
import { AdminApiError, readAs, requestAdmin } from './admin-orders';
import { createQuery, refreshQueries, setQueryData } from './admin-query';
import { $adminRouter, adminPath, navigateAdmin } from './admin-router';
import { $admin } from './admin-session';
import { toast } from './admin-toasts';

/** A page of either list, as the view shows it. */
export interface EnquiriesPage {
  kind: EnquiryKind;
  items: AdminEnquiry[];
  total: number;
  page: number;
  pageSize: number;
}

/** Opens the inbox (or one enquiry) with these filters. */
export function openEnquiries(filters: Partial<EnquiriesFilters>, options: { id?: string; replace?: boolean } = {}): void {
  const search = enquiriesFiltersToSearch(filters);
  navigateAdmin(options.id ? adminPath('enquiry', { id: options.id }, search) : adminPath('enquiries', {}, search), options.replace);
}

/** Whether the signed-in member manages orders (and so the inbox). */
function mayManageOrders(): boolean {
  return $admin.get()?.permissions.includes('manage_orders') ?? false;
}

/** The inbox filters of the current URL, or null off the inbox. */
function currentFilters(): EnquiriesFilters | null {
  const page = $adminRouter.get();
  return mayManageOrders() && page && (page.route === 'enquiries' || page.route === 'enquiry') ? parseEnquiriesFilters(page.search) : null;
}

/** The page the list shows, refreshed every 3 s while the tab is visible. */
export const $enquiriesPage = createQuery<EnquiriesPage>({
  sources: [$adminRouter, $admin],
  key: () => {
    const filters = currentFilters();
    return filters ? enquiriesApiPath(filters) : null;
  },
  fetcher: async (path) => {
    const data = await requestAdmin(path);
    if (path.startsWith('/api/admin/quotes?')) {
      const { quotes, ...paging } = readAs(adminQuotesPageSchema, data, path);
      return { kind: 'quotes', items: quotes, ...paging };
    }
    const { messages, ...paging } = readAs(adminMessagesPageSchema, data, path);
    return { kind: 'messages', items: messages, ...paging };
  },
  staleMs: ADMIN_ORDERS_REFRESH_MS / 3,
  pollMs: ADMIN_ORDERS_REFRESH_MS,
});

/** The selected enquiry with its whole history. */
export const $selectedEnquiry = createQuery<AdminEnquiry>({
  sources: [$adminRouter, $admin],
  key: () => {
    const filters = currentFilters();
    const id = $adminRouter.get()?.params.id;
    return filters && id && $adminRouter.get()?.route === 'enquiry' ? enquiryApiPath(filters.kind, id) : null;
  },
  fetcher: async (path) => readAs(adminEnquirySchemaOf(path.startsWith('/api/admin/quotes/') ? 'quotes' : 'messages'), await requestAdmin(path), path),
});

/** Asks the server again for the selected enquiry. */
export function refreshSelectedEnquiry(): void {
  $selectedEnquiry.refresh();
}

/** What a change came to: done with the enquiry as it now is, or refused with the server's message (and field messages). */
export type EnquiryChangeResult = { ok: true; enquiry: AdminEnquiry } | { ok: false; message: string; fields?: Record<string, string> };

/** Sends one change; on success caches the enquiry, refreshes the lists and the badge, and shows `success`. */
async function sendChange(kind: EnquiryKind, id: string, path: string, init: { method: string; body: unknown }, success: string): Promise<EnquiryChangeResult> {
  try {
    const enquiry: AdminEnquiry = readAs(adminEnquirySchemaOf(kind), await requestAdmin(path, init), path);
    setQueryData(enquiryApiPath(kind, id), enquiry);
    refreshQueries((key) => key.startsWith(`/api/admin/${kind}?`) || key === '/api/admin/summary');
    toast.success(success);
    return { ok: true, enquiry };
  } catch (err) {
    const error = err instanceof AdminApiError ? err : new AdminApiError(0, 'The server could not be reached. Please try again.');
    const fields = (error.body as { error?: { fields?: Record<string, string> } } | null)?.error?.fields;
    if (error.status !== 401) toast.error(error.message);
    if (error.status === 404) refreshSelectedEnquiry();
    return { ok: false, message: error.message, fields };
  }
}

/** Replies to an enquiry: the e-mail is queued to the sender and the enquiry marked handled. */
export function sendEnquiryReply(kind: EnquiryKind, id: string, message: string): Promise<EnquiryChangeResult> {
  const base = enquiryApiPath(kind, id);
  return sendChange(kind, id, `${base}/reply`, { method: 'POST', body: { message } }, ENQUIRY_INBOX_MESSAGES.replySent);
}

/** Marks an enquiry handled, or reopens it ('new'). */
export function changeEnquiryStatus(kind: EnquiryKind, id: string, status: EnquiryStatus): Promise<EnquiryChangeResult> {
  const message = status === 'handled' ? ENQUIRY_INBOX_MESSAGES.markedHandled : ENQUIRY_INBOX_MESSAGES.reopened;
  return sendChange(kind, id, enquiryApiPath(kind, id), { method: 'PATCH', body: { status } }, message);
}
