/**
 * Request Quote: a button that opens an inline form (name, e-mail, phone, quantity, notes) under
 * the product's buttons. The fields are checked with the server's own schema first (messages under
 * each field, the first one focused, nothing sent until they pass), then posted to POST /api/quotes,
 * whose answer decides: field messages under each field, anything else above the send button,
 * what was typed is kept. Fields start from the signed-in customer's profile when there is one.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { QUOTE_QUANTITY_MAX } from '../../lib/constants';
import type { QuoteRequestInput } from '../../lib/schemas/enquiries';
import { $user, readCachedUser } from '../../stores/session';
import { CheckIcon, MailIcon } from '../shop/Icons';

export interface QuoteRequestProps {
  /** The product to quote. */
  product: { id: string; name: string; sku: string };
  /** Whether this is the product's main action (quote-only products). */
  primary: boolean;
  /** Address offered when the request cannot reach the server. */
  contactEmail: string;
}

const FIELDS = ['name', 'email', 'phone', 'quantity', 'message'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type State = { kind: 'editing' } | { kind: 'sending' } | { kind: 'sent'; email: string };
type Checker = (input: QuoteRequestInput) => Record<string, string>;

let quoteChecker: Promise<Checker | null> | undefined;
/**
 * The browser-side check, loaded when a quote form first opens rather than with the shop (zod is
 * ~26 KB gzip); null when it cannot load, and the server still checks.
 */
function loadQuoteChecker(): Promise<Checker | null> {
  return (quoteChecker ??= import('../../lib/schemas/enquiries').then(
    (m) => m.findQuoteRequestErrors,
    () => {
      quoteChecker = undefined;
      return null;
    },
  ));
}

/** The Request Quote button and its form. */
export default function QuoteRequest({ product, primary, contactEmail }: QuoteRequestProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>({ name: '', email: '', phone: '', quantity: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState('');
  const [state, setState] = useState<State>({ kind: 'editing' });
  // Set once a submit was refused here: from then on the messages follow what is typed.
  const [checker, setChecker] = useState<Checker | null>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const doneHeading = useRef<HTMLParagraphElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    void loadQuoteChecker();
    // Prefilled once, from the signed-in customer, only where nothing is typed yet.
    const user = $user.get() ?? readCachedUser();
    if (user) setValues((v) => ({ ...v, name: v.name || user.fullName, email: v.email || user.email, phone: v.phone || user.phone }));
    firstField.current?.focus();
  }, [open]);

  useEffect(() => {
    if (state.kind === 'sent') doneHeading.current?.focus();
  }, [state.kind]);

  useEffect(() => {
    if (checker) setErrors(checker({ productId: product.id, ...values }));
  }, [checker, values, product.id]);

  const set = (field: Field) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  /** Shows the field messages and focuses the first field in error; false when no shown field has one. */
  const focusFirstError = (fields: Partial<Record<string, string>>): boolean => {
    setErrors(fields);
    const first = FIELDS.find((f) => fields[f]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
    return first !== undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.kind === 'sending') return;
    setState({ kind: 'sending' });
    setAlert('');
    const check = await loadQuoteChecker();
    if (check) {
      const invalid = check({ productId: product.id, ...values });
      if (Object.keys(invalid).length > 0) {
        setChecker(() => check);
        if (!focusFirstError(invalid)) setAlert(Object.values(invalid)[0]!);
        setState({ kind: 'editing' });
        return;
      }
    }
    const fallback = `Your request could not be sent. Please try again, or e-mail ${contactEmail}.`;
    try {
      const response = await fetch('/api/quotes', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ productId: product.id, ...values }),
      });
      if (response.ok) {
        setChecker(null);
        setErrors({});
        setState({ kind: 'sent', email: values.email.trim() });
        setValues((v) => ({ ...v, quantity: '', message: '' }));
        return;
      }
      const data = (await response.json().catch(() => null)) as { error?: { message?: string; fields?: Record<string, string> } } | null;
      if (!focusFirstError(data?.error?.fields ?? {})) setAlert(data?.error?.message || fallback);
    } catch {
      setAlert(fallback);
    }
    setState({ kind: 'editing' });
  };

  const close = () => {
    setOpen(false);
    setState({ kind: 'editing' });
    toggle.current?.focus();
  };

  const input =
    'mt-1 block min-h-11 w-full rounded-lg border border-ink/20 bg-white px-3 py-2 text-base text-ink focus:border-ink focus:outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-accent aria-invalid:border-danger aria-invalid:ring-1 aria-invalid:ring-danger';
  const labelClass = 'block text-sm font-semibold text-ink';
  const describe = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);
  const error = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm font-medium text-danger">
        {errors[field]}
      </p>
    ) : null;

  return (
    <>
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => (open ? close() : setOpen(true))}
        className={
          primary
            ? 'inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-accent px-6 text-base font-semibold text-white transition hover:bg-accent-strong'
            : 'inline-flex min-h-12 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold text-ink ring-1 ring-line transition hover:bg-white hover:ring-ink/30'
        }
      >
        <MailIcon size={18} />
        Request Quote
      </button>
      <section
        id={`${id}-panel`}
        hidden={!open}
        aria-labelledby={`${id}-title`}
        className="order-last w-full basis-full rounded-lg bg-white p-4 ring-1 ring-line sm:p-5"
      >
        {open && (
          <>
        <h3 id={`${id}-title`} className="font-display text-lg font-semibold text-ink">
          Request a quote
        </h3>
        <p className="mt-0.5 text-sm text-ink-muted">{`${product.name} · SKU ${product.sku}`}</p>
        {state.kind === 'sent' ? (
          <div className="mt-4 flex flex-col items-start gap-3">
            <p ref={doneHeading} tabIndex={-1} className="inline-flex items-center gap-2 font-semibold text-success">
              <CheckIcon size={18} /> Quote request sent
            </p>
            <p className="text-sm text-ink-soft">
              Thank you. Our sales desk will e-mail <strong className="text-ink wrap-anywhere">{state.email}</strong> with prices and delivery
              times within one business day; a confirmation is on its way.
            </p>
            <button type="button" onClick={close} className="min-h-11 rounded-lg px-4 text-sm font-semibold text-ink ring-1 ring-line hover:ring-ink/30">
              Close
            </button>
          </div>
        ) : (
          <form noValidate onSubmit={submit} aria-label={`Request a quote for ${product.name}`} className="mt-4 grid gap-3 sm:grid-cols-2">
            <div>
              <label className={labelClass} htmlFor={`${id}-name`}>Full name</label>
              <input ref={firstField} id={`${id}-name`} className={input} autoComplete="name" value={values.name} onChange={set('name')} aria-invalid={errors.name ? true : undefined} aria-describedby={describe('name')} />
              {error('name')}
            </div>
            <div>
              <label className={labelClass} htmlFor={`${id}-email`}>E-mail address</label>
              <input id={`${id}-email`} type="email" className={input} autoComplete="email" value={values.email} onChange={set('email')} aria-invalid={errors.email ? true : undefined} aria-describedby={describe('email')} />
              {error('email')}
            </div>
            <div>
              <label className={labelClass} htmlFor={`${id}-phone`}>
                Phone <span className="font-normal text-ink-muted">(optional)</span>
              </label>
              <input id={`${id}-phone`} type="tel" inputMode="tel" className={input} autoComplete="tel" value={values.phone} onChange={set('phone')} aria-invalid={errors.phone ? true : undefined} aria-describedby={describe('phone')} />
              {error('phone')}
            </div>
            <div>
              <label className={labelClass} htmlFor={`${id}-quantity`}>
                Quantity <span className="font-normal text-ink-muted">(optional)</span>
              </label>
              <input id={`${id}-quantity`} type="number" inputMode="numeric" min={1} max={QUOTE_QUANTITY_MAX} step={1} className={`${input} tabular`} value={values.quantity} onChange={set('quantity')} aria-invalid={errors.quantity ? true : undefined} aria-describedby={describe('quantity')} />
              {error('quantity')}
            </div>
            <div className="sm:col-span-2">
              <label className={labelClass} htmlFor={`${id}-message`}>
                Notes <span className="font-normal text-ink-muted">(optional: delivery place, colours, dates)</span>
              </label>
              <textarea id={`${id}-message`} rows={3} className={`${input} resize-y`} value={values.message} onChange={set('message')} aria-invalid={errors.message ? true : undefined} aria-describedby={describe('message')} />
              {error('message')}
            </div>
            <div className="flex flex-col gap-3 sm:col-span-2">
              {alert && (
                <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm font-medium text-danger">
                  {alert}
                </p>
              )}
              <div className="flex flex-wrap gap-3">
                <button type="submit" disabled={state.kind === 'sending'} className="inline-flex min-h-11 items-center justify-center rounded-lg bg-ink px-5 font-semibold text-white transition hover:bg-ink-soft disabled:cursor-wait disabled:opacity-70">
                  {state.kind === 'sending' ? 'Sending…' : 'Send Request'}
                </button>
                <button type="button" onClick={close} className="min-h-11 rounded-lg px-4 text-sm font-semibold text-ink-soft hover:text-ink">
                  Cancel
                </button>
              </div>
            </div>
          </form>
        )}
          </>
        )}
      </section>
    </>
  );
}
