import type { EnquiryStatus } from '../../../lib/schemas/enquiries';

/** How each status reads, and its AA-contrast colours: new waits (amber), handled is done (green). */
const STATUS = {
  new: { label: 'New', className: 'bg-amber-100 text-amber-900 ring-amber-300', dot: 'bg-amber-500' },
  handled: { label: 'Handled', className: 'bg-emerald-50 text-emerald-800 ring-emerald-300', dot: 'bg-emerald-600' },
} as const satisfies Record<EnquiryStatus, { label: string; className: string; dot: string }>;

/** An enquiry's status as a compact badge. */
export function EnquiryStatusBadge({ status, size = 'sm' }: { status: EnquiryStatus; size?: 'sm' | 'md' }) {
  const { label, className, dot } = STATUS[status];
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full font-semibold whitespace-nowrap ring-1 ring-inset ${className} ${size === 'md' ? 'px-3 py-1 text-sm' : 'px-2.5 py-0.5 text-xs'}`}>
      <span className={`h-1.5 w-1.5 rounded-full ${dot}`} aria-hidden="true" />
      {label}
    </span>
  );
}
