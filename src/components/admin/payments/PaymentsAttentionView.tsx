import { formatMoney } from '../../../lib/money';
import type { PaymentsAttention } from '../../../lib/schemas/payments';
import { useQuery } from '../../../stores/admin-query';
import { $paymentsAttention } from '../../../stores/admin-orders';
import { adminPath } from '../../../stores/admin-router';
import { followAdminLink } from '../admin-links';
import { ListLoadError } from '../ListParts';
import { describeAge } from './attention-format';

type AttentionItem = PaymentsAttention['failed']['items'][number];

/** One heading's orders: each row names the order, what is wrong and for how long, and opens the order's panel. */
function AttentionSection({ id, title, text, count, items, age }: { id: string; title: string; text: string; count: number; items: AttentionItem[]; age: (item: AttentionItem) => string }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-line bg-white shadow-card">
      <div className="border-b border-line px-4 py-3">
        <h2 id={id} className="flex items-center gap-2 font-sans text-base font-semibold text-ink">
          {title}
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold tabular ${count > 0 ? 'bg-danger-soft text-danger' : 'bg-canvas text-ink-muted'}`}>{count}</span>
        </h2>
        <p className="mt-0.5 text-sm text-ink-muted">{text}</p>
      </div>
      {items.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-ink-muted">None.</p>
      ) : (
        <ul className="divide-y divide-line">
          {items.map((item) => (
            <li key={item.orderId}>
              <a
                href={adminPath('order', { id: item.orderId })}
                onClick={(e) => followAdminLink(e)}
                className="flex flex-col gap-1 px-4 py-3 hover:bg-canvas focus-visible:bg-canvas sm:flex-row sm:items-baseline sm:gap-4"
              >
                <span className="shrink-0 sm:w-44">
                  <span className="block font-semibold whitespace-nowrap text-accent-strong tabular">{item.orderNumber}</span>
                  <span className="block text-sm text-ink-soft">{item.customerName}</span>
                </span>
                <span className="min-w-0 flex-1 text-sm break-words text-ink">{item.detail}</span>
                <span className="shrink-0 text-sm text-ink-muted tabular sm:text-right">
                  <span className="block font-medium text-ink">{age(item)}</span>
                  <span className="block">{formatMoney(item.outstandingCents)} outstanding</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {count > items.length && <p className="border-t border-line px-4 py-2 text-xs text-ink-muted">{`The oldest ${items.length} of ${count} shown.`}</p>}
    </section>
  );
}

/** The back office's payments needing attention: failed captures or refunds, overdue bank transfers, card holds about to lapse. */
export function PaymentsAttentionView() {
  const { data, error } = useQuery($paymentsAttention);
  const total = data ? data.failed.count + data.overdueTransfers.count + data.lapsingAuthorisations.count : null;
  return (
    <div className="h-full overflow-y-auto p-4 sm:p-6 lg:p-8">
      <div className="mx-auto max-w-5xl space-y-5">
        <header>
          <a href={adminPath('orders')} onClick={(e) => followAdminLink(e)} className="inline-flex min-h-11 items-center text-sm font-semibold text-accent-strong underline-offset-4 hover:underline">
            ← All orders
          </a>
          <h1 className="font-display text-2xl font-semibold text-ink sm:text-3xl">Payments needing attention</h1>
          <p className="mt-1 min-h-5 text-sm text-ink-muted" aria-live="polite">
            {total === null ? '\u00a0' : total === 0 ? 'Nothing needs attention: every payment is on track.' : `${total} ${total === 1 ? 'order needs' : 'orders need'} a look. Open one to act in its payment block.`}
          </p>
        </header>
        {error && !data ? (
          <div className="rounded-xl border border-line bg-white shadow-card">
            <ListLoadError what="payments needing attention" error={error} />
          </div>
        ) : !data ? (
          <div className="space-y-5" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-32 animate-pulse rounded-xl border border-line bg-white shadow-card" />
            ))}
          </div>
        ) : (
          <>
            <AttentionSection
              id="attention-failed"
              title="Payments that failed"
              text="A capture or refund the payment provider refused. Open the order to retry the capture."
              count={data.failed.count}
              items={data.failed.items}
              age={(item) => `Placed ${describeAge(item.placedAt)} ago`}
            />
            <AttentionSection
              id="attention-overdue"
              title="Bank transfers overdue"
              text={`Not paid in full ${data.overdueTransfers.days} ${data.overdueTransfers.days === 1 ? 'day' : 'days'} after ordering. Record the money when it arrives.`}
              count={data.overdueTransfers.count}
              items={data.overdueTransfers.items}
              age={(item) => `Waiting ${describeAge(item.placedAt)}`}
            />
            <AttentionSection
              id="attention-lapsing"
              title="Card holds about to lapse"
              text="Authorised but not captured: the card provider releases a hold after about 7 days. Approve or decline the order soon."
              count={data.lapsingAuthorisations.count}
              items={data.lapsingAuthorisations.items}
              age={(item) => `Held ${describeAge(item.placedAt)}`}
            />
          </>
        )}
      </div>
    </div>
  );
}
