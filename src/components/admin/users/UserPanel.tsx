import { WrappedEmail } from '../admin-fields';
import { useEffect, useRef, type ReactNode } from 'react';
import { formatLastLogin } from '../../../lib/last-login';
import type { AdminUser, AdminUserDetail } from '../../../lib/schemas/admin-users';
import { useQuery } from '../../../stores/admin-query';
import { adminPath } from '../../../stores/admin-router';
import { $admin } from '../../../stores/admin-session';
import { $selectedUser, openUsers } from '../../../stores/admin-users';
import { useStore } from '@nanostores/react';
import { followAdminLink } from '../admin-links';
import { ChevronLeftIcon, CloseIcon } from '../icons';
import { formatDollars } from '../order-labels';
import { BUTTONS, TrashIcon } from '../products/ui';
import { StatusBadge } from '../StatusBadge';
import type { UsersFilters } from '../../../lib/admin/users-filters';
import { StartQuote } from './StartQuote';
import { TradeSection } from './TradeSection';
import { initialsOf, UserStatusBadge, type UserAction } from './user-ui';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const birthFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A label and its value. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="text-sm font-medium break-words text-ink">{children}</dd>
    </div>
  );
}

/** The customer's contact facts, spending and orders. */
function UserDetail({ user }: { user: AdminUserDetail }) {
  const mayOpenOrders = useStore($admin)?.permissions.includes('manage_orders') ?? false;
  return (
    <>
      <section className="border-b border-line px-5 py-4 sm:px-6" aria-labelledby="user-contact-heading">
        <h3 id="user-contact-heading" className="mb-2.5 font-sans text-xs font-semibold tracking-[0.12em] text-ink-muted uppercase">
          Contact
        </h3>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2.5">
          <div className="col-span-2 min-w-0">
            <dt className="text-xs text-ink-muted">Email</dt>
            <dd className="text-sm [overflow-wrap:anywhere]">
              <a href={`mailto:${user.email}`} className="font-medium text-accent-strong underline-offset-4 hover:underline">
                <WrappedEmail email={user.email} />
              </a>
            </dd>
          </div>
          <Fact label="Phone">
            <a href={`tel:${user.phone}`} className="tabular underline-offset-4 hover:underline">
              {user.phone}
            </a>
          </Fact>
          <Fact label="Date of birth">{birthFormat.format(new Date(`${user.dateOfBirth}T00:00:00Z`))}</Fact>
          <Fact label="Joined">{dateFormat.format(new Date(user.createdAt))}</Fact>
          <Fact label="Last login">
            {user.lastLogin ? <time dateTime={user.lastLogin} title={dateTimeFormat.format(new Date(user.lastLogin))}>{formatLastLogin(user.lastLogin)}</time> : 'Never'}
          </Fact>
        </dl>
      </section>

      <section className="border-b border-line px-5 py-4 sm:px-6" aria-labelledby="user-spent-heading">
        <dl className="grid grid-cols-2 gap-3">
          <div className="rounded-xl bg-canvas px-4 py-3">
            <dt id="user-spent-heading" className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
              Total spent
            </dt>
            <dd className="mt-0.5 font-display text-2xl font-semibold text-ink tabular">{formatDollars(user.totalSpent)}</dd>
          </div>
          <div className="rounded-xl bg-canvas px-4 py-3">
            <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Orders</dt>
            <dd className="mt-0.5 font-display text-2xl font-semibold text-ink tabular">{user.orderCount.toLocaleString('en-US')}</dd>
          </div>
        </dl>
        <p className="mt-2 text-xs text-ink-muted">Total spent counts approved, processing, shipped and delivered orders.</p>
      </section>

      {mayOpenOrders && <StartQuote key={user.id} customerId={user.id} customerName={user.fullName} />}

      <TradeSection customerId={user.id} />

      <section className="px-5 py-4 sm:px-6" aria-labelledby="user-orders-heading">
        <h3 id="user-orders-heading" className="mb-1 font-sans text-xs font-semibold tracking-[0.12em] text-ink-muted uppercase">
          Orders{user.orderCount > user.orders.length ? ` (newest ${user.orders.length} of ${user.orderCount})` : ''}
        </h3>
        {user.orders.length === 0 ? (
          <p className="py-2 text-sm text-ink-muted">No orders placed from this account yet.</p>
        ) : (
          <ul className="divide-y divide-line">
            {user.orders.map((order) => (
              <li key={order.id} className="flex items-center gap-3 py-2.5">
                <div className="min-w-0 flex-1">
                  {mayOpenOrders ? (
                    <a href={adminPath('order', { id: order.id })} onClick={(e) => followAdminLink(e)} className="font-semibold text-ink underline-offset-4 hover:underline">
                      {order.orderNumber}
                    </a>
                  ) : (
                    <span className="font-semibold text-ink">{order.orderNumber}</span>
                  )}
                  <p className="text-sm text-ink-muted">
                    <time dateTime={order.createdAt}>{dateFormat.format(new Date(order.createdAt))}</time>
                  </p>
                </div>
                <StatusBadge status={order.status} />
                <p className="w-[5.5rem] text-right font-semibold text-ink tabular">{formatDollars(order.total)}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** The panel's placeholder while the customer loads. */
function PanelSkeleton() {
  return (
    <div className="grid gap-3 px-5 py-5 sm:px-6" aria-hidden="true">
      {[70, 90, 55, 80, 40].map((w) => (
        <span key={w} className="h-3.5 animate-pulse rounded bg-canvas motion-reduce:animate-none" style={{ width: `${w}%` }} />
      ))}
    </div>
  );
}

/**
 * A customer's detail beside the list (its id in the URL): contact, total spent, orders, and
 * Block/Unblock and Delete. Below 1024 px it replaces the list, with a Back button.
 */
export function UserPanel({
  selectedId,
  listRow,
  filters,
  onAction,
}: {
  selectedId: string | null;
  listRow: AdminUser | undefined;
  filters: UsersFilters;
  onAction: (action: UserAction) => void;
}) {
  const { data, error } = useQuery($selectedUser);
  const user = data && data.id === selectedId ? data : undefined;
  const header = user ?? listRow;
  const heading = useRef<HTMLHeadingElement>(null);

  // On phones the panel replaces the list: reading starts at its heading.
  useEffect(() => {
    if (selectedId && window.matchMedia('(max-width: 1023.98px)').matches) heading.current?.focus({ preventScroll: true });
  }, [selectedId]);

  const panelClass = 'min-h-0 w-full shrink-0 flex-col border-line bg-white lg:w-[27rem] lg:border-l xl:w-[30rem]';

  if (!selectedId) {
    return (
      // Only where the list keeps room for every column beside it; narrower, the list takes the width.
      <aside className={`${panelClass} hidden 2xl:flex`} aria-labelledby="user-panel-empty">
        <div className="m-auto max-w-xs px-6 text-center">
          <span className="mx-auto mb-4 grid h-12 w-12 place-items-center rounded-full bg-canvas text-ink-muted" aria-hidden="true">
            <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
              <circle cx="12" cy="8" r="4" />
              <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
            </svg>
          </span>
          <h2 id="user-panel-empty" className="font-display text-xl font-semibold text-ink">
            Select a User
          </h2>
          <p className="mt-1 text-sm text-ink-muted">Choose a customer in the list to see their contact details, orders and total spent.</p>
        </div>
      </aside>
    );
  }

  const notFound = !user && error && (error as { status?: number }).status === 404;
  return (
    <section className={`${panelClass} flex`} aria-labelledby="user-panel-heading">
      <div className="shrink-0 border-b border-line px-5 pt-3 pb-4 sm:px-6">
        <div className="-ml-2 flex items-center justify-between">
          <button
            type="button"
            onClick={() => openUsers(filters)}
            className="inline-flex min-h-11 items-center gap-1 rounded-lg pr-3 pl-1 text-sm font-semibold text-ink-soft hover:bg-canvas hover:text-ink lg:hidden"
          >
            <ChevronLeftIcon />
            Back to users
          </button>
          <span className="hidden text-xs font-semibold tracking-[0.12em] text-ink-muted uppercase lg:block lg:pl-2">User details</span>
          <button
            type="button"
            onClick={() => openUsers(filters)}
            className="ml-auto hidden h-11 w-11 place-items-center rounded-lg text-ink-muted hover:bg-canvas hover:text-ink lg:grid"
            aria-label="Close user details"
          >
            <CloseIcon />
          </button>
        </div>
        <div className="mt-1 flex items-center gap-3">
          {header && (
            <span className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-ink text-sm font-semibold text-paper" aria-hidden="true">
              {initialsOf(header.fullName)}
            </span>
          )}
          <div className="min-w-0">
            <h2 id="user-panel-heading" ref={heading} tabIndex={-1} className="truncate font-sans text-xl font-bold text-ink outline-none">
              {header?.fullName ?? (notFound ? 'User not found' : 'Loading user…')}
            </h2>
            {header && (
              <p className="mt-0.5">
                <UserStatusBadge blocked={header.isBlocked} />
              </p>
            )}
          </div>
        </div>
        {header && (
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => onAction({ kind: header.isBlocked ? 'unblock' : 'block', user: header })}
              className={header.isBlocked ? BUTTONS.quiet : BUTTONS.danger}
            >
              {header.isBlocked ? 'Unblock user' : 'Block user'}
            </button>
            <button type="button" onClick={() => onAction({ kind: 'delete', user: header })} className={BUTTONS.danger}>
              <TrashIcon />
              Delete user
            </button>
          </div>
        )}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {user ? (
          <UserDetail user={user} />
        ) : error ? (
          <div role="alert" className="px-5 py-5 text-sm sm:px-6">
            <p className="font-semibold text-danger">{notFound ? 'This user does not exist or was deleted.' : 'The user could not be loaded.'}</p>
            {!notFound && (
              <>
                <p className="mt-1 text-ink-muted">{error instanceof Error ? error.message : String(error)}</p>
                <button type="button" onClick={() => $selectedUser.refresh()} className={`${BUTTONS.quiet} mt-3`}>
                  Try again
                </button>
              </>
            )}
          </div>
        ) : (
          <PanelSkeleton />
        )}
      </div>
    </section>
  );
}
