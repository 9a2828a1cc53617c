import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useEarlyInput } from '../ui/use-early-input';
import { AUTH_MESSAGES, isValidEmail } from '../../lib/schemas/auth';
import { normalizeOrderNumber, ORDER_MESSAGES, orderSchema, type Order } from '../../lib/schemas/order';
import { fetchOrder } from '../../stores/checkout';
import { $auth, $user, logout, restoreSession } from '../../stores/session';
import { FormAlert, TextField } from './fields';
import { SubmitButton } from './SubmitButton';
import { OrderCard } from './OrderCard';
import { AccountQuotes } from './AccountQuotes';
import { BuyAgain } from './BuyAgain';
import { AccountLists, saveOrderAsList } from './AccountLists';
import type { ProjectList } from '../../lib/schemas/lists';

const buttonClass = 'inline-flex min-h-12 items-center justify-center rounded-xl px-5 py-3 font-semibold';
const ORDER_NUMBER_MESSAGE = 'Please enter your order number, e.g. ORD-12345678.';
const LOOKUP_FAILED = 'We could not look up your order just now. Please try again.';

/** The ?order= of the page address, as typed in a link or an e-mail. */
function readOrderParam(): string {
  return new URLSearchParams(window.location.search).get('order')?.trim() ?? '';
}

/**
 * 'Track Your Order': a signed-in customer's orders, newest first, with status, items and totals;
 * a guest finds one order with its number and e-mail together.
 */
export default function AccountOrders() {
  const user = useStore($user);
  const { restored } = useStore($auth);
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [savedList, setSavedList] = useState<ProjectList | null>(null);

  useEffect(() => {
    void restoreSession();
  }, []);

  useEffect(() => {
    if (!restored || !user) return;
    setFailed(false);
    fetch('/api/account/orders', { credentials: 'same-origin' })
      .then(async (response) => {
        if (response.status === 401) return void (await restoreSession());
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as { orders: unknown[] };
        setOrders(body.orders.map((o) => orderSchema.parse(o)));
      })
      .catch(() => setFailed(true));
  }, [restored, user]);

  if (!restored) return <p className="min-h-64 text-ink-muted" role="status">Loading your orders…</p>;

  if (!user) {
    return (
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem] lg:items-start">
        <OrderLookup />
        <aside className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-card">
          <h2 className="font-display text-xl font-semibold">Have an account?</h2>
          <p className="mt-2 text-sm text-ink-muted">Sign in to see every order you placed while signed in, with its status and items.</p>
          <div className="mt-5 flex flex-wrap gap-3">
            <a href="/login" className={`${buttonClass} bg-ink text-white hover:bg-ink-soft`}>
              Sign In
            </a>
            <a href="/signup" className={`${buttonClass} border border-ink/20 text-ink hover:border-ink`}>
              Create an account
            </a>
          </div>
        </aside>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card">
        <div className="min-w-0">
          <p className="text-sm text-ink-muted">Signed in as</p>
          <p className="font-semibold">{user.fullName}</p>
          <p className="text-sm break-all text-ink-muted">{user.email}</p>
        </div>
        <button
          type="button"
          onClick={() => void logout().then(() => window.location.assign('/login'))}
          className={`${buttonClass} border border-ink/20 text-ink hover:border-ink`}
        >
          Sign Out
        </button>
      </div>
      <AccountQuotes />
      <AccountLists saved={savedList} />
      {failed && <FormAlert message="Your orders could not be loaded. Please reload the page to try again." />}
      {!orders && !failed && (
        <p role="status" className="min-h-40 text-ink-muted">
          Loading your orders…
        </p>
      )}
      {orders && orders.length === 0 && (
        <div className="rounded-[var(--radius-card)] border border-dashed border-ink/20 bg-white p-8 text-center">
          <h2 className="font-display text-2xl font-semibold">No orders yet</h2>
          <p className="mt-2 text-ink-muted">When you place an order while signed in, it appears here with its status and items.</p>
          <a href="/shop" className={`${buttonClass} mt-6 bg-accent text-white hover:bg-accent-strong`}>
            Browse the shop
          </a>
        </div>
      )}
      {orders && orders.length > 0 && (
        <section aria-label="Your orders" className="grid gap-5">
          <p className="text-sm text-ink-muted">
            {orders.length === 1 ? '1 order' : `${orders.length} orders`}, newest first
          </p>
          {orders.map((order) => (
            <div key={order.id} className="grid gap-3">
              <OrderCard order={order} />
              <div className="flex flex-wrap items-start gap-3">
                <BuyAgain orderNumber={order.orderNumber} />
                <button
                  type="button"
                  onClick={() => void saveOrderAsList(order).then((list) => list && setSavedList(list))}
                  className="inline-flex min-h-11 items-center rounded-xl border border-ink/20 bg-white px-4 text-sm font-semibold text-ink hover:border-ink"
                >
                  Save as project list
                </button>
              </div>
            </div>
          ))}
        </section>
      )}
    </div>
  );
}

/** The guest look-up: order number and e-mail together, the answer shown below the form. */
function OrderLookup() {
  const formRef = useEarlyInput<HTMLFormElement>();
  const [number, setNumber] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ number?: string; email?: string }>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [order, setOrder] = useState<Order | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => setNumber(readOrderParam()), []);

  useEffect(() => {
    if (order) resultRef.current?.focus();
  }, [order]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const orderNumber = normalizeOrderNumber(number);
    const next = {
      number: orderNumber ? undefined : ORDER_NUMBER_MESSAGE,
      email: isValidEmail(email.trim()) ? undefined : AUTH_MESSAGES.email,
    };
    setErrors(next);
    setAlert(null);
    setOrder(null);
    if (!orderNumber || next.email) return;
    setLoading(true);
    const result = await fetchOrder(orderNumber, email.trim());
    setLoading(false);
    if (result.ok) return setOrder(result.order);
    if (result.status === 404) return setAlert(ORDER_MESSAGES.orderNotFound);
    setAlert(result.status === 429 && result.message ? result.message : LOOKUP_FAILED);
  };

  return (
    <div className="grid gap-6">
      <form ref={formRef} method="post" noValidate onSubmit={(e) => void submit(e)} className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-card sm:p-8" aria-labelledby="lookup-heading">
        <h2 id="lookup-heading" className="font-display text-2xl font-semibold">
          Find an order
        </h2>
        <p className="mt-2 mb-6 text-ink-muted">Enter the order number from your confirmation and the e-mail you ordered with.</p>
        <FormAlert message={alert} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Order number"
            name="orderNumber"
            autoComplete="off"
            placeholder="ORD-12345678"
            value={number}
            error={errors.number}
            onChange={(e) => setNumber(e.target.value)}
          />
          <TextField
            label="E-mail address"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            error={errors.email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="mt-6 sm:max-w-56">
          <SubmitButton loading={loading}>{loading ? 'Looking up…' : 'Track order'}</SubmitButton>
        </div>
      </form>
      {order && (
        <div ref={resultRef} tabIndex={-1} className="focus:outline-none" aria-live="polite">
          <OrderCard order={order} />
        </div>
      )}
    </div>
  );
}
