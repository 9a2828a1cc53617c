import type { Admin } from '../../lib/schemas/admin';
import { adminPath } from '../../stores/admin-router';
import { followAdminLink } from './admin-links';
import { canOpenView, landingView, VIEW_DEFINITIONS, type AdminView } from './admin-views';
import { VIEW_ICONS } from './icons';

/** What each view not built yet will do, said plainly. */
const NOT_YET: Record<Exclude<AdminView, 'orders' | 'enquiries' | 'staff' | 'audit'>, { title: string; text: string }> = {
  overview: {
    title: 'Dashboard',
    text: 'The overview (order counts, revenue, low-stock alerts and recent activity, computed from the shop’s own data) arrives with the next release.',
  },
  products: {
    title: 'Products',
    text: 'Product management (adding and editing products, images, and bulk CSV upload) arrives with the next release. Until then the catalogue is edited in the content files.',
  },
  users: {
    title: 'Users',
    text: 'Customer management (search, blocking and deleting accounts) arrives with the next release.',
  },
  analytics: {
    title: 'Analytics',
    text: 'Analytics (revenue by day, orders by status and top products) arrives with the next release.',
  },
};

/** A view that is not available: not built yet, not allowed for the role, or not a page at all. */
export function PlaceholderView({ view, title, text, admin }: { view?: Exclude<AdminView, 'orders' | 'enquiries' | 'staff' | 'audit'>; title?: string; text?: string; admin: Admin }) {
  const copy = view ? NOT_YET[view] : { title: title ?? '', text: text ?? '' };
  const Icon = view ? VIEW_ICONS[view] : null;
  const ordersOpen = canOpenView(admin.permissions, 'orders') && view !== undefined;
  const home = landingView(admin.permissions);
  const link = ordersOpen ? ('orders' as const) : !view && home ? home : null;
  return (
    <div className="h-full overflow-y-auto p-4 sm:p-8">
      <div className="mx-auto max-w-2xl">
        <h1 className="font-display text-3xl font-semibold text-ink">{copy.title}</h1>
        <div className="mt-6 rounded-[var(--radius-card)] border border-dashed border-ink/20 bg-white/70 p-6 sm:p-8">
          {Icon && (
            <span className="mb-4 grid h-11 w-11 place-items-center rounded-xl bg-canvas text-ink-soft">
              <Icon />
            </span>
          )}
          <p className="text-base leading-relaxed text-ink-soft">{copy.text}</p>
          {link && (
            <a
              href={adminPath(VIEW_DEFINITIONS[link].route)}
              onClick={(e) => followAdminLink(e)}
              className="mt-5 inline-flex min-h-11 items-center rounded-full bg-ink px-5 text-sm font-semibold text-paper hover:bg-ink-soft"
            >
              {link === 'orders' ? 'Go to Orders' : `Go to ${VIEW_DEFINITIONS[link].label}`}
            </a>
          )}
        </div>
      </div>
    </div>
  );
}
