/** How audit entries read in the back office: action labels, the record's name, and a field-by-field diff. Pure. */
import { ROLE_LABELS } from '../../../lib/schemas/admin';
import type { AuditEntry } from '../../../lib/schemas/admin-staff';

/** What each known action reads as. */
const ACTION_LABELS: Record<string, string> = {
  'staff.sign_in': 'Signed in',
  'staff.sign_out': 'Signed out',
  'staff.password_set': 'Set their password',
  'staff.create': 'Added staff member',
  'staff.update': 'Changed staff member',
  'staff.invite_sent': 'Sent a set-up link',
  'staff.reset_link_sent': 'Sent a password reset link',
  'order.approve': 'Approved order',
  'order.decline': 'Declined order',
  'order.ship': 'Shipped order',
  'order.cancel': 'Cancelled order',
  'order.expire': 'Order expired unapproved',
  'order.status': 'Changed order status',
  'order.payment': 'Recorded a payment',
  'order.capture': 'Captured a card payment',
  'order.refund': 'Refunded order',
  'product.create': 'Added product',
  'product.update': 'Edited product',
  'product.delete': 'Deleted product',
  'product.erase': 'Deleted product for good',
  'product.document_upload': 'Uploaded data sheet',
  'product.document_remove': 'Removed data sheet',
  'category.create': 'Added category',
  'category.update': 'Edited category',
  'category.delete': 'Deleted category',
  'media.upload': 'Uploaded image',
  'media.delete': 'Removed unused image',
  'customer.block': 'Blocked customer',
  'customer.unblock': 'Unblocked customer',
  'customer.delete': 'Erased customer',
  'customer.trade': 'Set trade account',
  'customer.trade_remove': 'Ended trade account',
  'enquiry.reply': 'Replied to enquiry',
  'enquiry.handled': 'Marked enquiry handled',
  'enquiry.reopened': 'Reopened enquiry',
  'quote.start': 'Started quote for a customer',
  'quote.draft': 'Saved quote draft',
  'quote.send': 'Sent quote',
  'quote.withdraw': 'Withdrew quote',
  'quote.accept': 'Quote accepted by customer',
  'quote.decline': 'Quote declined by customer',
  'quote.expire': 'Quote expired',
  'import.start': 'Started import',
  'import.dry_run': 'Checked import file',
  'import.pause': 'Paused import',
  'import.resume': 'Resumed import',
  'import.cancel': 'Cancelled import',
  'import.take_over': 'Took over import',
  'import.undo': 'Undid import',
};

/** Every action the server records, so a test can prove each has a label. */
export const LABELLED_ACTIONS: readonly string[] = Object.keys(ACTION_LABELS);

/** 'paymentStatus' → 'Payment status', 'order_number' → 'Order number'. */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What an action reads as: its label, or its words ('customer.block' → 'Customer block'). */
export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? humanize(action);
}

/** A readable name of the record an entry is about: its name, order number, SKU or e-mail, else a short id. */
export function entityLabel(entry: Pick<AuditEntry, 'entityName' | 'entityId' | 'before' | 'after'>): string | null {
  if (entry.entityName) return entry.entityName;
  for (const record of [entry.after, entry.before]) {
    if (!record || typeof record !== 'object') continue;
    const r = record as Record<string, unknown>;
    for (const key of ['orderNumber', 'name', 'fullName', 'sku', 'email', 'url', 'sentTo']) if (typeof r[key] === 'string' && r[key]) return r[key] as string;
  }
  return entry.entityId ? entry.entityId.slice(0, 8) : null;
}

/** A leaf value as text: '—' for nothing, Yes/No for booleans, staff roles by their names, numbers and text as they are. */
export function formatValue(value: unknown, path = ''): string {
  if (value === null || value === undefined || value === '') return '—';
  if (/(^|\.)role$/.test(path) && typeof value === 'string' && Object.hasOwn(ROLE_LABELS, value)) return ROLE_LABELS[value as keyof typeof ROLE_LABELS];
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value) && value.length === 0) return 'None';
  if (typeof value === 'object' && Object.keys(value).length === 0) return 'None';
  return String(value);
}

/** Every leaf of a value by its path ('technicalSpecs.0.name'); a primitive at the top is the path ''. */
export function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object' && (Array.isArray(value) ? value.length > 0 : Object.keys(value).length > 0)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix !== '' || value !== null) {
    out.set(prefix, value);
  }
  return out;
}

/** 'technicalSpecs.0.name' → 'Technical specs 1 › Name' (list positions count from 1). */
export function pathLabel(path: string): string {
  if (path === '') return 'Value';
  const parts: string[] = [];
  for (const part of path.split('.')) {
    if (/^\d+$/.test(part) && parts.length > 0) parts[parts.length - 1] += ` ${Number(part) + 1}`;
    else parts.push(humanize(part));
  }
  return parts.join(' › ');
}

/** One line of a diff. */
export interface DiffLine {
  path: string;
  label: string;
  before: string;
  after: string;
  changed: boolean;
}

/**
 * Before and after as a list of fields: every leaf of either side in first-seen order, each with
 * both values as text and whether it changed. A creation has only after, a removal only before.
 */
export function diffRecords(before: unknown, after: unknown): DiffLine[] {
  const a = flatten(before);
  const b = flatten(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  return paths.map((path) => {
    const from = a.has(path) ? formatValue(a.get(path), path) : '—';
    const to = b.has(path) ? formatValue(b.get(path), path) : '—';
    return { path, label: pathLabel(path), before: from, after: to, changed: from !== to };
  });
}

/** An import's own audit line as one sentence: 'Imported 9,812 products from products.csv'. */
export function importLine(action: string, job: { fileName: string; created: number; updated: number }): string {
  if (action === 'import.cancel') return `Cancelled the import of ${job.fileName}`;
  if (action === 'import.undo') return `Undid the import of ${job.fileName}`;
  const count = job.created + job.updated;
  return `Imported ${count.toLocaleString('en-US')} product${count === 1 ? '' : 's'} from ${job.fileName}`;
}
