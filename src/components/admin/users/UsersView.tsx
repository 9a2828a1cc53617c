import { useEffect, useId, useRef, useState } from 'react';
import { formatLastLogin } from '../../../lib/last-login';
import { ADMIN_USER_MESSAGES, blockedBannerTitle, USER_STATUS_FILTERS, type AdminUser, type AdminUsersPage } from '../../../lib/schemas/admin-users';
import { useQuery } from '../../../stores/admin-query';
import { adminPath } from '../../../stores/admin-router';
import { $usersPage, deleteUser, openUsers, setUserBlocked } from '../../../stores/admin-users';
import { followAdminLink } from '../admin-links';
import { countPages, nextSort } from '../../../lib/admin/admin-views';
import { DebouncedSearch, StatCard } from '../admin-fields';
import { ariaSortOf, ListEmpty, ListPagination, ListViewSkeleton, SkeletonRows, SortHeaderButton, StatusFilterSelect } from '../ListParts';
import { useStore } from '@nanostores/react';
import { ADMIN_PAGE_SIZE_DEFAULT } from '../../../lib/schemas/admin';
import type { UserSortField } from '../../../lib/schemas/admin-sort';
import { $bulkSelection, clearBulkSelection, selectBulkIds, selectionOf } from '../../../stores/admin-bulk';
import { BulkBar, ExportSelected, SelectBox, type BulkActionDef } from '../BulkBar';
import { ConfirmDialog } from '../products/ConfirmDialog';
import { BUTTONS, TrashIcon } from '../products/ui';
import { USER_STATUS_LABELS, usersExportPath, usersFiltersToSearch, parseUsersFilters, type UsersFilters } from '../../../lib/admin/users-filters';
import { UserPanel } from './UserPanel';
import { USER_ACTION_TEXTS, UserStatusBadge, type UserAction } from './user-ui';

const joinedFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Cell classes per column: which list widths (a container query) show which columns. */
const COLUMN_CLASSES = {
  select: 'w-11 !pr-0',
  user: '',
  phone: 'hidden w-[10.5rem] @4xl:table-cell',
  status: 'hidden w-[6.5rem] @md:table-cell',
  orders: 'hidden w-[5rem] text-right @3xl:table-cell',
  lastLogin: 'hidden w-[7.5rem] @lg:table-cell',
  joined: 'hidden w-[8rem] @5xl:table-cell',
  actions: 'hidden w-[11rem] text-right @2xl:table-cell',
} as const;

const HEADERS: [keyof typeof COLUMN_CLASSES, string][] = [
  ['select', 'Select'],
  ['user', 'User'],
  ['phone', 'Phone'],
  ['status', 'Status'],
  ['orders', 'Orders'],
  ['lastLogin', 'Last login'],
  ['joined', 'Joined'],
  ['actions', 'Actions'],
];

/** The server sort field of each sortable column, and the direction its first click asks for. */
const SORTABLE: Partial<Record<keyof typeof COLUMN_CLASSES, [UserSortField, 'asc' | 'desc']>> = {
  user: ['name', 'asc'],
  status: ['status', 'asc'],
  lastLogin: ['lastLogin', 'desc'],
  joined: ['createdAt', 'desc'],
};

/** Block and unblock, the bulk actions of the users list. */
const USER_BULK_ACTIONS: readonly BulkActionDef[] = [
  {
    id: 'block',
    label: 'Block',
    title: (count) => `Block ${count}?`,
    description: () => 'Each customer is blocked and signed out everywhere; they cannot sign in or order until unblocked. Those already blocked are left as they are.',
    tone: 'danger',
    fields: () => ({ action: 'block' }),
  },
  {
    id: 'unblock',
    label: 'Unblock',
    title: (count) => `Unblock ${count}?`,
    description: () => 'Each customer may sign in and order again. Those not blocked are left as they are.',
    tone: 'primary',
    fields: () => ({ action: 'unblock' }),
  },
];

const CELL = 'h-[3.75rem] border-b border-line px-3 py-2 align-middle first:pl-4 last:pr-4 sm:first:pl-6 sm:last:pr-6';

/** The users table: a server page of customers, each linking to their detail. */
function UsersTable({
  users,
  filters,
  selectedId,
  busy,
  onAction,
  onSort,
}: {
  users: AdminUser[];
  filters: UsersFilters;
  selectedId: string | null;
  busy: boolean;
  onAction: (action: UserAction) => void;
  onSort: (field: UserSortField, first: 'asc' | 'desc') => void;
}) {
  const now = new Date();
  const selection = selectionOf('users', useStore($bulkSelection));
  const pageIds = users.map((u) => u.id);
  const ticked = (id: string) => selection.allMatching !== null || selection.ids.includes(id);
  const onPage = pageIds.filter((id) => selection.ids.includes(id)).length;
  return (
    <table className={`w-full table-fixed border-separate border-spacing-0 text-[0.9375rem] transition-opacity ${busy ? 'opacity-60' : ''}`} aria-busy={busy || undefined}>
      <caption className="sr-only">{filters.sort ? 'Users, sorted by the marked column' : 'Users, newest first'}</caption>
      <thead>
        <tr>
          {HEADERS.map(([key, label]) => {
            const sortable = SORTABLE[key];
            const active = Boolean(sortable && filters.sort?.field === sortable[0]);
            const direction = active ? filters.sort!.direction : (sortable?.[1] ?? 'asc');
            return (
              <th
                key={key}
                scope="col"
                aria-sort={sortable ? (ariaSortOf(active, direction) ?? 'none') : undefined}
                className={`sticky top-0 z-10 border-b border-line bg-paper px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-ink-muted uppercase first:pl-4 last:pr-4 sm:first:pl-6 sm:last:pr-6 ${COLUMN_CLASSES[key]}`}
              >
                {key === 'select' ? (
                  <SelectBox
                    label="Select all users on this page"
                    checked={selection.allMatching !== null || (pageIds.length > 0 && onPage === pageIds.length)}
                    indeterminate={selection.allMatching === null && onPage > 0 && onPage < pageIds.length}
                    onChange={(on) => selectBulkIds('users', pageIds, on, Object.fromEntries(users.map((u) => [u.id, u.fullName])))}
                  />
                ) : key === 'actions' ? (
                  <span className="sr-only">{label}</span>
                ) : sortable ? (
                  <SortHeaderButton label={label} active={active} direction={direction} onSort={() => onSort(sortable[0], sortable[1])} />
                ) : (
                  label
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {users.map((user) => {
          const selected = user.id === selectedId;
          const lastLogin = formatLastLogin(user.lastLogin, now);
          return (
            <tr key={user.id} className={`group relative ${selected ? 'bg-accent-soft/70' : ticked(user.id) ? 'bg-accent-soft/30' : 'bg-white hover:bg-paper'}`}>
              <td className={`${CELL} ${COLUMN_CLASSES.select} ${selected ? 'shadow-[inset_3px_0_0_var(--color-accent)]' : ''}`}>
                <SelectBox label={`Select ${user.fullName} (${user.email})`} checked={ticked(user.id)} onChange={(on) => selectBulkIds('users', [user.id], on, { [user.id]: user.fullName })} />
              </td>
              <td className={`${CELL} has-[a:focus-visible]:outline-3 has-[a:focus-visible]:-outline-offset-3 has-[a:focus-visible]:outline-accent`}>
                <a
                  href={adminPath('user', { id: user.id }, usersFiltersToSearch(filters))}
                  onClick={(e) => followAdminLink(e)}
                  aria-current={selected ? 'true' : undefined}
                  className="block truncate font-semibold text-ink underline-offset-4 after:absolute after:inset-0 hover:underline focus-visible:outline-none"
                >
                  {user.fullName}
                </a>
                <span className="block truncate text-sm text-ink-muted">{user.email}</span>
                {/* Where the list is too narrow for the status and last-login columns, they sit under the name. */}
                <span className="mt-1 flex items-center gap-2 text-xs text-ink-muted @lg:hidden">
                  <span className="@md:hidden">
                    <UserStatusBadge blocked={user.isBlocked} />
                  </span>
                  <span>Last login: {lastLogin}</span>
                </span>
              </td>
              <td className={`${CELL} ${COLUMN_CLASSES.phone}`}>
                <span className="block truncate text-ink-soft tabular">{user.phone}</span>
              </td>
              <td className={`${CELL} ${COLUMN_CLASSES.status}`}>
                <UserStatusBadge blocked={user.isBlocked} />
              </td>
              <td className={`${CELL} ${COLUMN_CLASSES.orders} tabular`}>{user.orderCount.toLocaleString('en-US')}</td>
              <td className={`${CELL} ${COLUMN_CLASSES.lastLogin} whitespace-nowrap text-ink-soft`}>
                {user.lastLogin ? <time dateTime={user.lastLogin}>{lastLogin}</time> : lastLogin}
              </td>
              <td className={`${CELL} ${COLUMN_CLASSES.joined} whitespace-nowrap text-ink-soft tabular`}>
                <time dateTime={user.createdAt}>{joinedFormat.format(new Date(user.createdAt))}</time>
              </td>
              <td className={`${CELL} ${COLUMN_CLASSES.actions}`}>
                {/* Above the row's link (z-index) so the buttons take their own clicks. */}
                <span className="relative z-[1] inline-flex items-center gap-1">
                  <button
                    type="button"
                    onClick={() => onAction({ kind: user.isBlocked ? 'unblock' : 'block', user })}
                    aria-label={`${user.isBlocked ? 'Unblock' : 'Block'} ${user.fullName}`}
                    className={`inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold ${user.isBlocked ? 'text-ink hover:bg-canvas' : 'text-danger hover:bg-danger-soft'}`}
                  >
                    {user.isBlocked ? 'Unblock' : 'Block'}
                  </button>
                  <button
                    type="button"
                    onClick={() => onAction({ kind: 'delete', user })}
                    aria-label={`Delete ${user.fullName}`}
                    className="grid h-11 w-11 place-items-center rounded-lg text-danger hover:bg-danger-soft"
                  >
                    <TrashIcon />
                  </button>
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The users table's placeholder rows: name, e-mail, status. */
function UsersSkeletonRows() {
  return <SkeletonRows count={8} header row="flex h-[3.75rem] items-center gap-4" cells={['h-3.5 w-40 rounded', 'hidden h-3.5 flex-1 rounded md:block', 'ml-auto h-5 w-16 rounded-full']} />;
}

/** The banner of spec §2.13 while anybody is blocked. */
function BlockedBanner({ count, onShow }: { count: number; onShow?: () => void }) {
  return (
    <div role="note" aria-labelledby="blocked-banner-title" className="flex flex-wrap items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
      <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="mt-0.5 shrink-0 text-amber-700">
        <path d="M12 3 2 21h20L12 3z" />
        <path d="M12 10v5M12 18h.01" />
      </svg>
      <div className="min-w-[12rem] flex-1">
        <p id="blocked-banner-title" className="font-semibold">
          {blockedBannerTitle(count)}
        </p>
        <p className="text-sm">Blocked users cannot access the platform. They are signed out and cannot sign in or reset their password until unblocked.</p>
      </div>
      {onShow && (
        <button type="button" onClick={onShow} className="ml-8 inline-flex min-h-11 items-center rounded-lg border border-amber-400 bg-white px-3 text-sm font-semibold text-amber-950 hover:border-amber-700">
          Show blocked
        </button>
      )}
    </div>
  );
}

/** The Users view (spec §2.13): stat cards, blocked banner, search and filter in the URL, a paged table, and a customer's detail beside it. */
export function UsersView({ selectedId, search }: { selectedId: string | null; search: Record<string, string> }) {
  const filters = parseUsersFilters(search);
  const { data, error, loading } = useQuery($usersPage);
  const last = useRef<AdminUsersPage | undefined>(undefined);
  if (data) last.current = data;
  const shown = data ?? (loading ? last.current : undefined);
  const pages = shown ? countPages(shown.total, shown.pageSize) : 1;
  const filtered = filters.status !== 'all' || filters.q !== '';
  const statusId = useId();
  const [pending, setPending] = useState<UserAction | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // A page past the end (users were deleted) goes back to the last page there is.
  useEffect(() => {
    if (data && data.users.length === 0 && data.total > 0 && filters.page > 1) openUsers({ ...filters, page: countPages(data.total, data.pageSize) }, { id: selectedId ?? undefined, replace: true });
  }, [data]);

  const setFilters = (next: Partial<UsersFilters>, replace = false) => openUsers({ ...filters, ...next }, { id: selectedId ?? undefined, replace });

  // 'All matching' names the filter it was chosen under: a new filter drops it.
  useEffect(() => {
    const selection = $bulkSelection.get();
    if (selection.kind === 'users' && selection.allMatching) clearBulkSelection();
  }, [filters.status, filters.q]);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    const { kind, user } = pending;
    const done = kind === 'delete' ? await deleteUser(user.id) : (await setUserBlocked(user.id, kind === 'block')) !== null;
    setBusy(false);
    setPending(null);
    if (done && kind === 'delete' && selectedId === user.id) openUsers(filters);
  };

  const texts = pending ? USER_ACTION_TEXTS[pending.kind] : null;
  return (
    <div className="flex h-full min-h-0">
      {selectedId && <h1 className="sr-only lg:hidden">Users</h1>}
      <section aria-labelledby="users-heading" className={`min-w-0 flex-1 flex-col overflow-y-auto ${selectedId ? 'hidden lg:flex' : 'flex'}`}>
        <div className="px-4 pt-5 pb-4 sm:px-6">
          <h1 id="users-heading" ref={heading} tabIndex={-1} className="font-display text-2xl font-semibold text-ink outline-none sm:text-3xl">
            Users
          </h1>
          <p className="mt-0.5 min-h-5 text-sm text-ink-muted tabular" aria-live="polite">
            {shown ? `${shown.total.toLocaleString('en-US')} ${shown.total === 1 ? 'user' : 'users'}${filtered ? ' match' : ''} · ${filters.sort ? 'sorted' : 'newest first'}` : '\u00a0'}
          </p>
        </div>

        <dl className="grid grid-cols-2 gap-3 px-4 sm:px-6 xl:grid-cols-4" aria-label="Customers">
          <StatCard label="Total users" value={shown?.stats.total} tone="ink" />
          <StatCard label="Active" value={shown?.stats.active} tone="success" />
          <StatCard label="Blocked" value={shown?.stats.blocked} tone="danger" />
          <StatCard label="New This Month" value={shown?.stats.newThisMonth} tone="gold" />
        </dl>

        {shown && shown.stats.blocked > 0 && (
          <div className="px-4 pt-3 sm:px-6">
            <BlockedBanner count={shown.stats.blocked} onShow={filters.status === 'blocked' ? undefined : () => setFilters({ status: 'blocked', page: 1 })} />
          </div>
        )}

        <div className="flex flex-wrap items-center gap-2 px-4 pt-4 pb-3 sm:px-6">
          <DebouncedSearch
            value={filters.q}
            onSearch={(q) => setFilters({ q, page: 1 }, true)}
            label="Search users"
            placeholder="Search name, email or phone"
            className="min-w-0 flex-1 basis-full sm:basis-auto"
          />
          <StatusFilterSelect id={statusId} value={filters.status} options={USER_STATUS_FILTERS} labels={USER_STATUS_LABELS} onChange={(status) => setFilters({ status, page: 1 })} />
          {filtered && (
            <a href={usersExportPath(filters)} download className={BUTTONS.quiet}>
              Export filtered
            </a>
          )}
          <a href={usersExportPath({ q: '', status: 'all', sort: filters.sort })} download className={BUTTONS.quiet}>
            Export all
          </a>
        </div>

        <div className="mx-0 flex shrink-0 flex-col border-y border-line bg-white sm:mx-6 sm:mb-6 sm:rounded-xl sm:border sm:shadow-card">
          <BulkBar
            kind="users"
            noun={['customer', 'customers']}
            total={shown?.total ?? 0}
            pageIds={shown?.users.map((u) => u.id) ?? []}
            filter={{ q: filters.q, status: filters.status }}
            actions={USER_BULK_ACTIONS}
            labelOf={(id) => shown?.users.find((u) => u.id === id)?.fullName ?? id}
            extra={<ExportSelected kind="users" pathOf={(ids) => usersExportPath(filters, ids)} />}
          />
          <div className="@container">
            {error && !shown ? (
              <div role="alert" className="p-6 text-sm">
                <p className="font-semibold text-danger">The users could not be loaded.</p>
                <p className="mt-1 text-ink-muted">{error instanceof Error ? error.message : String(error)}</p>
                <button type="button" onClick={() => $usersPage.refresh()} className={`${BUTTONS.quiet} mt-3`}>
                  Try again
                </button>
              </div>
            ) : !shown ? (
              <UsersSkeletonRows />
            ) : shown.users.length === 0 ? (
              <ListEmpty
                title={ADMIN_USER_MESSAGES.empty}
                text={filtered ? 'No customer matches this search and status.' : 'Customers appear here as they sign up in the shop.'}
                onClear={filtered ? () => openUsers({}, { id: selectedId ?? undefined }) : undefined}
              />
            ) : (
              <UsersTable
                users={shown.users}
                filters={filters}
                selectedId={selectedId}
                busy={loading && !data}
                onAction={setPending}
                onSort={(field, first) => setFilters({ sort: nextSort(filters.sort, field, first), page: 1 })}
              />
            )}
          </div>
          <ListPagination
            page={filters.page}
            pages={pages}
            ready={Boolean(shown)}
            onPage={(page) => setFilters({ page })}
            pageSize={filters.pageSize ?? ADMIN_PAGE_SIZE_DEFAULT}
            onPageSize={(pageSize) => setFilters({ pageSize, page: 1 })}
          />
        </div>
      </section>
      <UserPanel selectedId={selectedId} listRow={shown?.users.find((u) => u.id === selectedId)} filters={filters} onAction={setPending} />
      {pending && texts && (
        <ConfirmDialog
          title={texts.question}
          description={texts.describe(pending.user.fullName)}
          confirmLabel={texts.confirm}
          busy={busy}
          onConfirm={() => void confirm()}
          onClose={() => setPending(null)}
          returnFocusTo={() => heading.current}
        />
      )}
    </div>
  );
}

/** The users view's frame before the island hydrates (same boxes, no data). */
UsersView.Skeleton = function UsersViewSkeleton() {
  return (
    <ListViewSkeleton
      title="Users"
      between={
        <div className="mb-16 grid grid-cols-2 gap-3 px-4 sm:px-6 xl:grid-cols-4" aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="h-[4.5rem] rounded-xl border border-line bg-white" />
          ))}
        </div>
      }
      rows={<UsersSkeletonRows />}
      panel="w-[30rem] 2xl:block"
    />
  );
};
