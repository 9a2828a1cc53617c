/** How the Bulk Upload section writes an import's state for staff: labels, durations, speeds, sizes. Pure. */
import type { ImportFormat, ImportStatus } from '../../../lib/schemas/admin-imports';

/** Each job status as staff read it (spec §4 states, plus cancelled and interrupted). */
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  idle: 'Waiting',
  uploading: 'Importing',
  paused: 'Paused',
  completed: 'Completed',
  error: 'Failed',
  cancelled: 'Cancelled',
  interrupted: 'Interrupted',
};

/** The layouts the server recognises, as staff know them. */
export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  template: 'Graphene template',
  shopify: 'Shopify export',
  woocommerce: 'WooCommerce export',
  vendure: 'Vendure export',
  medusa: 'Medusa export',
};

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A count with thousands separators: 12,480. */
export function formatCount(n: number): string {
  return whole.format(n);
}

/** A share (0..1) as a percentage with at most one decimal: '12.5%'. */
export function formatShare(share: number): string {
  return `${oneDecimal.format(share * 100)}%`;
}

/** Seconds left as a short duration: 'under 1 s', '42 s', '3 min 5 s', '1 h 12 min'; '—' while unknown. */
export function formatEta(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '—';
  if (seconds < 1) return 'under 1 s';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const minutes = Math.round((s % 3600) / 60);
  return `${Math.floor(s / 3600)} h${minutes ? ` ${minutes} min` : ''}`;
}

/** Products per minute: '12,000/min'. */
export function formatSpeed(perMinute: number): string {
  return `${whole.format(perMinute)}/min`;
}

/** Milliseconds per product: '0.4 ms', '120 ms', '2.5 s'. */
export function formatPerProduct(ms: number): string {
  if (ms >= 1000) return `${oneDecimal.format(ms / 1000)} s`;
  return `${ms >= 10 ? whole.format(ms) : oneDecimal.format(ms)} ms`;
}

/** A file size: '840 B', '12.4 KB', '3.1 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${oneDecimal.format(bytes / 1024)} KB`;
  return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
}

/** A time of day for 'Started at': '14:05:09'. */
export function formatClock(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** 'product'/'products' after a count. */
export function products(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'product' : 'products'}`;
}

/** 'row'/'rows' after a count. */
export function rows(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'row' : 'rows'}`;
}
