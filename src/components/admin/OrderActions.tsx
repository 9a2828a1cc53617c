import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ADMIN_MESSAGES, declineOrderSchema, type AdminOrder } from '../../lib/schemas/admin';
import { changeOrder, type OrderChange } from '../../stores/admin-orders';
import { useModalDialog } from '../shop/use-modal-dialog';
import { availableActions, ORDER_ACTIONS, type OrderAction } from './order-labels';

/** Actions that ask first: a reason, shipment details or a confirmation. */
type DialogAction = 'decline' | 'shipped' | 'cancelled';

const buttonBase =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-55';
/** The button styles of the order actions and dialogs. */
export const BUTTON_CLASSES: Record<'primary' | 'danger' | 'dangerSolid' | 'quiet', string> = {
  primary: `${buttonBase} bg-ink text-paper hover:bg-ink-soft`,
  dangerSolid: `${buttonBase} bg-danger text-white hover:bg-red-800`,
  danger: `${buttonBase} border border-danger/40 bg-white text-danger hover:border-danger hover:bg-danger-soft`,
  quiet: `${buttonBase} border border-line bg-white text-ink hover:border-ink`,
};
const ACTION_STYLE: Record<OrderAction, keyof typeof BUTTON_CLASSES> = {
  approve: 'primary',
  decline: 'danger',
  processing: 'primary',
  shipped: 'primary',
  delivered: 'primary',
  cancelled: 'danger',
};

function Spinner() {
  return <span className="h-4 w-4 animate-spin rounded-full border-2 border-current/30 border-t-current motion-reduce:animate-none" aria-hidden="true" />;
}

/** A modal form for one action: title, body, a confirm button and 'Go back'. Escape or the backdrop cancels. */
export function ActionDialog({
  title,
  description,
  confirmLabel,
  confirmStyle,
  busy,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  confirmStyle: 'primary' | 'dangerSolid';
  busy: boolean;
  onConfirm: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const ref = useModalDialog({ open: true, onRequestClose: () => !busy && onClose() });
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] max-w-none rounded-2xl border border-line bg-white p-0 text-ink shadow-lift backdrop:bg-ink/45"
    >
      <form onSubmit={onConfirm} noValidate className="grid gap-4 p-6">
        <div>
          <h2 id={titleId} className="font-sans text-lg font-bold text-ink">
            {title}
          </h2>
          <p id={descriptionId} className="mt-1 text-sm text-ink-soft">
            {description}
          </p>
        </div>
        {children}
        <div className="mt-1 flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onClose} disabled={busy} className={BUTTON_CLASSES.quiet}>
            Go back
          </button>
          <button type="submit" disabled={busy} aria-busy={busy || undefined} className={BUTTON_CLASSES[confirmStyle]}>
            {busy && <Spinner />}
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** The text field style of the order dialogs. */
export const fieldClass =
  'mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-[0.9375rem] text-ink placeholder:text-ink-muted/80 focus:border-ink focus:outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-accent';

/** Decline asks for a required reason (spec §5 Decline). */
function DeclineDialog({ order, busy, onSubmit, onClose }: { order: AdminOrder; busy: boolean; onSubmit: (change: OrderChange) => Promise<Record<string, string> | undefined>; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = declineOrderSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ADMIN_MESSAGES.declineReasonRequired);
      field.current?.focus();
      return;
    }
    const fields = await onSubmit({ kind: 'decline', reason: parsed.data.reason });
    if (fields?.reason) setError(fields.reason);
  };
  return (
    <ActionDialog
      title={`Decline ${order.orderNumber}?`}
      description="The order and its payment are marked declined, its stock goes back on sale, and the customer is e-mailed the reason."
      confirmLabel="Confirm decline"
      confirmStyle="dangerSolid"
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      <div>
        <label htmlFor={id} className="block text-sm font-semibold text-ink">
          Reason for declining
        </label>
        <textarea
          id={id}
          ref={field}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (error) setError(null);
          }}
          rows={3}
          maxLength={1000}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          placeholder="e.g. Payment could not be verified"
          className={`${fieldClass} resize-y ${error ? 'border-danger' : 'border-ink/20'}`}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-danger">
            {error}
          </p>
        )}
      </div>
    </ActionDialog>
  );
}

/** Mark as shipped asks for the carrier and tracking number (both optional). */
function ShipDialog({ order, busy, onSubmit, onClose }: { order: AdminOrder; busy: boolean; onSubmit: (change: OrderChange) => Promise<Record<string, string> | undefined>; onClose: () => void }) {
  const [carrier, setCarrier] = useState(order.carrier ?? '');
  const [trackingNumber, setTrackingNumber] = useState(order.trackingNumber ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const carrierId = useId();
  const trackingId = useId();
  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const change: OrderChange = { kind: 'status', status: 'shipped' };
    if (carrier.trim()) change.carrier = carrier.trim();
    if (trackingNumber.trim()) change.trackingNumber = trackingNumber.trim();
    setErrors((await onSubmit(change)) ?? {});
  };
  return (
    <ActionDialog
      title={`Mark ${order.orderNumber} as shipped`}
      description="Add the carrier and tracking number if you have them: the customer's shipping e-mail includes them."
      confirmLabel="Confirm shipment"
      confirmStyle="primary"
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={carrierId} className="block text-sm font-semibold text-ink">
            Carrier <span className="font-normal text-ink-muted">(optional)</span>
          </label>
          <input id={carrierId} value={carrier} onChange={(e) => setCarrier(e.target.value)} maxLength={100} autoComplete="off" placeholder="e.g. Royal Mail" className={`${fieldClass} ${errors.carrier ? 'border-danger' : 'border-ink/20'}`} />
          {errors.carrier && <p className="mt-1.5 text-sm font-medium text-danger">{errors.carrier}</p>}
        </div>
        <div>
          <label htmlFor={trackingId} className="block text-sm font-semibold text-ink">
            Tracking number <span className="font-normal text-ink-muted">(optional)</span>
          </label>
          <input id={trackingId} value={trackingNumber} onChange={(e) => setTrackingNumber(e.target.value)} maxLength={100} autoComplete="off" spellCheck={false} className={`${fieldClass} tabular ${errors.trackingNumber ? 'border-danger' : 'border-ink/20'}`} />
          {errors.trackingNumber && <p className="mt-1.5 text-sm font-medium text-danger">{errors.trackingNumber}</p>}
        </div>
      </div>
    </ActionDialog>
  );
}

/**
 * The actions the state machine allows from the order's status (ORDER_TRANSITIONS): Approve and
 * Mark as processing/delivered act at once; Decline, Mark as shipped and Cancel order ask first.
 */
export function OrderActions({ order, onSettled }: { order: AdminOrder; onSettled: () => void }) {
  const [dialog, setDialog] = useState<DialogAction | null>(null);
  const [pending, setPending] = useState<OrderAction | null>(null);
  const actions = availableActions(order.status);

  const run = async (action: OrderAction, change: OrderChange): Promise<Record<string, string> | undefined> => {
    setPending(action);
    const result = await changeOrder(order.id, change);
    setPending(null);
    if (result.ok || result.order) {
      setDialog(null);
      // The buttons change with the status: keep focus in the panel, on its heading.
      requestAnimationFrame(onSettled);
      return undefined;
    }
    return result.fields;
  };

  const onClick = (action: OrderAction) => {
    if (action === 'decline' || action === 'shipped' || action === 'cancelled') setDialog(action);
    else if (action === 'approve') void run(action, { kind: 'approve' });
    else void run(action, { kind: 'status', status: action });
  };

  if (actions.length === 0) {
    return <p className="mt-3 text-sm text-ink-muted">{`This order is ${order.status}: no further changes are possible.`}</p>;
  }

  return (
    <>
      <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label="Order actions">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            onClick={() => onClick(action)}
            disabled={pending !== null}
            aria-busy={pending === action || undefined}
            className={BUTTON_CLASSES[ACTION_STYLE[action]]}
          >
            {pending === action && <Spinner />}
            {ORDER_ACTIONS[action].label}
          </button>
        ))}
      </div>
      {dialog === 'decline' && <DeclineDialog order={order} busy={pending === 'decline'} onSubmit={(c) => run('decline', c)} onClose={() => setDialog(null)} />}
      {dialog === 'shipped' && <ShipDialog order={order} busy={pending === 'shipped'} onSubmit={(c) => run('shipped', c)} onClose={() => setDialog(null)} />}
      {dialog === 'cancelled' && (
        <ActionDialog
          title={`Cancel ${order.orderNumber}?`}
          description="The order is cancelled for good, its stock goes back on sale, and the customer is told by e-mail. This cannot be undone."
          confirmLabel="Confirm cancellation"
          confirmStyle="dangerSolid"
          busy={pending === 'cancelled'}
          onConfirm={(event) => {
            event.preventDefault();
            void run('cancelled', { kind: 'status', status: 'cancelled' });
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
