/** The audit view's filters as its URL carries them, and the API path of a page: pure functions. */
import { AUDIT_KINDS, AUDIT_PAGE_SIZE, type AuditKind } from '../schemas/admin-staff';

/** The filters of the audit view: staff member (an id or 'system'), kind, days (YYYY-MM-DD, both included) and page. */
export interface AuditFilters {
  actor: string;
  kind: AuditKind | '';
  from: string;
  to: string;
  /** One import job's own entries (the products it created or updated), or '' for the log with imports grouped. */
  importJob: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the audit filters from URL search parameters; anything unreadable falls back to 'any'. */
export function parseAuditFilters(search: Record<string, string | undefined>): AuditFilters {
  const kind = (AUDIT_KINDS as readonly string[]).includes(search.kind ?? '') ? (search.kind as AuditKind) : '';
  const page = Number(search.page);
  const actor = (search.actor ?? '').trim();
  return {
    actor: /^[\w-]{1,100}$/.test(actor) ? actor : '',
    kind,
    from: DAY.test(search.from ?? '') ? search.from! : '',
    to: DAY.test(search.to ?? '') ? search.to! : '',
    importJob: /^[\w-]{1,100}$/.test(search.import ?? '') ? search.import! : '',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The URL search parameters of the audit filters, empty ones left out. */
export function auditFiltersToSearch(filters: Partial<AuditFilters>): Record<string, string> {
  const search: Record<string, string> = {};
  if (filters.actor) search.actor = filters.actor;
  if (filters.kind) search.kind = filters.kind;
  if (filters.from) search.from = filters.from;
  if (filters.to) search.to = filters.to;
  if (filters.importJob) search.import = filters.importJob;
  if (filters.page && filters.page > 1) search.page = String(filters.page);
  return search;
}

/** The instant a local day starts (the browser's time zone), as ISO 8601 UTC. */
export function localDayStart(day: string, plusDays = 0): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).toISOString();
}

/** GET /api/admin/audit for these filters: days are the staff member's own (local midnight to midnight). */
export function auditApiPath(filters: AuditFilters): string {
  const query = new URLSearchParams({ page: String(filters.page), pageSize: String(AUDIT_PAGE_SIZE) });
  if (filters.actor) query.set('actor', filters.actor);
  if (filters.kind) query.set('kind', filters.kind);
  if (filters.from) query.set('from', localDayStart(filters.from));
  if (filters.to) query.set('to', localDayStart(filters.to, 1));
  if (filters.importJob) query.set('importJob', filters.importJob);
  return `/api/admin/audit?${query}`;
}

/** Whether any filter narrows the log. */
export function isAuditFiltered(filters: AuditFilters): boolean {
  return Boolean(filters.actor || filters.kind || filters.from || filters.to || filters.importJob);
}
