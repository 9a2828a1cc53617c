import { LineColour } from '../cart/LineColour';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useEarlyInput } from '../ui/use-early-input';
import { FREE_SHIPPING_THRESHOLD_CENTS, VAT_RATE } from '../../lib/constants';
import { formatIban } from '../../lib/iban';
import { formatOrderDelivery } from '../../lib/shipping-methods';
import { formatMoney, roundToCents } from '../../lib/money';
import { formatCardMask } from '../../lib/payment-card';
import { normalizeOrderNumber, ORDER_MESSAGES } from '../../lib/schemas/checkout-form';
import type { Order } from '../../lib/schemas/order';
import { isValidEmail } from '../../lib/schemas/auth';
import type { BankDetails } from '../../lib/schemas/payments';
import { fetchOrder, fetchPaymentMethods, readLastOrder, rememberLastOrder } from '../../stores/checkout';
import { FormAlert, TextField } from '../account/fields';
import { SubmitButton } from '../account/SubmitButton';

/** Support details from content/site.json, handed over by the page. */
export interface SupportContact {
  email: string;
  phone: string;
  phoneE164: string;
  hours: string;
}

type View =
  | { kind: 'loading' }
  | { kind: 'order'; order: Order }
  | { kind: 'ask-email'; error: string | null }
  | { kind: 'bad-number' }
  | { kind: 'failed' };

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const deliveryFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const dollars = (amount: number) => formatMoney(roundToCents(amount));
const buttonBase = 'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-5 py-3 text-base font-semibold transition-colors';

/** '2026-11-25' as 'Wednesday, November 25, 2026'. */
function formatDeliveryDate(ymd: string): string {
  const date = new Date(`${ymd}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? ymd : deliveryFormat.format(date);
}

/**
 * The order confirmation of spec §2.11, read from the server: the e-mail remembered on this device
 * (or the signed-in owner's session) unlocks it; anyone else is asked for the order's e-mail.
 */
export default function CheckoutSuccess({ support }: { support: SupportContact }) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [orderNumber, setOrderNumber] = useState<string | null>(null);

  useEffect(() => {
    const number = normalizeOrderNumber(new URLSearchParams(window.location.search).get('order') ?? '');
    setOrderNumber(number);
    if (!number) return setView({ kind: 'bad-number' });
    const last = readLastOrder();
    const email = last?.orderNumber === number ? last.email : null;
    void fetchOrder(number, email).then((result) => {
      if (result.ok) setView({ kind: 'order', order: result.order });
      else if (result.status === 0 || result.status >= 500) setView({ kind: 'failed' });
      else setView({ kind: 'ask-email', error: null });
    });
  }, []);

  const lookUp = async (email: string) => {
    if (!orderNumber) return;
    const result = await fetchOrder(orderNumber, email);
    if (result.ok) {
      rememberLastOrder(result.order);
      setView({ kind: 'order', order: result.order });
    } else if (result.status === 0 || result.status >= 500) setView({ kind: 'failed' });
    else setView({ kind: 'ask-email', error: ORDER_MESSAGES.orderNotFound });
  };

  if (view.kind === 'loading') {
    return (
      <div className="min-h-[32rem]" role="status">
        <h1 className="sr-only">Order confirmation</h1>
        <p className="pt-16 text-center text-ink-muted">Loading your order…</p>
      </div>
    );
  }
  if (view.kind === 'order') return <Confirmation order={view.order} support={support} />;

  return (
    <div className="mx-auto max-w-lg rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-card sm:p-8">
      {view.kind === 'bad-number' && (
        <>
          <h1 className="font-display text-3xl font-semibold text-ink">Order not found</h1>
          <p className="mt-2 text-ink-muted">This link does not carry a valid order number (it looks like ORD-12345678).</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <a href="/account/orders" className={`${buttonBase} bg-accent text-white hover:bg-accent-strong`}>Track Your Order</a>
            <a href="/shop" className={`${buttonBase} border border-ink/20 text-ink hover:border-ink`}>Continue Shopping</a>
          </div>
        </>
      )}
      {view.kind === 'failed' && (
        <>
          <h1 className="font-display text-3xl font-semibold text-ink">We couldn’t load your order</h1>
          <p className="mt-2 text-ink-muted">The connection to our shop failed. Your order {orderNumber} is safe; please try again.</p>
          <button type="button" onClick={() => window.location.reload()} className={`${buttonBase} mt-6 bg-accent text-white hover:bg-accent-strong`}>
            Try again
          </button>
        </>
      )}
      {view.kind === 'ask-email' && <EmailPrompt orderNumber={orderNumber!} error={view.error} onSubmit={lookUp} />}
    </div>
  );
}

/** 'Enter the e-mail used for this order': the only way to see an order from another device without signing in. */
function EmailPrompt({ orderNumber, error, onSubmit }: { orderNumber: string; error: string | null; onSubmit: (email: string) => Promise<void> }) {
  const formRef = useEarlyInput<HTMLFormElement>();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email.trim())) return setFieldError(ORDER_MESSAGES.email);
    setFieldError(undefined);
    setBusy(true);
    await onSubmit(email.trim());
    setBusy(false);
  };
  return (
    <>
      <h1 className="font-display text-3xl font-semibold text-ink">Find your order</h1>
      <p className="mt-2 mb-6 text-ink-muted">
        To see order <span className="tabular font-semibold text-ink">{orderNumber}</span>, enter the e-mail address it was placed with, or{' '}
        <a href="/login" className="font-semibold text-accent-strong underline-offset-4 hover:underline">sign in</a>.
      </p>
      <FormAlert message={error} />
      <form ref={formRef} method="post" onSubmit={submit} noValidate className="grid gap-5" aria-label="Find your order">
        <TextField label="Enter the e-mail used for this order" type="email" name="email" autoComplete="email" inputMode="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={fieldError} />
        <SubmitButton loading={busy}>{busy ? 'Looking…' : 'Show my order'}</SubmitButton>
      </form>
    </>
  );
}

/** The confirmation: heading, receipt (the part that prints), next steps and help. */
function Confirmation({ order, support }: { order: Order; support: SupportContact }) {
  const addressId = useId();
  const [bank, setBank] = useState<BankDetails | null>(null);
  const transfer = order.payment.method === 'bank_transfer' && order.payment.outstandingCents > 0;
  useEffect(() => {
    if (transfer) void fetchPaymentMethods().then((methods) => setBank(methods?.bankDetails ?? null));
  }, [transfer]);
  const payment = order.paymentMethod ? formatCardMask(order.paymentMethod.brand, order.paymentMethod.last4) : 'Bank transfer';
  const a = order.shippingAddress;
  return (
    <div className="grid gap-8">
      <header className="text-center print:hidden">
        <span className="mx-auto grid size-16 place-items-center rounded-full bg-success-soft text-success" aria-hidden="true">
          <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="m5 12 5 5 9-10" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <h1 className="mt-4 font-display text-4xl font-semibold text-ink sm:text-5xl">Order Confirmed!</h1>
        <p className="mx-auto mt-3 max-w-xl text-ink-soft">
          Thank you, {a.firstName}. Your order is pending admin approval; we’ll send an e-mail confirmation to{' '}
          <span className="font-semibold break-all text-ink">{order.customerEmail}</span> once it has been approved.
        </p>
      </header>

      <section aria-labelledby="receipt-title" className="receipt rounded-[var(--radius-card)] border border-line bg-white shadow-card print:rounded-none print:border-0 print:shadow-none">
        <div className="flex flex-wrap items-start justify-between gap-4 border-b border-line p-5 sm:p-8">
          <div>
            <h2 id="receipt-title" className="font-display text-2xl font-semibold text-ink">Receipt</h2>
            <p className="mt-1 text-sm text-ink-muted">Status: Pending approval</p>
          </div>
          <button type="button" onClick={() => window.print()} className={`${buttonBase} border border-ink/20 text-ink hover:border-ink print:hidden`}>
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M12 4v11m0 0-4-4m4 4 4-4M5 20h14" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            Download Receipt
          </button>
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 border-b border-line p-5 text-sm sm:p-8 lg:grid-cols-4 print:grid-cols-4">
          <Fact label="Order number"><span className="tabular">{order.orderNumber}</span></Fact>
          <Fact label="Date">{dateFormat.format(new Date(order.createdAt))}</Fact>
          <Fact label="Estimated delivery">
            {formatDeliveryDate(order.estimatedDelivery)}
            <span className="block text-xs font-normal text-ink-muted">{formatOrderDelivery(order)}</span>
          </Fact>
          <Fact label="Payment method">{payment}</Fact>
        </dl>
        {transfer && (
          // Not on paper: the receipt keeps to one page, and the e-mail and the invoice carry the bank details.
          <section aria-labelledby="transfer-title" className="border-b border-line bg-paper p-5 text-sm sm:p-8 print:hidden">
            <h3 id="transfer-title" className="font-sans text-sm font-semibold tracking-[0.12em] text-ink-muted uppercase">Pay by bank transfer</h3>
            <p className="mt-2 text-ink-soft">
              Please transfer <span className="font-semibold text-ink tabular">{formatMoney(order.payment.outstandingCents)}</span> quoting your order number as the reference. We prepare your order once it is approved and your payment has arrived.
            </p>
            <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
              <Fact label="Reference"><span className="font-semibold tabular">{order.payment.reference}</span></Fact>
              {bank && (
                <>
                  <Fact label="Account name">{bank.accountName}</Fact>
                  <Fact label="Bank">{bank.bankName}</Fact>
                  <Fact label="Sort code"><span className="tabular">{bank.sortCode}</span></Fact>
                  <Fact label="Account number"><span className="tabular">{bank.accountNumber}</span></Fact>
                  {/* Two columns on a phone: the grouped IBAN then fits one line. */}
                  {bank.iban && <Fact label="IBAN" className="col-span-2 sm:col-span-1"><span className="tabular">{formatIban(bank.iban)}</span></Fact>}
                </>
              )}
            </dl>
          </section>
        )}
        <div className="p-5 sm:p-8">
          <h3 className="font-sans text-sm font-semibold tracking-[0.12em] text-ink-muted uppercase">Items</h3>
          <table className="tabular mt-3 w-full text-sm">
            <caption className="sr-only">Items in order {order.orderNumber}</caption>
            <thead>
              <tr className="border-b border-line text-left text-ink-muted">
                <th scope="col" className="py-2 pr-3 font-medium">Product</th>
                <th scope="col" className="py-2 px-3 text-right font-medium">Qty</th>
                <th scope="col" className="hidden py-2 px-3 text-right font-medium sm:table-cell print:table-cell">Unit price</th>
                <th scope="col" className="py-2 pl-3 text-right font-medium">Amount</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item, i) => (
                <tr key={`${item.product.id}-${i}`} className="border-b border-line align-top">
                  <td className="py-3 pr-3">
                    <span className="font-semibold text-ink">{item.product.name}</span>
                    {item.product.sku && <span className="block text-xs text-ink-muted">SKU {item.product.sku}</span>}
                    {item.colour && <LineColour colour={item.colour} className="mt-1" />}
                  </td>
                  <td className="py-3 px-3 text-right">{item.quantity}</td>
                  <td className="hidden py-3 px-3 text-right sm:table-cell print:table-cell">{dollars(item.price)}</td>
                  <td className="py-3 pl-3 text-right font-medium text-ink">{formatMoney(roundToCents(item.price) * item.quantity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="tabular mt-4 ml-auto grid max-w-xs gap-2 text-sm">
            <Row label="Subtotal">{dollars(order.subtotal)}</Row>
            <Row label="Shipping">
              {order.shipping === 0 ? <span className="rounded-full bg-success-soft px-2.5 py-0.5 text-xs font-bold tracking-wide text-success">FREE</span> : dollars(order.shipping)}
            </Row>
            <Row label={`VAT (${Math.round(VAT_RATE * 100)}%)`}>{dollars(order.tax)}</Row>
            <div className="flex items-baseline justify-between gap-4 border-t border-line pt-3 text-base">
              <dt className="font-semibold text-ink">Total</dt>
              <dd className="text-lg font-semibold text-ink">{dollars(order.total)}</dd>
            </div>
          </dl>
        </div>
        <div className="grid gap-6 border-t border-line p-5 text-sm sm:grid-cols-2 sm:p-8 print:grid-cols-2">
          <div>
            <h3 id={addressId} className="font-sans text-sm font-semibold tracking-[0.12em] text-ink-muted uppercase">Shipping address</h3>
            <address aria-labelledby={addressId} className="mt-2 leading-relaxed text-ink not-italic">
              {a.firstName} {a.lastName}
              <br />
              {a.address}
              <br />
              {a.city} {a.postalCode}
              <br />
              {a.country}
              <br />
              <span className="tabular">{a.phone}</span>
            </address>
          </div>
          <div>
            <h3 className="font-sans text-sm font-semibold tracking-[0.12em] text-ink-muted uppercase">Billed to</h3>
            <p className="mt-2 leading-relaxed text-ink">
              {order.customerName}
              <br />
              <span className="break-all">{order.customerEmail}</span>
              <br />
              {payment}
            </p>
          </div>
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-2 print:hidden">
        <section aria-labelledby="next-title" className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card sm:p-8">
          <h2 id="next-title" className="font-display text-2xl font-semibold text-ink">What’s Next</h2>
          <ol className="mt-5 grid gap-5">
            <Milestone n={1} title="Order confirmation">We review your order and e-mail {order.customerEmail} as soon as it is approved.</Milestone>
            <Milestone n={2} title="Processing">Your items are picked, tinted where needed and packed within 1-2 business days.</Milestone>
            <Milestone n={3} title="Shipping">
              We send tracking details when it leaves our warehouse. Estimated delivery: {formatDeliveryDate(order.estimatedDelivery)}.
            </Milestone>
          </ol>
        </section>
        <div className="grid gap-6">
          <section aria-labelledby="shipping-info-title" className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card sm:p-8">
            <h2 id="shipping-info-title" className="font-display text-2xl font-semibold text-ink">Shipping information</h2>
            <ul className="mt-4 grid gap-2 text-sm text-ink-soft">
              <li>Free shipping on orders over {formatMoney(FREE_SHIPPING_THRESHOLD_CENTS)}</li>
              <li>Standard delivery: 3-5 business days</li>
              <li>Express delivery: 1-2 business days (extra charges apply)</li>
            </ul>
          </section>
          <section aria-labelledby="help-title" className="rounded-[var(--radius-card)] bg-ink p-5 text-white shadow-card sm:p-8">
            <h2 id="help-title" className="font-display text-2xl font-semibold">Need help?</h2>
            <p className="mt-2 text-sm text-white/85">Our support team answers questions about orders, delivery and products.</p>
            <ul className="mt-4 grid gap-1 text-sm">
              <li>
                <a href={`mailto:${support.email}`} className="inline-flex min-h-11 items-center font-semibold underline-offset-4 hover:underline">{support.email}</a>
              </li>
              <li>
                <a href={`tel:${support.phoneE164}`} className="tabular inline-flex min-h-11 items-center font-semibold underline-offset-4 hover:underline">{support.phone}</a>
              </li>
              <li className="text-white/85">Support hours: {support.hours}</li>
            </ul>
          </section>
        </div>
      </div>

      <nav aria-label="After your order" className="flex flex-col gap-3 sm:flex-row sm:justify-center print:hidden">
        <a href="/shop" className={`${buttonBase} bg-accent text-white hover:bg-accent-strong`}>Continue Shopping</a>
        <a href="/account/orders" className={`${buttonBase} border border-ink/20 bg-white text-ink hover:border-ink`}>Track Your Order</a>
        <a href="/contact" className={`${buttonBase} border border-ink/20 bg-white text-ink hover:border-ink`}>Contact Us</a>
      </nav>

      <section aria-labelledby="review-title" className="rounded-[var(--radius-card)] border border-line bg-canvas p-5 text-center sm:p-8 print:hidden">
        <h2 id="review-title" className="font-display text-2xl font-semibold text-ink">Leave a Review</h2>
        <p className="mx-auto mt-2 max-w-lg text-sm text-ink-soft">
          Once your order has arrived and the first coat is dry, tell other painters how it went. Your review helps them choose the right finish.
        </p>
        <a href="/contact" className={`${buttonBase} mt-5 border border-ink/20 bg-white text-ink hover:border-ink`}>Leave a Review</a>
      </section>
    </div>
  );
}

function Fact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-semibold tracking-[0.12em] text-ink-muted uppercase">{label}</dt>
      <dd className="mt-1 font-semibold text-ink">{children}</dd>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="text-ink-soft">{label}</dt>
      <dd className="font-medium text-ink">{children}</dd>
    </div>
  );
}

function Milestone({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="tabular grid size-9 shrink-0 place-items-center rounded-full bg-ink text-sm font-semibold text-white" aria-hidden="true">{n}</span>
      <div>
        <h3 className="font-sans text-base font-semibold text-ink">{title}</h3>
        <p className="mt-0.5 text-sm text-ink-soft">{children}</p>
      </div>
    </li>
  );
}
