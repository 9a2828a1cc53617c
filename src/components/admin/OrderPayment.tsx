import { useId, useState, type FormEvent } from 'react';
import { VAT_RATE } from '../../lib/constants';
import { formatMoney } from '../../lib/money';
import { formatCardMask } from '../../lib/payment-card';
import type { AdminOrder } from '../../lib/schemas/admin';
import { PAYMENT_MESSAGES } from '../../lib/schemas/payments';
import { recordOrderPayment, refundOrderPayment, retryOrderCapture } from '../../stores/admin-orders';
import { ActionDialog, BUTTON_CLASSES, fieldClass } from './OrderActions';
import { PaymentBadge } from './StatusBadge';

/** Cents typed as dollars ('12.50', '$1,200'), or null when it is not an amount of at least one cent. */
export function parseDollarInput(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  const match = cleaned.match(/^(\d{1,9})(?:\.(\d{1,2}))?$/);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

/** Today in the browser's time zone, YYYY-MM-DD. */
function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** A label, an input and its message. */
function Field({ label, error, children, id }: { label: string; error?: string; children: React.ReactNode; id: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** Record a bank transfer received: amount (defaults to what is owed), date and the payer's reference. */
function RecordPaymentDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const [amount, setAmount] = useState((order.payment.outstandingCents / 100).toFixed(2));
  const [receivedAt, setReceivedAt] = useState(today());
  const [reference, setReference] = useState(order.orderNumber);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const ids = { amount: useId(), date: useId(), reference: useId() };
  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const amountCents = parseDollarInput(amount);
    if (amountCents === null) return setErrors({ amountCents: 'Please enter an amount such as 120.00.' });
    setBusy(true);
    const result = await recordOrderPayment(order.id, { amountCents, receivedAt, reference: reference.trim() });
    setBusy(false);
    if (result.ok) onClose();
    else setErrors(result.fields ?? { amountCents: result.message });
  };
  return (
    <ActionDialog
      title={`Record a payment for ${order.orderNumber}`}
      description={`Still owed: ${formatMoney(order.payment.outstandingCents)}. Part payments add up; more than is owed is refused.`}
      confirmLabel="Record payment"
      confirmStyle="primary"
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Amount received ($)" id={ids.amount} error={errors.amountCents}>
          <input id={ids.amount} value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" autoComplete="off" aria-invalid={errors.amountCents ? true : undefined} aria-describedby={errors.amountCents ? `${ids.amount}-error` : undefined} className={`${fieldClass} tabular ${errors.amountCents ? 'border-danger' : 'border-ink/20'}`} />
        </Field>
        <Field label="Received on" id={ids.date} error={errors.receivedAt}>
          <input id={ids.date} type="date" value={receivedAt} max={today()} onChange={(e) => setReceivedAt(e.target.value)} className={`${fieldClass} ${errors.receivedAt ? 'border-danger' : 'border-ink/20'}`} />
        </Field>
        <div className="sm:col-span-2">
          <Field label="Reference on the statement" id={ids.reference} error={errors.reference}>
            <input id={ids.reference} value={reference} onChange={(e) => setReference(e.target.value)} maxLength={100} autoComplete="off" spellCheck={false} className={`${fieldClass} tabular ${errors.reference ? 'border-danger' : 'border-ink/20'}`} />
          </Field>
        </div>
      </div>
    </ActionDialog>
  );
}

/** What refunding these quantities returns: their net price plus VAT on it, as the server prices a refund by lines. */
function linesRefundCents(order: AdminOrder, quantities: Record<string, number>): number {
  const net = order.items.reduce((sum, line) => sum + Math.round(line.price * 100) * (quantities[line.product.id] ?? 0), 0);
  // applyRate's rounding without importing it: money's chunk loads on every storefront page, and
  // exporting applyRate to the browser put the home page over its JS budget. Whole cents times 20 %
  // never end in exactly half a cent, so Math.round and applyRate agree.
  return net + Math.round(net * VAT_RATE);
}

/** Refund an amount, or lines (their price with VAT) with optional restock, with a reason. */
function RefundDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const refundable = order.payment.capturedCents - order.payment.refundedCents;
  const [mode, setMode] = useState<'amount' | 'lines'>('amount');
  const [amount, setAmount] = useState((refundable / 100).toFixed(2));
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [restock, setRestock] = useState<Record<string, boolean>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const ids = { amount: useId(), reason: useId(), mode: useId() };
  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason.trim()) return setErrors({ reason: PAYMENT_MESSAGES.reasonRequired });
    let input: Parameters<typeof refundOrderPayment>[1];
    if (mode === 'amount') {
      const amountCents = parseDollarInput(amount);
      if (amountCents === null) return setErrors({ amountCents: 'Please enter an amount such as 12.50.' });
      input = { amountCents, reason: reason.trim() };
    } else {
      const lines = Object.entries(quantities)
        .filter(([, q]) => q > 0)
        .map(([productId, quantity]) => ({ productId, quantity, restock: restock[productId] ?? false }));
      if (lines.length === 0) return setErrors({ lines: PAYMENT_MESSAGES.refundLines });
      input = { lines, reason: reason.trim() };
    }
    setBusy(true);
    const result = await refundOrderPayment(order.id, input);
    setBusy(false);
    if (result.ok) onClose();
    else setErrors(result.fields ?? { reason: result.message });
  };
  return (
    <ActionDialog
      title={`Refund ${order.orderNumber}`}
      description={`Up to ${formatMoney(refundable)} can be refunded. ${order.payment.method === 'bank_transfer' ? 'You send the money back by bank transfer; ' : ''}a credit note is issued and the customer e-mailed.`}
      confirmLabel="Refund"
      confirmStyle="dangerSolid"
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      <fieldset className="flex gap-4 text-sm">
        <legend className="sr-only">Refund by</legend>
        {(['amount', 'lines'] as const).map((m) => (
          <label key={m} className="flex min-h-11 items-center gap-2">
            <input type="radio" name={ids.mode} checked={mode === m} onChange={() => setMode(m)} className="h-4 w-4 accent-accent" />
            {m === 'amount' ? 'An amount' : 'Items'}
          </label>
        ))}
      </fieldset>
      {mode === 'amount' ? (
        <Field label="Amount to refund ($)" id={ids.amount} error={errors.amountCents}>
          <input id={ids.amount} value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" autoComplete="off" className={`${fieldClass} tabular ${errors.amountCents ? 'border-danger' : 'border-ink/20'}`} />
        </Field>
      ) : (
        <div className="grid gap-2">
          {order.items.map((line) => (
            <div key={line.product.id} className="grid grid-cols-[1fr_auto] items-center gap-x-3 border-b border-line pb-2 text-sm">
              <label htmlFor={`${ids.mode}-${line.product.id}`} className="text-ink">
                <span className="line-clamp-2">{line.product.name}</span>
                <span className="block text-xs text-ink-muted tabular">
                  Bought {line.quantity} × {formatMoney(Math.round(line.price * 100))}
                </span>
              </label>
              <input
                id={`${ids.mode}-${line.product.id}`}
                type="number"
                min={0}
                max={line.quantity}
                value={quantities[line.product.id] ?? 0}
                onChange={(e) => setQuantities((q) => ({ ...q, [line.product.id]: Math.max(0, Math.min(line.quantity, Number(e.target.value) || 0)) }))}
                className={`${fieldClass} mt-0 w-20 border-ink/20 tabular`}
              />
              <label className="col-span-2 flex min-h-11 items-center gap-2 text-ink-soft">
                <input type="checkbox" checked={restock[line.product.id] ?? false} onChange={(e) => setRestock((r) => ({ ...r, [line.product.id]: e.target.checked }))} className="h-4 w-4 accent-accent" />
                Put back in stock
              </label>
            </div>
          ))}
          <p className="flex justify-between gap-3 text-sm font-semibold text-ink" aria-live="polite">
            <span>To refund, VAT included</span>
            <span className="tabular">{formatMoney(linesRefundCents(order, quantities))}</span>
          </p>
          {(errors.lines || Object.keys(errors).some((k) => k.startsWith('lines.'))) && <p className="text-sm font-medium text-danger">{PAYMENT_MESSAGES.refundLines}</p>}
        </div>
      )}
      <Field label="Reason" id={ids.reason} error={errors.reason}>
        <textarea id={ids.reason} value={reason} onChange={(e) => setReason(e.target.value)} rows={2} maxLength={1000} className={`${fieldClass} resize-y ${errors.reason ? 'border-danger' : 'border-ink/20'}`} />
      </Field>
    </ActionDialog>
  );
}

/** The order panel's payment block: method, the money, the invoice and credit notes, record a transfer, refund. */
export function OrderPayment({ order }: { order: AdminOrder }) {
  const [dialog, setDialog] = useState<'record' | 'refund' | null>(null);
  const p = order.payment;
  const closed = order.status === 'declined' || order.status === 'cancelled';
  const canRecord = p.method === 'bank_transfer' && !closed && p.outstandingCents > 0;
  const canRefund = p.capturedCents - p.refundedCents > 0;
  // Approval captures at once, so money still held on an approved order is a capture that failed.
  const canRetryCapture = p.method === 'card' && p.authorisedCents > 0 && ['approved', 'processing', 'shipped', 'delivered'].includes(order.status);
  const [capturing, setCapturing] = useState(false);
  const retryCapture = async () => {
    setCapturing(true);
    await retryOrderCapture(order.id);
    setCapturing(false);
  };
  const method = p.method === 'bank_transfer' ? 'Bank transfer' : order.paymentMethod ? formatCardMask(order.paymentMethod.brand, order.paymentMethod.last4) : 'Card';
  return (
    <section className="px-5 py-4 sm:px-6" aria-label="Payment">
      <h3 className="mb-2.5 font-sans text-xs font-semibold tracking-[0.12em] text-ink-muted uppercase">Payment</h3>
      <p className="text-sm font-medium text-ink tabular">{method}</p>
      {p.method === 'bank_transfer' && p.reference && (
        // On a line of its own: in the narrow column 'ORD-' and its digits were split at the hyphen.
        <p className="text-sm text-ink-soft">
          Reference <span className="font-medium whitespace-nowrap text-ink tabular">{p.reference}</span>
        </p>
      )}
      <div className="mt-1.5">
        <PaymentBadge status={order.paymentStatus} />
      </div>
      <dl className="mt-2 grid gap-0.5 text-sm text-ink-soft">
        {p.authorisedCents > 0 && (
          <div className="flex justify-between gap-3">
            <dt>Authorised</dt>
            <dd className="tabular">{formatMoney(p.authorisedCents)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-3">
          <dt>Paid</dt>
          <dd className="tabular">{formatMoney(p.capturedCents)}</dd>
        </div>
        {p.refundedCents > 0 && (
          <div className="flex justify-between gap-3">
            <dt>Refunded</dt>
            <dd className="tabular">{formatMoney(p.refundedCents)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-3 font-semibold text-ink">
          <dt>Outstanding</dt>
          <dd className="tabular">{formatMoney(p.outstandingCents)}</dd>
        </div>
      </dl>
      {order.paymentProblem && <p className="mt-2 rounded-md bg-danger-soft px-2 py-1 text-sm text-danger">{order.paymentProblem}</p>}
      {(order.invoice || order.creditNotes.length > 0) && (
        <ul className="mt-3 grid gap-1.5 border-t border-line pt-2.5 text-sm" aria-label="Documents">
          {order.invoice && (
            <li className="flex items-baseline justify-between gap-3">
              <a href={order.invoice.url} download className="font-medium text-accent-strong underline-offset-4 hover:underline">
                Invoice <span className="whitespace-nowrap">{order.invoice.number} (PDF)</span>
              </a>
            </li>
          )}
          {order.creditNotes.map((note) => (
            <li key={note.number} className="flex items-baseline justify-between gap-3">
              <span className="min-w-0">
                <a href={note.url} download className="font-medium text-accent-strong underline-offset-4 hover:underline">
                  Credit note <span className="whitespace-nowrap">{note.number} (PDF)</span>
                </a>
                {note.status === 'to_return' && <span className="block text-xs text-ink-muted">To return by bank transfer</span>}
              </span>
              <span className="shrink-0 text-ink-soft tabular">−{formatMoney(note.amountCents)}</span>
            </li>
          ))}
        </ul>
      )}
      {(canRecord || canRefund || canRetryCapture) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {canRetryCapture && (
            <button type="button" onClick={retryCapture} disabled={capturing} aria-busy={capturing} className={BUTTON_CLASSES.primary}>
              {capturing ? 'Capturing…' : 'Retry capture'}
            </button>
          )}
          {canRecord && (
            <button type="button" onClick={() => setDialog('record')} className={BUTTON_CLASSES.quiet}>
              Record a payment
            </button>
          )}
          {canRefund && (
            <button type="button" onClick={() => setDialog('refund')} className={BUTTON_CLASSES.danger}>
              Refund
            </button>
          )}
        </div>
      )}
      {dialog === 'record' && <RecordPaymentDialog order={order} onClose={() => setDialog(null)} />}
      {dialog === 'refund' && <RefundDialog order={order} onClose={() => setDialog(null)} />}
    </section>
  );
}
