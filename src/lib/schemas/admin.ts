import './zod-config';
import { z } from 'zod';
import { ORDER_SORT_FIELDS, sortParamSchema } from './admin-sort';
import { ADMIN_PASSWORD_MIN, NAME_MAX, ORDER_STATUSES, PASSWORD_MAX, type OrderStatus } from '../constants';
import { isValidEmail } from './auth';
import { orderHistoryEntrySchema, orderSchema } from './order';
import { creditNoteSchema } from './payments';

/**
 * The back office contract (API.md "Back office"): staff, roles and permissions, the admin views of
 * orders and their history, and every message staff read (spec §5, §8 and the real server's additions).
 */
export const ADMIN_MESSAGES = {
  email: 'Please enter a valid email address.',
  passwordMin: `Password must be at least ${ADMIN_PASSWORD_MIN} characters.`,
  passwordMax: `Password must be at most ${PASSWORD_MAX} characters.`,
  nameMax: `Name must be at most ${NAME_MAX} characters.`,
  invalidCredentials: 'Invalid admin credentials. Please check your email and password.',
  loginFailed: 'Admin login failed',
  notSignedIn: 'Please sign in to the admin portal.',
  forbidden: 'Your role does not allow this.',
  deactivated: 'This staff account has been deactivated.',
  commonPassword: 'This password is too common. Please choose one that is harder to guess.',
  nameRequired: 'Name is required.',
  roleInvalid: 'Please choose a valid role.',
  staffEmailTaken: 'A staff account with this email already exists.',
  approved: 'Order approved successfully!',
  declined: 'Order declined successfully!',
  statusUpdated: 'Order status updated.',
  declineReasonRequired: 'Please give a reason for declining the order.',
  orderNotFound: 'Order not found.',
  /** Followed by the order's current status, e.g. "This order is already approved." */
  transitionRefused: 'This change is not possible: the order is',
  noteTooLong: 'Notes must be at most 1000 characters.',
  trackingTooLong: 'Tracking details must be at most 100 characters.',
  tooManyAttempts: 'Too many sign-in attempts.',
} as const;

/** The four permissions of spec §6. */
export const PERMISSIONS = ['manage_products', 'manage_users', 'view_analytics', 'manage_orders'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Staff roles and what each may do; 'super_admin' has every permission (spec §6). */
export const ROLE_PERMISSIONS = {
  super_admin: PERMISSIONS,
  order_manager: ['manage_orders'],
  product_manager: ['manage_products'],
  analyst: ['view_analytics'],
} as const satisfies Record<string, readonly Permission[]>;
export type StaffRole = keyof typeof ROLE_PERMISSIONS;
export const STAFF_ROLES = Object.keys(ROLE_PERMISSIONS) as StaffRole[];

/** How each role reads in the back office. */
export const ROLE_LABELS: Record<StaffRole, string> = {
  super_admin: 'Super Admin',
  order_manager: 'Order Manager',
  product_manager: 'Product Manager',
  analyst: 'Analyst',
};

/** The permissions of a role. */
export function permissionsOf(role: StaffRole): readonly Permission[] {
  return ROLE_PERMISSIONS[role];
}

/** The signed-in staff member as the API returns it (spec §3 Admin). */
export const adminSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES as [StaffRole, ...StaffRole[]]),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type Admin = z.infer<typeof adminSchema>;

/** POST /api/admin/auth/login (spec §5 Admin login). */
export const adminSignInSchema = z.object({
  email: z.string({ error: ADMIN_MESSAGES.email }).trim().max(254, { error: ADMIN_MESSAGES.email }).refine(isValidEmail, { error: ADMIN_MESSAGES.email }),
  password: z.string({ error: ADMIN_MESSAGES.passwordMin }).min(ADMIN_PASSWORD_MIN, { error: ADMIN_MESSAGES.passwordMin }).max(PASSWORD_MAX, { error: ADMIN_MESSAGES.passwordMax }),
});
export type AdminSignInInput = z.input<typeof adminSignInSchema>;

export { ORDER_EVENT_ACTIONS, orderHistoryEntrySchema, type OrderEventAction, type OrderHistoryEntry } from './order';

/** An order as staff see it: the customer's view plus shipment and the whole history. */
export const adminOrderSchema = orderSchema.extend({
  customerId: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  history: z.array(orderHistoryEntrySchema),
  /** The refunds and their credit notes, oldest first. */
  creditNotes: z.array(creditNoteSchema),
  /** Why the payment needs staff (a failed capture or refund), or null. */
  paymentProblem: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** POST /api/admin/orders/:id/refunds answer: the credit note issued and the order as it now is. */
export const refundResultSchema = z.object({ creditNote: creditNoteSchema, order: adminOrderSchema });

/** A row of the orders list (no history; lines included for the item count and summary). */
export const adminOrderListItemSchema = adminOrderSchema.omit({ history: true, creditNotes: true });
export type AdminOrderListItem = z.infer<typeof adminOrderListItemSchema>;

/** The order status filter (spec §9 plus 'cancelled', which the real state machine reaches). */
export const ORDER_STATUS_FILTERS = ['all', ...ORDER_STATUSES] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

/** Largest page of any admin list. */
export const ADMIN_PAGE_SIZE_MAX = 100;
/** Default page size of the admin lists. */
export const ADMIN_PAGE_SIZE_DEFAULT = 20;

/** GET /api/admin/orders query. */
export const adminOrdersQuerySchema = z.object({
  status: z.enum(ORDER_STATUS_FILTERS).catch('all'),
  q: z.string().trim().max(200).catch(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).catch(ADMIN_PAGE_SIZE_DEFAULT),
  /** `<field>:asc|desc` (ORDER_SORT_FIELDS); newest first without it. */
  sort: sortParamSchema(ORDER_SORT_FIELDS),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** GET /api/admin/orders answer. */
export const adminOrdersPageSchema = z.object({
  orders: z.array(adminOrderListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrdersPage = z.infer<typeof adminOrdersPageSchema>;

/** GET /api/admin/summary: the counts the top bar and sidebar show (null where the role may not see them). */
export const adminSummarySchema = z.object({
  pendingOrders: z.number().int().nullable(),
  /** Contact messages and quote requests still 'new' (the Enquiries badge); null without manage_orders. */
  newEnquiries: z.number().int().nullable(),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

/** POST /api/admin/orders/:id/decline. */
export const declineOrderSchema = z.object({
  reason: z
    .string({ error: ADMIN_MESSAGES.declineReasonRequired })
    .trim()
    .min(1, { error: ADMIN_MESSAGES.declineReasonRequired })
    .max(1000, { error: ADMIN_MESSAGES.noteTooLong }),
});

/** Statuses staff set through POST /api/admin/orders/:id/status (approve and decline have their own routes). */
export const STATUS_CHANGE_TARGETS = ['processing', 'shipped', 'delivered', 'cancelled'] as const;

/** POST /api/admin/orders/:id/status. */
export const orderStatusChangeSchema = z.object({
  status: z.enum(STATUS_CHANGE_TARGETS, { error: 'Please choose a valid status.' }),
  notes: z.string().trim().max(1000, { error: ADMIN_MESSAGES.noteTooLong }).optional(),
  carrier: z.string().trim().max(100, { error: ADMIN_MESSAGES.trackingTooLong }).optional(),
  trackingNumber: z.string().trim().max(100, { error: ADMIN_MESSAGES.trackingTooLong }).optional(),
});
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/**
 * The order state machine: from each status, the statuses staff may move it to.
 * pending → approved | declined | cancelled; approved → processing | cancelled;
 * processing → shipped | cancelled; shipped → delivered; declined, delivered, cancelled are final.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['approved', 'declined', 'cancelled'],
  approved: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  declined: [],
  cancelled: [],
};

/** Whether staff may move an order from one status to another. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** 409 answer of a refused or lost transition: the error plus the order as it now is. */
export const orderConflictSchema = z.object({
  error: z.object({ code: z.literal('conflict'), message: z.string() }),
  order: adminOrderSchema,
});

/** POST /api/admin/staff (super_admin): a new staff account; the server also refuses common passwords. */
export const staffCreateSchema = z.object({
  email: z.string({ error: ADMIN_MESSAGES.email }).trim().max(254, { error: ADMIN_MESSAGES.email }).refine(isValidEmail, { error: ADMIN_MESSAGES.email }),
  name: z.string({ error: ADMIN_MESSAGES.nameRequired }).trim().min(1, { error: ADMIN_MESSAGES.nameRequired }).max(NAME_MAX, { error: ADMIN_MESSAGES.nameMax }),
  role: z.enum(STAFF_ROLES as [StaffRole, ...StaffRole[]], { error: ADMIN_MESSAGES.roleInvalid }),
  password: z.string({ error: ADMIN_MESSAGES.passwordMin }).min(ADMIN_PASSWORD_MIN, { error: ADMIN_MESSAGES.passwordMin }).max(PASSWORD_MAX, { error: ADMIN_MESSAGES.passwordMax }),
});
export type StaffCreateInput = z.infer<typeof staffCreateSchema>;

/** PATCH /api/admin/staff/:id (super_admin): a new role and/or active state. */
export const staffChangeSchema = z
  .object({
    role: z.enum(STAFF_ROLES as [StaffRole, ...StaffRole[]], { error: ADMIN_MESSAGES.roleInvalid }).optional(),
    active: z.boolean({ error: 'Active must be true or false.' }).optional(),
  })
  .refine((v) => v.role !== undefined || v.active !== undefined, { error: 'Nothing to change.' });

/** A staff account as the staff list shows it. */
export const staffMemberSchema = adminSchema.extend({ active: z.boolean(), lastLogin: z.string().nullable().optional(), createdAt: z.string().optional() });
export type StaffMember = z.infer<typeof staffMemberSchema>;
