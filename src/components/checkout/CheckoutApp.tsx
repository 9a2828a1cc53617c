import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { DEFAULT_COUNTRY } from '../../lib/constants';
import { z } from 'zod';
import { checkoutInformationSchema, checkoutShippingSchema, ORDER_MESSAGES } from '../../lib/schemas/checkout-form';
import { $cart, clearCart, openCart } from '../../stores/cart';
import {
  EMPTY_CHECKOUT,
  ensureAttemptKey,
  fetchPaymentMethods,
  finishCheckoutAttempt,
  placeOrder,
  readCheckoutDraft,
  readSavedCheckoutInfo,
  rememberCheckoutInfo,
  rememberLastOrder,
  startNewAttempt,
  writeCheckoutDraft,
  type CheckoutStep,
  type CheckoutValues,
} from '../../stores/checkout';
import { $user, restoreSession } from '../../stores/session';
import { collectFieldErrors, FormAlert, TextField } from '../account/fields';
import type { CardPaymentHandle } from './CardPayment';
import OrderSummary from './OrderSummary';
import type { PaymentMethodChoice } from './PaymentStep';
import type { ShippingChoice } from './ShippingStep';

// The payment step loads when the shopper is on the shipping step (and Stripe only once card is picked): the checkout's first load stays within its budget.
const loadPaymentStep = () => import('./PaymentStep');
const PaymentStep = lazy(loadPaymentStep);
// The shipping step (address and delivery method) likewise: fetched while the shopper fills in step 1.
const loadShippingStep = () => import('./ShippingStep');
const ShippingStep = lazy(loadShippingStep);

type FieldName = Exclude<keyof CheckoutValues, 'saveInfo' | 'newsletter'>;
type Errors = Partial<Record<FieldName, string>>;

const STEPS = [
  { step: 1, label: 'Information', title: 'Contact information', fields: ['firstName', 'lastName', 'email', 'phone'] },
  { step: 2, label: 'Shipping', title: 'Shipping address', fields: ['address', 'city', 'postalCode', 'country'] },
  { step: 3, label: 'Payment', title: 'Payment', fields: [] },
] as const satisfies readonly { step: CheckoutStep; label: string; title: string; fields: readonly FieldName[] }[];

// Bank transfer asks nothing more; a card provider's fields (its own, in its own frame) would be checked by the provider.
const SCHEMAS = { 1: checkoutInformationSchema, 2: checkoutShippingSchema, 3: z.object({}) } as const;

/** The messages of one step's fields, empty when the step is complete. */
function validateStep(step: CheckoutStep, values: CheckoutValues): Errors {
  const parsed = SCHEMAS[step].safeParse(values);
  return parsed.success ? {} : (collectFieldErrors(parsed.error.issues) as Errors);
}

/** Which step a field the server refused lives on, and the field that shows its message. */
function locateServerField(key: string): { step: CheckoutStep; field: FieldName } | null {
  const name = key.split('.').pop() ?? key;
  for (const s of STEPS) if ((s.fields as readonly string[]).includes(name)) return { step: s.step, field: name as FieldName };
  return null;
}

/** Fills only the empty text fields of `values` from `extra`. */
function fillEmpty(values: CheckoutValues, extra: Partial<CheckoutValues>): CheckoutValues {
  const next = { ...values };
  for (const [key, value] of Object.entries(extra) as [keyof CheckoutValues, string | boolean][]) {
    if (typeof value === 'string' && value && next[key] === '') (next as Record<string, unknown>)[key] = value;
  }
  return next;
}

const buttonBase = 'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-6 py-3 text-base font-semibold transition-colors';

/** The three-step checkout of spec §2.11, validated per step, with the order summary beside it. */
export default function CheckoutApp() {
  const lines = useStore($cart);
  const tinted = lines.some((l) => l.product.colour);
  const user = useStore($user);
  // The cart is read from localStorage only in the browser: render nothing cart-dependent until then.
  const [ready, setReady] = useState(false);
  const [step, setStep] = useState<CheckoutStep>(1);
  const [values, setValues] = useState<CheckoutValues>(EMPTY_CHECKOUT);
  const [errors, setErrors] = useState<Errors>({});
  const [attempted, setAttempted] = useState<Record<CheckoutStep, boolean>>({ 1: false, 2: false, 3: false });
  const [processing, setProcessing] = useState(false);
  const [placed, setPlaced] = useState(false);
  const [alert, setAlert] = useState<{ kind: 'unavailable' | 'error'; message: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useRef<'heading' | FieldName | 'alert' | null>(null);
  const inFlight = useRef(false);
  /** The card provider's publishable key when card is offered (GET /api/payments/methods), else null. */
  const [cardKey, setCardKey] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethodChoice>('bank_transfer');
  const [delivery, setDelivery] = useState<ShippingChoice>({ method: 'standard' });
  // Tinted lines are mixed to order: the customer accepts they cannot be returned before ordering.
  const [tintAccepted, setTintAccepted] = useState(false);
  const [tintUnaccepted, setTintUnaccepted] = useState(false);
  const cardHandle = useRef<CardPaymentHandle | null>(null);
  const onCardReady = useCallback((handle: CardPaymentHandle | null) => {
    cardHandle.current = handle;
  }, []);

  useEffect(() => {
    const draft = readCheckoutDraft();
    const saved = readSavedCheckoutInfo();
    let start: CheckoutValues = { ...EMPTY_CHECKOUT, saveInfo: Object.keys(saved).length > 0 };
    if (draft) start = { ...start, ...draft.values, country: DEFAULT_COUNTRY };
    start = fillEmpty(start, saved);
    setValues(start);
    if (draft) setStep(draft.step);
    setReady(true);
    void restoreSession();
    void fetchPaymentMethods().then((m) => setCardKey(m?.methods.includes('card') && m.card ? m.card.publishableKey : null));
  }, []);

  // A signed-in customer's details fill what is still empty.
  useEffect(() => {
    if (!ready || !user) return;
    const [firstName = '', ...rest] = user.fullName.trim().split(/\s+/);
    setValues((v) => fillEmpty(v, { firstName, lastName: rest.join(' '), email: user.email, phone: user.phone ?? '' }));
  }, [ready, user]);

  useEffect(() => {
    if (ready && !placed) writeCheckoutDraft(step, values);
  }, [ready, placed, step, values]);

  useEffect(() => {
    if (step > 1) void loadPaymentStep();
    else void loadShippingStep();
  }, [step]);

  useLayoutEffect(() => {
    const target = focusAfterRender.current;
    if (!target) return;
    focusAfterRender.current = null;
    const el = target === 'heading' ? headingRef.current : target === 'alert' ? alertRef.current : (formRef.current?.elements.namedItem(target) as HTMLElement | null);
    if (!el) return;
    // The navbar is fixed: scroll ourselves so the focused element never sits underneath it.
    el.focus({ preventScroll: true });
    el.scrollIntoView({ block: target === 'heading' || target === 'alert' ? 'nearest' : 'center' });
  });

  const setField = (field: FieldName, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // A message already showing follows the typing; a new one waits for blur or Continue.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: validateStep(step, next)[field] }));
  };

  const onBlurField = (field: FieldName) => {
    if (!attempted[step]) return;
    setErrors((e) => ({ ...e, [field]: validateStep(step, values)[field] }));
  };

  const goTo = (next: CheckoutStep) => {
    setStep(next);
    setErrors({});
    focusAfterRender.current = 'heading';
  };

  const submitOrder = async () => {
    if (inFlight.current) return;
    const info = checkoutInformationSchema.safeParse(values);
    const shipping = checkoutShippingSchema.safeParse(values);
    if (!info.success) return showInvalid(1, validateStep(1, values));
    if (!shipping.success) return showInvalid(2, validateStep(2, values));
    const card = method === 'card' ? cardHandle.current : null;
    // The card field shows its own message (incomplete, invalid); a field still loading is not ready to pay.
    if (method === 'card' && (!card || card.check())) return;
    if (tinted && !tintAccepted) {
      setTintUnaccepted(true);
      document.getElementById('tint-accept')?.focus();
      return;
    }
    inFlight.current = true;
    setProcessing(true);
    setAlert(null);
    const result = await placeOrder({
      idempotencyKey: ensureAttemptKey(),
      items: lines.map(({ product, quantity }) => ({ productId: product.id, quantity, colour: product.colour })),
      tintedAccepted: tinted && tintAccepted,
      customer: info.data,
      shippingAddress: shipping.data,
      payment: { method },
      shippingMethod: delivery.method,
      saveInfo: values.saveInfo,
      newsletter: values.newsletter,
    });
    // A card order: Stripe.js pays it (3-D Secure included) and the shop settles it from what Stripe says.
    const paid = result.ok && card && result.paymentNext
      ? await card.pay(result.order.orderNumber, result.paymentNext, { name: `${info.data.firstName} ${info.data.lastName}`, email: info.data.email })
      : result.ok && result.order.status === 'cancelled'
        ? ({ ok: false, kind: 'declined', message: ORDER_MESSAGES.cardDeclined } as const)
        : ({ ok: true } as const);
    if (!paid.ok) {
      // Declined: that order is cancelled, so the next try places a new one; otherwise the same order is paid again.
      if (paid.kind === 'declined') startNewAttempt();
      inFlight.current = false;
      setProcessing(false);
      setAlert({ kind: 'error', message: paid.message });
      focusAfterRender.current = 'alert';
      return;
    }
    if (result.ok) {
      setPlaced(true);
      rememberCheckoutInfo(values, values.saveInfo);
      rememberLastOrder(result.order);
      finishCheckoutAttempt();
      clearCart();
      window.location.assign(`/checkout/success?order=${encodeURIComponent(result.order.orderNumber)}`);
      return;
    }
    inFlight.current = false;
    setProcessing(false);
    if (result.kind === 'invalid') {
      const located = Object.entries(result.fields).flatMap(([key, message]) => {
        const where = locateServerField(key);
        return where ? [{ ...where, message }] : [];
      });
      if (located.length > 0) {
        const first = Math.min(...located.map((l) => l.step)) as CheckoutStep;
        showInvalid(first, Object.fromEntries(located.filter((l) => l.step === first).map((l) => [l.field, l.message])));
        return;
      }
    }
    setAlert({ kind: result.kind === 'unavailable' ? 'unavailable' : 'error', message: result.message });
    focusAfterRender.current = 'alert';
  };

  const showInvalid = (target: CheckoutStep, found: Errors) => {
    setStep(target);
    setAttempted((a) => ({ ...a, [target]: true }));
    setErrors(found);
    const first = STEPS[target - 1].fields.find((f) => found[f]);
    focusAfterRender.current = first ?? 'heading';
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (processing || placed) return;
    const found = validateStep(step, values);
    if (Object.keys(found).length > 0) return showInvalid(step, found);
    setAttempted((a) => ({ ...a, [step]: true }));
    if (step === 2 && delivery.refusal) {
      setAlert({ kind: 'error', message: delivery.refusal });
      focusAfterRender.current = 'alert';
      return;
    }
    if (step < 3) goTo((step + 1) as CheckoutStep);
    else void submitOrder();
  };

  if (!ready) {
    return (
      <div className="min-h-[28rem] animate-pulse rounded-[var(--radius-card)] bg-white/60 motion-reduce:animate-none" role="status">
        <span className="sr-only">Loading your cart…</span>
      </div>
    );
  }

  if (placed) {
    return (
      <p role="status" className="rounded-[var(--radius-card)] border border-line bg-white p-8 text-center text-ink-soft shadow-card">
        Order placed. Opening your confirmation…
      </p>
    );
  }

  if (lines.length === 0) {
    // In a box as tall as the loading one it replaces (the same element to React), so neither it nor
    // the footer moves when a visitor without a cart sees it (a 0.12 layout shift at 1024 px before).
    return (
      <div className="min-h-[28rem]">
        <div className="mx-auto max-w-lg rounded-[var(--radius-card)] border border-line bg-white px-6 py-12 text-center shadow-card">
          <svg width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true" className="mx-auto text-ink-muted">
            <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2" strokeLinecap="round" strokeLinejoin="round" />
            <circle cx="10" cy="20" r="1.2" />
            <circle cx="17" cy="20" r="1.2" />
          </svg>
          <h2 className="mt-4 font-display text-2xl font-semibold text-ink">Your cart is empty</h2>
          <p className="mt-2 text-ink-muted">Add some products to get started</p>
          <a href="/shop" className={`${buttonBase} mt-6 bg-accent text-white hover:bg-accent-strong`}>
            Continue Shopping
          </a>
        </div>
      </div>
    );
  }

  const current = STEPS[step - 1];
  const fieldProps = (field: FieldName) => ({
    name: field,
    value: values[field],
    error: errors[field],
    required: true,
    onChange: (e: { target: { value: string } }) => setField(field, e.target.value),
    onBlur: () => onBlurField(field),
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10">
      <div className="lg:col-start-2 lg:row-start-1">
        <OrderSummary lines={lines} shippingCents={delivery.priceCents} />
      </div>
      <div className="min-w-0 lg:col-start-1 lg:row-start-1">
        <Progress step={step} />
        <div className="mt-6 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card sm:p-8">
          <h2 ref={headingRef} tabIndex={-1} className="scroll-mt-28 font-display text-2xl font-semibold text-ink outline-none">
            <span className="mb-1 block font-sans text-xs font-semibold tracking-[0.14em] text-ink-muted uppercase">Step {step} of 3</span>
            {current.title}
          </h2>
          {alert && (
            <div ref={alertRef} tabIndex={-1} className="mt-5 scroll-mt-28 outline-none">
              <FormAlert message={alert.message} />
              {alert.kind === 'unavailable' && (
                <button type="button" onClick={openCart} className={`${buttonBase} -mt-2 mb-2 border border-ink/20 text-ink hover:border-ink`}>
                  Review your cart
                </button>
              )}
            </div>
          )}
          <form ref={formRef} onSubmit={onSubmit} noValidate className="mt-6" aria-label={`${current.label} step`}>
            {step === 1 && (
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField label="First name" autoComplete="given-name" {...fieldProps('firstName')} />
                <TextField label="Last name" autoComplete="family-name" {...fieldProps('lastName')} />
                <TextField label="Email address" type="email" inputMode="email" autoComplete="email" className="sm:col-span-2" {...fieldProps('email')} />
                <TextField label="Phone number" type="tel" autoComplete="tel" className="sm:col-span-2" {...fieldProps('phone')} />
              </div>
            )}
            {step === 2 && (
              <Suspense fallback={<div className="min-h-96" />}>
                <ShippingStep field={fieldProps} lines={lines} choice={delivery} onChoice={setDelivery} />
              </Suspense>
            )}
            {step === 3 && (
              <Suspense fallback={<div className="min-h-64" />}>
                <PaymentStep
                  method={method}
                  onMethod={setMethod}
                  cardKey={cardKey}
                  payOnAccount={user?.payOnAccount === true}
                  processing={processing}
                  onCardReady={onCardReady}
                  saveInfo={values.saveInfo}
                  newsletter={values.newsletter}
                  onPreference={(key, value) => setValues((v) => ({ ...v, [key]: value }))}
                />
              </Suspense>
            )}
            {step === 3 && tinted && (
              <div className="mt-6 rounded-lg bg-canvas p-4">
                <label className="flex items-start gap-3 text-sm font-medium text-ink">
                  <input
                    id="tint-accept"
                    type="checkbox"
                    required
                    checked={tintAccepted}
                    onChange={(e) => {
                      setTintAccepted(e.target.checked);
                      setTintUnaccepted(false);
                    }}
                    aria-invalid={tintUnaccepted || undefined}
                    aria-describedby={tintUnaccepted ? 'tint-accept-error' : undefined}
                    className="mt-0.5 size-5 shrink-0 accent-accent"
                  />
                  I understand that tinted paint is mixed to order and cannot be returned.
                </label>
                {tintUnaccepted && (
                  <p id="tint-accept-error" className="mt-2 text-sm font-medium text-danger">
                    Please confirm this to order paint tinted to a colour.
                  </p>
                )}
              </div>
            )}
            <div className="mt-8 flex flex-col-reverse gap-3 border-t border-line pt-6 sm:flex-row sm:justify-between">
              <button
                type="button"
                disabled={step === 1 || processing}
                onClick={() => goTo((step - 1) as CheckoutStep)}
                className={`${buttonBase} border border-ink/20 text-ink hover:border-ink disabled:cursor-not-allowed disabled:border-line disabled:text-ink-muted`}
              >
                Back
              </button>
              <button
                type="submit"
                disabled={processing}
                aria-busy={processing || undefined}
                className={`${buttonBase} bg-accent text-white shadow-sm hover:bg-accent-strong disabled:cursor-wait disabled:bg-accent-strong sm:min-w-48`}
              >
                {processing && <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none" aria-hidden="true" />}
                {step < 3 ? 'Continue' : processing ? 'Processing...' : 'Complete Order'}
              </button>
            </div>
          </form>
        </div>
        <p className="mt-4 text-center text-xs text-ink-muted">Orders are reviewed by our team before payment is taken; you will get an e-mail once yours is approved.</p>
      </div>
    </div>
  );
}

/** The step indicator: three numbered steps, the current one marked aria-current="step". */
function Progress({ step }: { step: CheckoutStep }) {
  return (
    <nav aria-label="Checkout progress">
      <ol className="flex items-start gap-2 sm:items-center sm:gap-4">
        {STEPS.map((s, i) => {
          const done = s.step < step;
          const isCurrent = s.step === step;
          return (
            <li key={s.step} className="flex flex-1 items-center justify-center gap-2 sm:justify-start sm:gap-4" aria-current={isCurrent ? 'step' : undefined}>
              <span className="flex flex-col items-center gap-1 sm:flex-row sm:gap-2">
                <span
                  className={`tabular grid size-9 shrink-0 place-items-center rounded-full text-sm font-semibold ${
                    isCurrent ? 'bg-ink text-white' : done ? 'bg-success text-white' : 'border border-ink/25 bg-white text-ink-muted'
                  }`}
                  aria-hidden="true"
                >
                  {done ? (
                    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3">
                      <path d="m5 12 5 5 9-10" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                  ) : (
                    s.step
                  )}
                </span>
                <span className={`text-sm font-semibold ${isCurrent ? 'text-ink' : 'text-ink-muted'}`}>
                  <span className="sr-only">Step {s.step}: </span>
                  {s.label}
                  {done && <span className="sr-only"> (completed)</span>}
                </span>
              </span>
              {i < STEPS.length - 1 && <span className={`hidden h-px flex-1 sm:block ${done ? 'bg-success' : 'bg-line'}`} aria-hidden="true" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
