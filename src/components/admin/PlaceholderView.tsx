import type { Admin } from '../../lib/schemas/admin';
import { adminPath } from '../../stores/admin-router';
import { followAdminLink } from './admin-links';
import { landingView, VIEW_DEFINITIONS } from '../../lib/admin/admin-views';

/** A view that cannot be shown: not allowed for the role, or not a page at all; links to the member's own landing view. */
export function PlaceholderView({ title, text, admin }: { title: string; text: string; admin: Admin }) {
  const home = landingView(admin.permissions);
  return (
    <div className="h-full overflow-y-auto p-4 sm:p-8">
      <div className="mx-auto max-w-2xl">
        <h1 className="font-display text-3xl font-semibold text-ink">{title}</h1>
        <div className="mt-6 rounded-[var(--radius-card)] border border-dashed border-ink/20 bg-white/70 p-6 sm:p-8">
          <p className="text-base leading-relaxed text-ink-soft">{text}</p>
          {home && (
            <a
              href={adminPath(VIEW_DEFINITIONS[home].route)}
              onClick={(e) => followAdminLink(e)}
              className="mt-5 inline-flex min-h-11 items-center rounded-full bg-ink px-5 text-sm font-semibold text-paper hover:bg-ink-soft"
            >
              Go to {VIEW_DEFINITIONS[home].label}
            </a>
          )}
        </div>
      </div>
    </div>
  );
}
