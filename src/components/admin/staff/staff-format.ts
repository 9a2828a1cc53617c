/** How the staff list reads: role descriptions. Pure. */

/** What each role may do, in a line (the Add staff dialog and the role select). */
export const ROLE_DESCRIPTIONS = {
  super_admin: 'Everything: orders, products, customers, analytics, staff accounts and the audit log.',
  order_manager: 'Orders and enquiries only.',
  product_manager: 'Products, categories and images only.',
  analyst: 'The dashboard and analytics only (read-only).',
} as const;
