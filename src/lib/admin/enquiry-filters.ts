/**
 * The enquiries inbox's filters as the URL carries them (?kind=&status=&q=&page=) and the API paths
 * they lead to: pure functions shared by the router store, the query store and the view.
 */
import { ADMIN_PAGE_SIZE_DEFAULT } from '../schemas/admin';
import { adminEnquiriesQuerySchema, type EnquiryKind, type EnquiryStatusFilter } from '../schemas/admin-enquiries';

/** The filters of the inbox. */
export interface EnquiriesFilters {
  kind: EnquiryKind;
  status: EnquiryStatusFilter;
  q: string;
  page: number;
}

/** How each kind reads in the switch and headings. */
export const ENQUIRY_KIND_LABELS: Record<EnquiryKind, string> = { messages: 'Messages', quotes: 'Quote requests' };

/** How each status filter reads. */
export const ENQUIRY_STATUS_FILTER_LABELS: Record<EnquiryStatusFilter, string> = { all: 'All', new: 'New', handled: 'Handled' };

/** Reads the filters from URL search parameters; anything unreadable falls back to the default (messages, all, page 1). */
export function parseEnquiriesFilters(search: Record<string, string | undefined>): EnquiriesFilters {
  const { status, q, page } = adminEnquiriesQuerySchema.parse({ status: search.status, q: search.q ?? '', page: search.page });
  return { kind: search.kind === 'quotes' ? 'quotes' : 'messages', status, q, page };
}

/** The URL search parameters of the filters, defaults left out so URLs stay short. */
export function enquiriesFiltersToSearch(filters: Partial<EnquiriesFilters>): Record<string, string> {
  const search: Record<string, string> = {};
  if (filters.kind === 'quotes') search.kind = 'quotes';
  if (filters.status && filters.status !== 'all') search.status = filters.status;
  const q = filters.q?.trim();
  if (q) search.q = q;
  if (filters.page && filters.page > 1) search.page = String(filters.page);
  return search;
}

/** GET /api/admin/messages or /api/admin/quotes for these filters (page size ADMIN_PAGE_SIZE_DEFAULT). */
export function enquiriesApiPath(filters: EnquiriesFilters): string {
  const query = new URLSearchParams({ status: filters.status, q: filters.q, page: String(filters.page), pageSize: String(ADMIN_PAGE_SIZE_DEFAULT) });
  return `/api/admin/${filters.kind}?${query}`;
}

/** The API path of one enquiry. */
export function enquiryApiPath(kind: EnquiryKind, id: string): string {
  return `/api/admin/${kind}/${encodeURIComponent(id)}`;
}
