import './zod-config';
import { z } from 'zod';
import { sortParamSchema, USER_SORT_FIELDS } from './admin-sort';
import { ADMIN_PAGE_SIZE_DEFAULT, ADMIN_PAGE_SIZE_MAX } from './admin';
import { ORDER_STATUSES, type OrderStatus } from '../constants';

/**
 * The back office's customers (spec §2.13 Users, §3 User, §4 Users, §5 Confirmations and admin
 * search, §8 'No users found', §9 user filter and 'New This Month'): the list, one customer's
 * detail with their orders, block/unblock and delete, and every text staff read about them.
 */
export const ADMIN_USER_MESSAGES = {
  notFound: 'User not found.',
  empty: 'No users found',
  confirmBlock: 'Are you sure you want to block this user?',
  confirmUnblock: 'Are you sure you want to unblock this user?',
  confirmDelete: 'Are you sure you want to permanently delete this user? This action cannot be undone.',
  blocked: 'User blocked. They have been signed out everywhere.',
  unblocked: 'User unblocked.',
  deleted: 'User deleted.',
  isBlockedRequired: 'isBlocked must be true or false.',
  statusInvalid: 'Status must be all, active or blocked.',
  pageInvalid: 'Page must be a whole number from 1.',
  pageSizeInvalid: `Page size must be a whole number from 1 to ${ADMIN_PAGE_SIZE_MAX}.`,
  searchTooLong: 'Search must be at most 200 characters.',
} as const;

/** The warning banner of spec §2.13: 'N User(s) Currently Blocked'. */
export function blockedBannerTitle(count: number): string {
  return `${count.toLocaleString('en-US')} User(s) Currently Blocked`;
}

/** The user filter of spec §9. */
export const USER_STATUS_FILTERS = ['all', 'active', 'blocked'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

/**
 * Order statuses whose totals count as money a customer spent: approved and everything after it on
 * the way to the door. Pending orders are not yet accepted; declined and cancelled ones were never charged.
 */
export const SPENDING_ORDER_STATUSES = ['approved', 'processing', 'shipped', 'delivered'] as const satisfies readonly OrderStatus[];

/** GET /api/admin/users query: anything outside these bounds is refused (422) rather than guessed. */
export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(200, { error: ADMIN_USER_MESSAGES.searchTooLong }).default(''),
  status: z.enum(USER_STATUS_FILTERS, { error: ADMIN_USER_MESSAGES.statusInvalid }).default('all'),
  page: z.coerce.number({ error: ADMIN_USER_MESSAGES.pageInvalid }).int({ error: ADMIN_USER_MESSAGES.pageInvalid }).min(1, { error: ADMIN_USER_MESSAGES.pageInvalid }).max(100_000, { error: ADMIN_USER_MESSAGES.pageInvalid }).default(1),
  pageSize: z.coerce
    .number({ error: ADMIN_USER_MESSAGES.pageSizeInvalid })
    .int({ error: ADMIN_USER_MESSAGES.pageSizeInvalid })
    .min(1, { error: ADMIN_USER_MESSAGES.pageSizeInvalid })
    .max(ADMIN_PAGE_SIZE_MAX, { error: ADMIN_USER_MESSAGES.pageSizeInvalid })
    .default(ADMIN_PAGE_SIZE_DEFAULT),
  /** `<field>:asc|desc` (USER_SORT_FIELDS); newest first without it. */
  sort: sortParamSchema(USER_SORT_FIELDS),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** A customer as the users list shows them (never a hash, never a token). */
export const adminUserSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  isBlocked: z.boolean(),
  /** ISO time of the latest sign-in; null when they never signed in. */
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  /** Orders placed while signed in to this account. */
  orderCount: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The stat cards: every customer, active, blocked, and created this calendar month (UTC). */
export const adminUserStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  blocked: z.number().int(),
  newThisMonth: z.number().int(),
});
export type AdminUserStats = z.infer<typeof adminUserStatsSchema>;

/** GET /api/admin/users answer, newest first. */
export const adminUsersPageSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  stats: adminUserStatsSchema,
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** One of a customer's orders in their detail (money in dollars). */
export const adminUserOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: z.number(),
});
export type AdminUserOrder = z.infer<typeof adminUserOrderSchema>;

/** Most orders one customer's detail lists (newest first); the count and total spent cover all. */
export const ADMIN_USER_ORDERS_MAX = 100;

/** GET /api/admin/users/:id: the customer, their newest orders and what they spent (SPENDING_ORDER_STATUSES). */
export const adminUserDetailSchema = adminUserSchema.extend({
  dateOfBirth: z.string(),
  orders: z.array(adminUserOrderSchema),
  /** Sum of the totals of their orders in SPENDING_ORDER_STATUSES, in dollars. */
  totalSpent: z.number(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** PATCH /api/admin/users/:id. */
export const adminUserChangeSchema = z.strictObject(
  { isBlocked: z.boolean({ error: ADMIN_USER_MESSAGES.isBlockedRequired }) },
  { error: ADMIN_USER_MESSAGES.isBlockedRequired },
);
export type AdminUserChange = z.infer<typeof adminUserChangeSchema>;
