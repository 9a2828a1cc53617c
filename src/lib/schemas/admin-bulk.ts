import { z } from 'zod';
import { ADMIN_CATEGORY_FILTER_ALL } from './admin-catalog';
import { ADMIN_MESSAGES, adminOrdersQuerySchema, declineOrderSchema, ORDER_STATUS_FILTERS, orderStatusChangeSchema } from './admin';
import { adminUsersQuerySchema, USER_STATUS_FILTERS } from './admin-users';
import { STOCK_FILTERS } from '../admin/stock';

/** Most records one bulk request may touch (a larger selection is refused rather than cut short). */
export const BULK_MAX_RECORDS = 20_000;

/** The messages of the bulk routes. */
export const BULK_MESSAGES = {
  selection: 'Choose the records: either ids or a filter.',
  tooMany: `A bulk action can change at most ${BULK_MAX_RECORDS.toLocaleString('en-GB')} records at once.`,
  statusRequired: 'Please choose a valid status.',
  categoryRequired: 'Please choose a category.',
  brandRequired: 'Please choose a brand.',
  stockRequired: 'Stock must be a whole number from 0.',
  flagsRequired: 'Choose at least one flag to set.',
  priceChangeRequired: 'Give the price change as a percentage or an amount.',
  priceNotAbove: 'The new price would not be above the original price.',
  stale: 'This product was changed since the selection was read.',
  versionsRequired: 'Send the version of every selected product.',
  jobNotFound: 'This bulk action was not found.',
} as const;

/** An id of the selection. */
const idSchema = z.string().trim().min(1).max(200);

/** The answer of every bulk route: how many records changed, and each refused one with why. */
export const bulkResultSchema = z.object({
  /** Records changed. */
  changed: z.number().int(),
  /** Records left as they were, each with the message the one-by-one route would have answered. */
  refused: z.array(z.object({ id: z.string(), message: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** The selection: explicit ids, or every record the list's filter matches (read once, before any change). */
function checkSelection(input: { ids?: unknown[]; filter?: unknown }, ctx: z.RefinementCtx): void {
  if ((input.ids === undefined) === (input.filter === undefined)) ctx.addIssue({ code: 'custom', path: ['ids'], message: BULK_MESSAGES.selection });
}

/** POST /api/admin/orders/bulk: approve, decline with one reason, or move to a status, the same as one by one. */
export const orderBulkSchema = z
  .object({
    /** Order ids. */
    ids: z.array(idSchema).min(1, { error: BULK_MESSAGES.selection }).max(BULK_MAX_RECORDS, { error: BULK_MESSAGES.tooMany }).optional(),
    /** The orders list's filter (status, search). */
    filter: z.object({ status: z.enum(ORDER_STATUS_FILTERS).default('all'), q: z.string().trim().max(200).default('') }).optional(),
    action: z.enum(['approve', 'decline', 'status'], { error: 'Please choose an action.' }),
    /** The decline reason (required for 'decline'); the note of a status change. */
    reason: declineOrderSchema.shape.reason.optional(),
    /** The target of 'status'. */
    status: orderStatusChangeSchema.shape.status.optional(),
  })
  .superRefine((input, ctx) => {
    checkSelection(input, ctx);
    if (input.action === 'decline' && !input.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: ADMIN_MESSAGES.declineReasonRequired });
    if (input.action === 'status' && !input.status) ctx.addIssue({ code: 'custom', path: ['status'], message: BULK_MESSAGES.statusRequired });
  });
export type OrderBulk = z.infer<typeof orderBulkSchema>;

/** The product flags a bulk action may set. */
export const productBulkFlagsSchema = z
  .object({ isEcoFriendly: z.boolean(), isNew: z.boolean(), isPopular: z.boolean(), requestQuoteOnly: z.boolean() })
  .partial()
  .refine((flags) => Object.keys(flags).length > 0, { error: BULK_MESSAGES.flagsRequired });

/** POST /api/admin/products/bulk: withdraw, or one change to every product, each saved as the edit dialog saves it. */
export const productBulkSchema = z
  .object({
    /** Product ids. */
    ids: z.array(idSchema).min(1, { error: BULK_MESSAGES.selection }).max(BULK_MAX_RECORDS, { error: BULK_MESSAGES.tooMany }).optional(),
    /** The version of each selected product when the list was read; a product changed since is refused. */
    versions: z.record(z.string(), z.number().int().min(1)).optional(),
    /** The products list's filter (search, category, stock level). */
    filter: z
      .object({ q: z.string().trim().max(200).default(''), category: z.string().trim().max(100).default(ADMIN_CATEGORY_FILTER_ALL), stock: z.enum(STOCK_FILTERS).default('all') })
      .optional(),
    /** 'delete' is the one-by-one DELETE: the product is withdrawn (kept for its orders). */
    action: z.enum(['withdraw', 'delete', 'category', 'brand', 'stock', 'flags', 'price'], { error: 'Please choose an action.' }),
    category: z.string().trim().min(1).max(100).optional(),
    brand: z.string().trim().min(1).max(100).optional(),
    stockQuantity: z.number().int().min(0).optional(),
    flags: productBulkFlagsSchema.optional(),
    /** The price change: by a percentage (-10 is 10 % off) or an amount in dollars. */
    price: z.object({ by: z.enum(['percent', 'amount']), value: z.number().finite().min(-100_000).max(100_000) }).optional(),
  })
  .superRefine((input, ctx) => {
    checkSelection(input, ctx);
    const need: Partial<Record<typeof input.action, [keyof typeof input, string]>> = {
      category: ['category', BULK_MESSAGES.categoryRequired],
      brand: ['brand', BULK_MESSAGES.brandRequired],
      stock: ['stockQuantity', BULK_MESSAGES.stockRequired],
      flags: ['flags', BULK_MESSAGES.flagsRequired],
      price: ['price', BULK_MESSAGES.priceChangeRequired],
    };
    const required = need[input.action];
    if (required && input[required[0]] === undefined) ctx.addIssue({ code: 'custom', path: [required[0]], message: required[1] });
  });
export type ProductBulk = z.infer<typeof productBulkSchema>;

/** POST /api/admin/users/bulk: block or unblock customers, the same as one by one. */
export const userBulkSchema = z
  .object({
    /** Customer ids. */
    ids: z.array(idSchema).min(1, { error: BULK_MESSAGES.selection }).max(BULK_MAX_RECORDS, { error: BULK_MESSAGES.tooMany }).optional(),
    /** The users list's filter (search, status). */
    filter: z.object({ q: z.string().trim().max(200).default(''), status: z.enum(USER_STATUS_FILTERS).default('all') }).optional(),
    action: z.enum(['block', 'unblock'], { error: 'Please choose an action.' }),
  })
  .superRefine(checkSelection);
export type UserBulk = z.infer<typeof userBulkSchema>;

/** What a large bulk selection runs as: its progress while running, then the same result as a 200. */
export const bulkJobSchema = z.object({
  id: z.string(),
  /** Which list it changes. */
  kind: z.enum(['orders', 'products', 'users']),
  /** 'error': a fault stopped it (the records done so far stay changed). */
  status: z.enum(['running', 'completed', 'error']),
  /** Records selected. */
  total: z.number().int(),
  /** Records done so far (changed or refused). */
  current: z.number().int(),
  changed: z.number().int(),
  refused: bulkResultSchema.shape.refused,
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;
/** The kinds of bulk job. */
export type BulkKind = BulkJob['kind'];

/** The 202 answer of a bulk route whose selection runs as a job. */
export const bulkJobAcceptedSchema = z.object({ job: bulkJobSchema });

/** Most ids one export link may name. */
export const EXPORT_IDS_MAX = 200;

/** An export's `ids=` parameter: comma-separated ids (at most EXPORT_IDS_MAX), or absent for the whole filter. */
export const exportIdsSchema = z
  .string()
  .optional()
  .transform((text) => (text === undefined ? undefined : [...new Set(text.split(',').map((id) => id.trim()).filter(Boolean))]))
  .pipe(z.array(idSchema).min(1, { error: BULK_MESSAGES.selection }).max(EXPORT_IDS_MAX, { error: `An export link can name at most ${EXPORT_IDS_MAX} records; export the filtered list instead.` }).optional());

/** GET /api/admin/products/export.csv: `ids=`, or the list's filter (every live product without one). */
export const productsExportQuerySchema = z.object({
  ids: exportIdsSchema,
  q: z.string().trim().max(200).default(''),
  category: z.string().trim().max(100).default(ADMIN_CATEGORY_FILTER_ALL),
  stock: z.enum(STOCK_FILTERS).default('all'),
});

/** GET /api/admin/orders/export.csv: the list's query, and `ids=` for the selection only. */
export const ordersExportQuerySchema = adminOrdersQuerySchema.extend({ ids: exportIdsSchema });

/** GET /api/admin/users/export.csv: the list's query, and `ids=` for the selection only. */
export const usersExportQuerySchema = adminUsersQuerySchema.extend({ ids: exportIdsSchema });
