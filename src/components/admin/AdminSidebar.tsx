import { useState } from 'react';
import { ROLE_LABELS, type Admin } from '../../lib/schemas/admin';
import { adminPath } from '../../stores/admin-router';
import { signOutAdmin } from '../../stores/admin-session';
import { useModalDialog } from '../shop/use-modal-dialog';
import { allowedViews, VIEW_DEFINITIONS, type AdminView } from '../../lib/admin/admin-views';
import { followAdminLink } from './admin-links';
import { EnquiriesNavBadge } from './enquiries/EnquiriesNavBadge';
import { CloseIcon, CollapseIcon, LogoutIcon, VIEW_ICONS } from './icons';

/** The brand mark of the storefront (public/favicon.svg), drawn inline. */
function BrandMark() {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false" className="shrink-0">
      <rect width="32" height="32" rx="7" fill="#fbfaf7" fillOpacity="0.08" />
      <path d="M9.1 14.6c2.3-1.2 4.6 1.2 6.9 0s4.6-1.2 6.9 0v3.3L16 21.9l-6.9-4z" fill="#e0532f" />
      <path d="M16 5.1l7.1 4.1v8.4L16 21.7l-7.1-4.1V9.2z" fill="none" stroke="#fbfaf7" strokeWidth="2" strokeLinejoin="round" />
      <path d="M18 16.5h3.1v8.1a1.55 1.55 0 0 1-3.1 0z" fill="#e0532f" />
    </svg>
  );
}

/** The views the role may use, then Logout (spec §2.13). */
function NavItems({ admin, current, compact }: { admin: Admin; current: AdminView | null; compact: boolean }) {
  const [leaving, setLeaving] = useState(false);
  const itemClass = (active: boolean) =>
    `group relative flex min-h-11 items-center gap-3 rounded-lg px-3 text-[0.9375rem] font-medium transition-colors ${
      active ? 'bg-paper/12 text-white' : 'text-paper/75 hover:bg-paper/8 hover:text-white'
    } ${compact ? 'justify-center' : ''}`;
  return (
    <>
      <ul className="grid gap-1">
        {allowedViews(admin.permissions, admin.role).map((view) => {
          const Icon = VIEW_ICONS[view];
          const active = view === current;
          const { label, route } = VIEW_DEFINITIONS[view];
          return (
            <li key={view}>
              <a href={adminPath(route)} onClick={(e) => followAdminLink(e)} aria-current={active ? 'page' : undefined} className={itemClass(active)} title={compact ? label : undefined}>
                {active && <span className="absolute top-2 bottom-2 left-0 w-[3px] rounded-full bg-accent" aria-hidden="true" />}
                <Icon />
                <span className={compact ? 'sr-only' : ''}>{label}</span>
                {view === 'enquiries' && <EnquiriesNavBadge compact={compact} />}
              </a>
            </li>
          );
        })}
      </ul>
      <div className="mt-auto border-t border-paper/10 pt-3">
        <button
          type="button"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void signOutAdmin();
          }}
          className={`${itemClass(false)} w-full disabled:opacity-60`}
          title={compact ? 'Logout' : undefined}
        >
          <LogoutIcon />
          <span className={compact ? 'sr-only' : ''}>Logout</span>
        </button>
      </div>
    </>
  );
}

/** The collapsible sidebar of wide screens (from 1024 px). */
export function AdminSidebar({ admin, current, collapsed, onToggleCollapsed }: { admin: Admin; current: AdminView | null; collapsed: boolean; onToggleCollapsed: () => void }) {
  return (
    <aside
      className={`hidden shrink-0 flex-col bg-ink text-paper transition-[width] duration-200 lg:flex ${collapsed ? 'w-[4.75rem]' : 'w-60'}`}
      aria-label="Back office"
    >
      <div className={`flex h-16 items-center gap-2.5 border-b border-paper/10 ${collapsed ? 'justify-center px-2' : 'px-5'}`}>
        <BrandMark />
        {!collapsed && (
          <span className="min-w-0 leading-tight">
            <span className="block truncate font-display text-[1.05rem] font-semibold">Graphene Coatings</span>
            <span className="block text-[0.6875rem] font-semibold tracking-[0.14em] text-paper/60 uppercase">Back office</span>
          </span>
        )}
      </div>
      <nav aria-label="Back office views" className="flex min-h-0 flex-1 flex-col px-3 py-4">
        <NavItems admin={admin} current={current} compact={collapsed} />
        <button
          type="button"
          onClick={onToggleCollapsed}
          aria-expanded={!collapsed}
          className={`mt-1 flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm text-paper/60 hover:bg-paper/8 hover:text-white ${collapsed ? 'justify-center' : ''}`}
        >
          <CollapseIcon collapsed={collapsed} />
          <span className={collapsed ? 'sr-only' : ''}>{collapsed ? 'Expand sidebar' : 'Collapse sidebar'}</span>
        </button>
      </nav>
    </aside>
  );
}

/** The sidebar as a drawer on phones and tablets (a modal dialog; Escape or the backdrop closes it). */
export function SidebarDrawer({ admin, current, open, onClose }: { admin: Admin; current: AdminView | null; open: boolean; onClose: () => void }) {
  const ref = useModalDialog({ open, onRequestClose: onClose });
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-label="Menu"
      className="m-0 h-dvh max-h-none w-[min(20rem,85vw)] max-w-none bg-ink p-0 text-paper backdrop:bg-ink/50 lg:hidden"
    >
      <div className="flex h-full flex-col">
        <div className="flex h-16 items-center justify-between gap-2 border-b border-paper/10 pr-2 pl-5">
          <span className="flex items-center gap-2.5">
            <BrandMark />
            <span className="font-display text-[1.05rem] font-semibold">Graphene Coatings</span>
          </span>
          <button type="button" onClick={onClose} className="grid h-11 w-11 place-items-center rounded-lg text-paper/80 hover:bg-paper/10 hover:text-white" aria-label="Close menu">
            <CloseIcon />
          </button>
        </div>
        <div className="border-b border-paper/10 px-5 py-4">
          <p className="font-semibold">{admin.name}</p>
          <p className="text-sm text-paper/70">{ROLE_LABELS[admin.role]}</p>
          <p className="truncate text-sm text-paper/60">{admin.email}</p>
        </div>
        <nav aria-label="Back office views" className="flex min-h-0 flex-1 flex-col px-3 py-4">
          <NavItems admin={admin} current={current} compact={false} />
        </nav>
      </div>
    </dialog>
  );
}
