import './zod-config';
import { z } from 'zod';
import { ADMIN_PASSWORD_MIN, NAME_MAX, PASSWORD_MAX } from '../constants';
import { ADMIN_MESSAGES, STAFF_ROLES, staffMemberSchema, type StaffRole } from './admin';
import { isValidEmail } from './auth';
import { parseLocalDate } from '../analytics/days';

/**
 * The contract of staff accounts and the audit log (API.md "Back office", super_admin only): the
 * staff list, a new member with or without a first password, password links, and audit entries.
 */
export const STAFF_MESSAGES = {
  created: 'Staff member added.',
  invited: 'Staff member added. A link to choose a password is on its way.',
  roleChanged: 'Role changed. Their open sessions were ended.',
  deactivated: 'Staff member deactivated and signed out everywhere.',
  reactivated: 'Staff member reactivated.',
  resetSent: 'Password reset link sent.',
  lastSuperAdmin: 'The last active super admin cannot be deactivated or given another role.',
  staffNotFound: 'Staff account not found.',
  resetInactive: 'This staff account is deactivated: reactivate it before sending a reset link.',
  passwordsDontMatch: "Passwords don't match",
  linkInvalid: 'This password link is not valid. Please ask a super admin for a new one.',
  linkUsed: 'This password link has already been used. Please ask a super admin for a new one.',
  linkExpired: 'This password link has expired. Please ask a super admin for a new one.',
  passwordSet: 'Your password has been set. Sign in with it now.',
  confirmDeactivate: 'Are you sure you want to deactivate this staff member?',
  confirmReactivate: 'Are you sure you want to reactivate this staff member?',
} as const;

/** A reset link e-mailed by a super admin works this long. */
export const STAFF_RESET_TTL_MS = 60 * 60_000;
/** The link of a member added without a password (to choose their first one) works this long. */
export const STAFF_INVITE_TTL_MS = 72 * 60 * 60_000;

const emailField = z.string({ error: ADMIN_MESSAGES.email }).trim().max(254, { error: ADMIN_MESSAGES.email }).refine(isValidEmail, { error: ADMIN_MESSAGES.email });
const roleField = z.enum(STAFF_ROLES as [StaffRole, ...StaffRole[]], { error: ADMIN_MESSAGES.roleInvalid });
const adminPasswordField = z
  .string({ error: ADMIN_MESSAGES.passwordMin })
  .min(ADMIN_PASSWORD_MIN, { error: ADMIN_MESSAGES.passwordMin })
  .max(PASSWORD_MAX, { error: ADMIN_MESSAGES.passwordMax });

/** POST /api/admin/staff: a new member; without `password` (or with an empty one) they get a link to choose it. */
export const newStaffSchema = z.object({
  /** Their sign-in address, unique regardless of case. */
  email: emailField,
  /** How they appear in the back office and the audit log. */
  name: z.string({ error: ADMIN_MESSAGES.nameRequired }).trim().min(1, { error: ADMIN_MESSAGES.nameRequired }).max(NAME_MAX, { error: ADMIN_MESSAGES.nameMax }),
  /** One of STAFF_ROLES. */
  role: roleField,
  /** A first password (admin rules; the server also refuses common ones), or none: an e-mailed link instead. */
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), adminPasswordField.optional()),
});
export type NewStaffInput = z.input<typeof newStaffSchema>;

/** POST /api/admin/auth/reset-password and the /admin/reset-password form. */
export const staffPasswordSchema = z
  .object({
    /** The token of the e-mailed link. */
    token: z.string({ error: STAFF_MESSAGES.linkInvalid }).min(1, { error: STAFF_MESSAGES.linkInvalid }).max(200, { error: STAFF_MESSAGES.linkInvalid }),
    /** The new password (admin rules; the server also refuses common ones). */
    password: adminPasswordField,
    /** Must equal password. */
    confirmPassword: z.string({ error: STAFF_MESSAGES.passwordsDontMatch }),
  })
  .refine((v) => v.password === v.confirmPassword, { error: STAFF_MESSAGES.passwordsDontMatch, path: ['confirmPassword'] });
export type StaffPasswordInput = z.input<typeof staffPasswordSchema>;

/** GET /api/admin/staff answer. */
export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

/** POST /api/admin/staff/:id/reset-link answer: where it went and until when it works. */
export const resetLinkSentSchema = z.object({ sentTo: z.string(), expiresAt: z.string() });

/**
 * What the audit log's kind filter offers: each kind and the entries it covers. 'auth' is staff
 * signing in and out and setting their password; 'staff' the changes to staff accounts.
 */
export const AUDIT_KINDS = ['auth', 'staff', 'order', 'product', 'category', 'media', 'customer', 'enquiry'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** How each kind reads in the filter and on a row. */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  auth: 'Sign-ins',
  staff: 'Staff accounts',
  order: 'Orders',
  product: 'Products',
  category: 'Categories',
  media: 'Media',
  customer: 'Customers',
  enquiry: 'Enquiries',
};

/** The actions of kind 'auth' (their entity type is 'staff'). */
export const AUTH_AUDIT_ACTIONS = ['staff.sign_in', 'staff.sign_out', 'staff.password_set'] as const;

/** The entity types (audit_log.entity_type) of each kind other than 'auth' and 'staff'. */
export const AUDIT_KIND_ENTITY_TYPES: Record<Exclude<AuditKind, 'auth' | 'staff'>, readonly string[]> = {
  order: ['order'],
  product: ['product', 'import'],
  category: ['category'],
  media: ['media'],
  customer: ['customer'],
  enquiry: ['contact_message', 'quote_request'],
};

/** The kind of an entry, from its action and entity type ('other' for a type no kind covers). */
export function auditKindOf(action: string, entityType: string): AuditKind | 'other' {
  if ((AUTH_AUDIT_ACTIONS as readonly string[]).includes(action)) return 'auth';
  if (entityType === 'staff') return 'staff';
  for (const [kind, types] of Object.entries(AUDIT_KIND_ENTITY_TYPES)) if (types.includes(entityType)) return kind as AuditKind;
  return 'other';
}

/** Audit entries per page. */
export const AUDIT_PAGE_SIZE = 25;

/**
 * Whether a text is a day of the calendar (YYYY-MM-DD) or an instant (ISO 8601) on one: '2026-13-45'
 * and '2026-02-30' are not (Date.parse refuses the first and rolls the second over into March).
 */
function isDayOrInstant(value: string): boolean {
  const day = /^\d{4}-\d{2}-\d{2}(?=$|T)/.exec(value)?.[0];
  if (!day || parseLocalDate(day) === null) return false;
  return value === day || !Number.isNaN(Date.parse(value));
}

/** A day (YYYY-MM-DD) or an instant (ISO 8601 with a zone). */
const dayOrInstant = z.string().trim().max(40).refine(isDayOrInstant, { error: 'Please give a date (YYYY-MM-DD) or a time (ISO 8601).' });

/**
 * GET /api/admin/audit query: `actor` a staff id ('system' for the server's own changes), `kind`
 * one of AUDIT_KINDS, `from` and `to` days (UTC, both included) or instants (`to` excluded).
 * A value that cannot be read is refused (422) rather than silently widening the search.
 */
export const auditQuerySchema = z.object({
  actor: z.string().trim().max(100).optional(),
  kind: z.enum(AUDIT_KINDS, { error: 'Please choose a valid kind.' }).optional(),
  from: dayOrInstant.optional(),
  to: dayOrInstant.optional(),
  /** One import's own entries (every product it created or updated); without it they are grouped under the import's line. */
  importJob: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(AUDIT_PAGE_SIZE),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** One audit entry as the API returns it: who, what, when, and the record before and after. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string() }),
  action: z.string(),
  kind: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** A readable name of the record when the server knows it (a staff member's name). */
  entityName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  address: z.string().nullable(),
  /** On an import's own line ('import.start', 'import.cancel', 'import.undo'): its file and how many products it wrote. */
  import: z.object({ jobId: z.string(), fileName: z.string(), status: z.string(), created: z.number().int(), updated: z.number().int(), undone: z.boolean() }).optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/admin/audit answer, newest first. */
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
