import { $adminSummary } from '../../../stores/admin-orders';
import { useQuery } from '../../../stores/admin-query';
import { formatBadgeCount } from '../../../lib/admin/admin-views';

/** The count of new enquiries beside the sidebar's Enquiries link ('99+' above 99; nothing at 0 or while unknown). */
export function EnquiriesNavBadge({ compact }: { compact: boolean }) {
  const { data } = useQuery($adminSummary);
  const count = data?.newEnquiries;
  const badge = formatBadgeCount(count);
  if (!badge) return null;
  return (
    <>
      <span
        className={`min-w-5 rounded-full bg-accent px-1.5 text-center text-[0.6875rem] leading-5 font-bold text-white tabular ${compact ? 'absolute top-1 right-1 ring-2 ring-ink' : 'ml-auto'}`}
        aria-hidden="true"
      >
        {badge}
      </span>
      <span className="sr-only">{`, ${badge} new`}</span>
    </>
  );
}
