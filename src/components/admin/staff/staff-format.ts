/** How the staff list reads: last sign-in texts (spec §9). Pure. */

const HOUR_MS = 3_600_000;
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** spec §9 last-login text: Never; Just now (under 1 hour); 'Nh ago' (under 24 h); 'Nd ago' (under 168 h); else a date. */
export function lastSignInText(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return 'Never';
  const hours = (now.getTime() - Date.parse(iso)) / HOUR_MS;
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${Math.floor(hours)}h ago`;
  if (hours < 168) return `${Math.floor(hours / 24)}d ago`;
  return dateFormat.format(new Date(iso));
}

/** What each role may do, in a line (the Add staff dialog and the role select). */
export const ROLE_DESCRIPTIONS = {
  super_admin: 'Everything: orders, products, customers, analytics, staff accounts and the audit log.',
  order_manager: 'Orders and enquiries only.',
  product_manager: 'Products, categories and images only.',
  analyst: 'The dashboard and analytics only (read-only).',
} as const;
