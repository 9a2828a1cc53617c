import { useEffect, useState } from 'react';
import type { CartLine } from '../../lib/cart';
import { projectListSchema, projectListsSchema, type ProjectList } from '../../lib/schemas/lists';
import type { Order } from '../../lib/schemas/order';
import { addLinesToCart, openCart } from '../../stores/cart';

const FAILED = 'That did not work just now. Please try again.';

/** The lines of a list that can go in the cart today (in stock, not quote-only). */
function cartLinesOf(list: ProjectList): CartLine[] {
  return list.items.flatMap((item) =>
    item.product && item.product.inStock && !item.product.requestQuoteOnly
      ? [{ product: { id: item.product.id, name: item.product.name, price: item.product.price, image: item.product.image, category: item.product.category }, quantity: item.quantity }]
      : [],
  );
}

/**
 * The signed-in customer's project lists on /account/orders: each with its products, 'Add to cart'
 * for the whole list (what cannot be bought today is named) and 'Delete'; a past order can be
 * saved as a list ({@link saveOrderAsList}).
 */
export function AccountLists({ saved }: { saved: ProjectList | null }) {
  const [lists, setLists] = useState<ProjectList[]>([]);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    fetch('/api/account/lists', { credentials: 'same-origin' })
      .then(async (response) => (response.ok ? setLists(projectListsSchema.parse(await response.json()).lists) : undefined))
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    if (saved) setLists((current) => [saved, ...current.filter((l) => l.id !== saved.id)]);
  }, [saved]);

  async function remove(list: ProjectList) {
    const response = await fetch(`/api/account/lists/${encodeURIComponent(list.id)}`, { method: 'DELETE', credentials: 'same-origin' }).catch(() => null);
    if (!response || (!response.ok && response.status !== 404)) return setNote(FAILED);
    setLists((current) => current.filter((l) => l.id !== list.id));
    setNote(`Deleted ${list.name}.`);
  }

  function addToCart(list: ProjectList) {
    const lines = cartLinesOf(list);
    addLinesToCart(lines);
    const left = list.items.filter((i) => !lines.some((l) => l.product.id === i.productId)).map((i) => i.product?.name ?? 'A product no longer sold');
    setNote(`Added ${lines.length === 1 ? '1 product' : `${lines.length} products`} from ${list.name} to your cart.${left.length ? ` Not available today: ${left.join(', ')}.` : ''}`);
    if (lines.length > 0) openCart();
  }

  if (lists.length === 0) return null;
  return (
    <section aria-labelledby="account-lists" className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card">
      <h2 id="account-lists" className="font-display text-xl font-semibold">
        Your project lists
      </h2>
      <p role="status" aria-live="polite" className="mt-1 text-sm text-ink-soft">
        {note}
      </p>
      <ul className="mt-2 divide-y divide-line">
        {lists.map((list) => (
          <li key={list.id} className="grid gap-2 py-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{list.name}</h3>
              <div className="flex gap-2">
                <button type="button" onClick={() => addToCart(list)} className="min-h-11 rounded-xl bg-accent px-4 text-sm font-semibold text-white hover:bg-accent-strong">
                  Add list to cart
                </button>
                <button type="button" onClick={() => void remove(list)} className="min-h-11 rounded-xl border border-ink/20 px-4 text-sm font-semibold text-ink hover:border-ink" aria-label={`Delete ${list.name}`}>
                  Delete
                </button>
              </div>
            </div>
            <p className="text-sm text-ink-muted">{list.items.map((i) => `${i.quantity} × ${i.product?.name ?? 'no longer sold'}`).join(' · ') || 'No products yet.'}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Saves a past order's lines as a new project list named after it; the list, or null when it could not be saved. */
export async function saveOrderAsList(order: Order): Promise<ProjectList | null> {
  const response = await fetch('/api/account/lists', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Order ${order.orderNumber}`, items: order.items.map((i) => ({ productId: i.product.id, quantity: i.quantity })) }),
  }).catch(() => null);
  if (!response?.ok) return null;
  return projectListSchema.parse(await response.json());
}
