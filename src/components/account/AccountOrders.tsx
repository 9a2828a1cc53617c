import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $auth, $user, logout, restoreSession } from '../../stores/session';

/** One order line as GET /api/account/orders returns it. */
interface OrderSummary {
  id: string;
  orderNumber: string;
  status: string;
  paymentStatus: string;
  total: number;
  createdAt: string;
  items: { product: { id: string; name: string }; quantity: number }[];
}

const buttonClass = 'inline-flex min-h-12 items-center justify-center rounded-xl px-5 py-3 font-semibold';

/** 'Track Your Order': the signed-in customer's orders, newest first, or a prompt to sign in. */
export default function AccountOrders() {
  const user = useStore($user);
  const { restored } = useStore($auth);
  const [orders, setOrders] = useState<OrderSummary[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    void restoreSession();
  }, []);

  useEffect(() => {
    if (!restored || !user) return;
    fetch('/api/account/orders', { credentials: 'same-origin' })
      .then(async (response) => {
        if (response.status === 401) return void (await restoreSession());
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        setOrders(((await response.json()) as { orders: OrderSummary[] }).orders);
      })
      .catch(() => setFailed(true));
  }, [restored, user]);

  if (!restored) return <p className="text-ink-muted" role="status">Loading your account…</p>;

  if (!user) {
    return (
      <div className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-card sm:p-8">
        <h2 className="font-display text-2xl font-semibold">Sign in to see your orders</h2>
        <p className="mt-2 text-ink-muted">Your order history, statuses and items are kept with your account.</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <a href="/login" className={`${buttonClass} bg-accent text-white hover:bg-accent-strong`}>
            Sign In
          </a>
          <a href="/signup" className={`${buttonClass} border border-ink/20 text-ink hover:border-ink`}>
            Create an account
          </a>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card">
        <div>
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
      {failed && (
        <p role="alert" className="rounded-xl border border-danger/30 bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
          Your orders could not be loaded. Please try again.
        </p>
      )}
      {orders && orders.length === 0 && (
        <div className="rounded-[var(--radius-card)] border border-dashed border-ink/20 bg-white p-8 text-center">
          <h2 className="font-display text-2xl font-semibold">No orders yet</h2>
          <p className="mt-2 text-ink-muted">When you place an order it appears here with its status and items.</p>
          <a href="/shop" className={`${buttonClass} mt-6 bg-accent text-white hover:bg-accent-strong`}>
            Browse the shop
          </a>
        </div>
      )}
      {orders && orders.length > 0 && (
        <ul className="grid gap-4">
          {orders.map((order) => (
            <li key={order.id} className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="font-semibold">{order.orderNumber}</h2>
                <span className="rounded-full bg-canvas px-3 py-1 text-sm font-medium capitalize">{order.status}</span>
              </div>
              <p className="mt-1 text-sm text-ink-muted">{new Date(order.createdAt).toLocaleDateString()}</p>
              <ul className="mt-3 text-sm">
                {order.items.map((item) => (
                  <li key={item.product.id}>
                    {item.quantity} × {item.product.name}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
