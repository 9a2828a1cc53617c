import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { ROLE_LABELS, type Admin } from '../../lib/schemas/admin';
import { $adminSummary } from '../../stores/admin-orders';
import { useQuery } from '../../stores/admin-query';
import { $adminRouter, adminPath, openOrders } from '../../stores/admin-router';
import { followAdminLink } from './admin-links';
import { formatBadgeCount, ordersFiltersToSearch, parseOrdersFilters, pendingOrdersLabel, type AdminView } from '../../lib/admin/admin-views';
import { BellIcon, ExternalIcon, MenuIcon, SearchIcon } from './icons';

// The palette and the shortcuts list load when first opened, outside the dashboard's first chunk.
const SearchPalette = lazy(() => import('./search/SearchPalette'));
const ShortcutsDialog = lazy(() => import('./search/ShortcutsDialog'));

/** Whether a key press happened in a field that takes text (where '/' and '?' are typed, not shortcuts). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type));
}

/**
 * The search palette's button and the keyboard shortcuts of the whole back office: '/' or Ctrl/⌘+K
 * opens the search, '?' lists the shortcuts (neither while typing in a field or a dialog is open).
 */
function PaletteLauncher() {
  const [open, setOpen] = useState<'search' | 'shortcuts' | null>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || document.querySelector('dialog[open]')) return;
      const command = (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k';
      if (command || (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !typingIn(e.target))) {
        e.preventDefault();
        setOpen('search');
      } else if (e.key === '?' && !e.ctrlKey && !e.metaKey && !typingIn(e.target)) {
        e.preventDefault();
        setOpen('shortcuts');
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen('search')}
        aria-keyshortcuts="/ Control+K Meta+K"
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full px-2 text-sm font-semibold text-ink-soft hover:bg-canvas hover:text-ink sm:border sm:border-line sm:px-3"
      >
        <SearchIcon />
        <span className="sr-only xl:not-sr-only">Search all</span>
        <kbd aria-hidden="true" className="hidden rounded border border-line bg-canvas px-1.5 font-mono text-xs xl:inline">
          /
        </kbd>
      </button>
      {open && (
        <Suspense fallback={null}>{open === 'search' ? <SearchPalette onClose={() => setOpen(null)} /> : <ShortcutsDialog onClose={() => setOpen(null)} />}</Suspense>
      )}
    </>
  );
}

/** How long typing pauses before the orders list follows the search box. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The bell: pending orders, '99+' above 99, linking to the pending filter. */
function BellLink({ count }: { count: number | null | undefined }) {
  const badge = formatBadgeCount(count);
  return (
    <a
      href={adminPath('orders', {}, ordersFiltersToSearch({ status: 'pending' }))}
      onClick={(e) => followAdminLink(e)}
      aria-label={pendingOrdersLabel(count)}
      className="relative grid h-11 w-11 shrink-0 place-items-center rounded-full text-ink-soft hover:bg-canvas hover:text-ink"
    >
      <BellIcon />
      {badge && (
        // Anchored at the bell's top-right corner and growing rightwards, so even '99+' leaves the bell whole.
        <span className="absolute top-0.5 left-[1.625rem] min-w-4 rounded-full bg-accent px-1 text-center text-[0.6875rem] leading-4 font-bold text-white tabular ring-2 ring-white" aria-hidden="true">
          {badge}
        </span>
      )}
    </a>
  );
}

/** The bell with the live count (client only: it polls the summary every 3 s). */
function PendingBell() {
  const { data } = useQuery($adminSummary);
  return <BellLink count={data?.pendingOrders} />;
}

/** The orders search: live (debounced) on the orders view, Enter opens the orders view from elsewhere. */
function OrdersSearch({ hydrated }: { hydrated: boolean }) {
  const page = useStore($adminRouter);
  const onOrders = hydrated && (page?.route === 'orders' || page?.route === 'order');
  const filters = parseOrdersFilters(onOrders ? page.search : {});
  const selectedId = onOrders && page.route === 'order' ? page.params.id : undefined;
  const [value, setValue] = useState('');
  const latest = useRef({ filters, selectedId, onOrders });
  latest.current = { filters, selectedId, onOrders };

  // The URL is the truth: the back button or the bell changes q, the box follows.
  useEffect(() => {
    if (onOrders) setValue((v) => (v.trim() === filters.q ? v : filters.q));
  }, [onOrders, filters.q]);

  useEffect(() => {
    const { filters: current, onOrders: live, selectedId: id } = latest.current;
    if (!live || value.trim() === current.q) return;
    const timer = window.setTimeout(() => openOrders({ ...current, q: value, page: 1 }, { id, replace: true }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { filters: current, onOrders: live, selectedId: id } = latest.current;
    openOrders({ status: live ? current.status : 'all', q: value, page: 1 }, { id: live ? id : undefined, replace: live });
  };

  return (
    <form role="search" onSubmit={onSubmit} className="relative w-full max-w-md">
      <label htmlFor="admin-order-search" className="sr-only">
        Search orders
      </label>
      <span className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-ink-muted">
        <SearchIcon />
      </span>
      <input
        id="admin-order-search"
        type="search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder="Order number, customer or e-mail"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        className="block min-h-11 w-full rounded-full border border-ink/15 bg-canvas/60 pr-4 pl-10 text-[0.9375rem] text-ink placeholder:text-ink-muted focus:border-ink focus:bg-white focus:outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-accent"
      />
    </form>
  );
}

/** Initials for the avatar: 'Ada Lovelace' → 'AL'. */
function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** The top bar (spec §2.13): welcome, orders search, pending-orders bell, View Site, name and role. */
export function AdminTopBar({ admin, hydrated, view, onOpenMenu }: { admin: Admin; hydrated: boolean; view: AdminView | null; onOpenMenu: () => void }) {
  const managesOrders = admin.permissions.includes('manage_orders');
  return (
    <header className="shrink-0 border-b border-line bg-white">
      <div className="flex min-h-16 flex-wrap items-center gap-x-2 gap-y-2 px-3 py-2.5 sm:gap-x-3 sm:px-5">
        <button type="button" onClick={onOpenMenu} className="grid h-11 w-11 shrink-0 place-items-center rounded-lg text-ink hover:bg-canvas lg:hidden" aria-label="Open menu">
          <MenuIcon />
        </button>
        <p className="min-w-0 flex-1 truncate text-[0.9375rem] text-ink-muted md:flex-none xl:w-56">
          Welcome, <span className="font-semibold text-ink">{admin.name}</span>
        </p>
        {managesOrders && (
          <div className={`order-last basis-full justify-center md:order-none md:flex md:min-w-0 md:flex-1 md:basis-auto ${view === 'orders' ? 'flex' : 'hidden'}`}>
            <OrdersSearch hydrated={hydrated} />
          </div>
        )}
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          {hydrated && <PaletteLauncher />}
          {managesOrders && (hydrated ? <PendingBell /> : <BellLink count={undefined} />)}
          <a
            href="/"
            className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full px-2 text-sm font-semibold text-ink-soft hover:bg-canvas hover:text-ink sm:border sm:border-line sm:px-4"
            aria-label="View Site"
          >
            <span className="hidden sm:inline">View Site</span>
            <ExternalIcon />
          </a>
          <div className="ml-1 hidden items-center gap-3 border-l border-line pl-3 md:flex">
            <span className="grid h-9 w-9 place-items-center rounded-full bg-ink text-xs font-bold text-paper" aria-hidden="true">
              {initialsOf(admin.name)}
            </span>
            <span className="leading-tight">
              <span className="block max-w-40 truncate text-sm font-semibold text-ink">{admin.name}</span>
              <span className="block text-xs text-ink-muted">{ROLE_LABELS[admin.role]}</span>
            </span>
          </div>
        </div>
      </div>
    </header>
  );
}
