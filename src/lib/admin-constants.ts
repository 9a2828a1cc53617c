import { SHOP_FILTER_CATEGORIES } from './constants';

/**
 * Back-office constants of spec §9 that the admin island reads. Apart from ./constants.ts (whose
 * island-used exports share one chunk with every storefront page) so shoppers never download them.
 */

/** The orders list and the pending-orders bell refresh this often (spec §9: orders reload every 3 s). */
export const ADMIN_ORDERS_REFRESH_MS = 3000;
/** Query cache of the back office (spec §9): data is fresh this long... */
export const ADMIN_QUERY_STALE_MS = 5 * 60_000;
/** ...and kept this long after no view uses it. */
export const ADMIN_QUERY_RETAIN_MS = 10 * 60_000;
/** localStorage: the signed-in staff member's non-secret profile (spec §4 'admin-session'). */
export const ADMIN_SESSION_KEY = 'admin-session';

/** Admin product categories: the shop list without Kretus and GEMINI. */
export const ADMIN_PRODUCT_CATEGORIES = SHOP_FILTER_CATEGORIES.filter(
  (c) => c !== 'Kretus' && c !== 'GEMINI',
);

/** Admin brand choices (spec §9). */
export const ADMIN_BRANDS = [
  'Diamond Collection',
  'Rustoleum',
  'Zinsser',
  'International Paints',
  'Devoe Coatings',
  'Premera',
  'Endurable',
  'Titan',
  'Wagner',
  'Cabots',
  'Minwax',
  'Valspar',
  'True Value',
] as const;

/** The Bulk Upload section asks for a running import's state this often (spec §9: bulk import polling 1 s)... */
export const IMPORT_POLL_MS = 1000;
/** ...and for a paused or interrupted one (another member may resume it) as often as orders reload. */
export const IMPORT_WAITING_POLL_MS = ADMIN_ORDERS_REFRESH_MS;
/** The performance monitor's speed trend keeps the last 20 samples (spec §9). */
export const IMPORT_TREND_SAMPLES = 20;
