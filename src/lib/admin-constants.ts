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
