import { useEffect, useState } from 'react';
import type { CartLine } from '../../lib/cart';
import { formatColourLabel } from '../../lib/paint/colour-label';
import { projectListSchema, projectListsSchema, type ProjectList } from '../../lib/schemas/lists';
import type { Order } from '../../lib/schemas/order';
import { addLinesToCart, openCart } from '../../stores/cart';

const FAILED = 'That did not work just now. Please try again.';

/** The lines of a list that can go in the cart today (in stock, not quote-only). */
function cartLinesOf(list: ProjectList): CartLine[] {
  return list.items.flatMap((item) =>
    item.product && item.product.inStock && !item.product.requestQuoteOnly
      ? [{ product: { id: item.product.id, name: item.product.name, price: item.product.price, image: item.product.image, category: item.product.category, ...(item.colour ? { colour: item.colour } : {}) }, quantity: item.quantity }]
      : [],
  );
}

type ListItem = ProjectList['items'][number];
/** What a list line is sent back as: product, quantity and the colour's system and code. */
type ListItemInput = { productId: string; quantity: number; colour?: { system: string; code: string } };

/** A list line's name as shown: the product, then its colour when tinted ('… in RAL 7016 Anthracite Grey'). */
function itemLabel(item: ListItem): string {
  const name = item.product?.name ?? 'A product no longer sold';
  return item.colour ? `${name} in ${formatColourLabel(item.colour)}` : name;
}

/**
 * The signed-in customer's project lists on /account/orders: each with its products, 'Add to cart'
 * for the whole list (what cannot be bought today is named) and 'Delete'; a past order can be
 * saved as a list ({@link saveOrderAsList}). With `editable` (the /account/lists page) each list
 * can also be renamed, its quantities changed and products removed, and a signed-out visitor is
 * invited to sign in.
 */
export function AccountLists({ saved, editable = false }: { saved: ProjectList | null; editable?: boolean }) {
  const [lists, setLists] = useState<ProjectList[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    fetch('/api/account/lists', { credentials: 'same-origin' })
      .then(async (response) => {
        if (response.status === 401) setSignedOut(true);
        else if (response.ok) setLists(projectListsSchema.parse(await response.json()).lists);
      })
      .catch(() => undefined)
      .finally(() => setLoaded(true));
  }, []);

  /** Saves a list's name and items (PUT, the whole list); the saved list replaces the shown one. */
  async function save(list: ProjectList, name: string, items: ListItemInput[]): Promise<boolean> {
    const response = await fetch(`/api/account/lists/${encodeURIComponent(list.id)}`, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, items }),
    }).catch(() => null);
    if (!response?.ok) {
      const message = response ? ((await response.json().catch(() => null)) as { error?: { message?: string } } | null)?.error?.message : undefined;
      setNote(message ?? FAILED);
      return false;
    }
    const next = projectListSchema.parse(await response.json());
    setLists((current) => current.map((l) => (l.id === next.id ? next : l)));
    setNote(`Saved ${next.name}.`);
    return true;
  }

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

  if (editable && signedOut) {
    return (
      <p className="rounded-[var(--radius-card)] border border-line bg-white p-5 text-ink-soft shadow-card">
        <a href="/login?next=/account/lists" className="font-semibold text-accent-strong underline underline-offset-4">Sign in</a> to keep project lists of the products you need.
      </p>
    );
  }
  if (editable && loaded && lists.length === 0) {
    return <p className="rounded-[var(--radius-card)] border border-line bg-white p-5 text-ink-soft shadow-card">No lists yet: add products with 'Add to list' on a product page, or save a past order as a list.</p>;
  }
  if (lists.length === 0) return null;
  if (editable) {
    return (
      <section aria-label="Your project lists" className="grid gap-4">
        <p role="status" aria-live="polite" className="text-sm text-ink-soft">
          {note}
        </p>
        {lists.map((list) => (
          <ListEditor key={list.id} list={list} onSave={save} onAddToCart={addToCart} onDelete={remove} />
        ))}
      </section>
    );
  }
  return (
    <section aria-labelledby="account-lists" className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="account-lists" className="font-display text-xl font-semibold">
          Your project lists
        </h2>
        <a href="/account/lists" className="text-sm font-semibold text-accent-strong underline underline-offset-4">
          Edit your lists
        </a>
      </div>
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
            <p className="text-sm text-ink-muted">{list.items.map((i) => `${i.quantity} × ${i.product ? itemLabel(i) : 'no longer sold'}`).join(' · ') || 'No products yet.'}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One list on /account/lists: its name, each product's quantity and removal, saved together. */
function ListEditor({
  list,
  onSave,
  onAddToCart,
  onDelete,
}: {
  list: ProjectList;
  onSave: (list: ProjectList, name: string, items: ListItemInput[]) => Promise<boolean>;
  onAddToCart: (list: ProjectList) => void;
  onDelete: (list: ProjectList) => Promise<void>;
}) {
  const [name, setName] = useState(list.name);
  // Each line keeps its item: the same paint in two colours is two lines.
  const [quantities, setQuantities] = useState(() => list.items.map((item) => ({ item, quantity: String(item.quantity) })));
  useEffect(() => {
    setName(list.name);
    setQuantities(list.items.map((item) => ({ item, quantity: String(item.quantity) })));
  }, [list]);
  const changed = name !== list.name || quantities.length !== list.items.length || quantities.some((q, i) => q.item !== list.items[i] || q.quantity !== String(q.item.quantity));

  return (
    <form
      aria-label={list.name}
      className="grid gap-3 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card"
      onSubmit={(event) => {
        event.preventDefault();
        void onSave(
          list,
          name,
          quantities.map(({ item, quantity }) => ({ productId: item.productId, quantity: Number(quantity), ...(item.colour ? { colour: { system: item.colour.system, code: item.colour.code } } : {}) })),
        );
      }}
    >
      <label className="grid gap-1 text-sm font-semibold text-ink">
        List name
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required className="min-h-11 rounded-xl border border-line px-3 text-base font-normal" />
      </label>
      {quantities.length === 0 ? (
        <p className="text-sm text-ink-muted">No products on this list.</p>
      ) : (
        <ul className="divide-y divide-line">
          {quantities.map((q, index) => (
            <li key={`${q.item.productId}|${q.item.colour?.system ?? ''}|${q.item.colour?.code ?? ''}`} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <span className="min-w-0 basis-full font-medium text-ink sm:flex-1 sm:basis-auto">{itemLabel(q.item)}</span>
              <label className="flex items-center gap-2 text-sm text-ink-soft">
                Quantity
                <input
                  type="number"
                  min={1}
                  max={999}
                  step={1}
                  inputMode="numeric"
                  value={q.quantity}
                  aria-label={`Quantity of ${itemLabel(q.item)}`}
                  onChange={(e) => setQuantities((current) => current.map((c, i) => (i === index ? { ...c, quantity: e.target.value } : c)))}
                  className="tabular min-h-11 w-20 rounded-xl border border-line px-2 text-base"
                />
              </label>
              <button
                type="button"
                onClick={() => setQuantities((current) => current.filter((_, i) => i !== index))}
                className="min-h-11 rounded-xl px-3 text-sm font-semibold text-danger hover:underline"
                aria-label={`Remove ${itemLabel(q.item)}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={!changed} className="min-h-11 rounded-xl border border-ink/20 px-4 text-sm font-semibold text-ink enabled:hover:border-ink disabled:opacity-50">
          Save changes
        </button>
        <button type="button" onClick={() => onAddToCart(list)} className="min-h-11 rounded-xl bg-accent px-4 text-sm font-semibold text-white hover:bg-accent-strong">
          Add all to cart
        </button>
        <button type="button" onClick={() => void onDelete(list)} className="min-h-11 rounded-xl px-4 text-sm font-semibold text-danger hover:underline" aria-label={`Delete list ${list.name}`}>
          Delete list
        </button>
      </div>
    </form>
  );
}

/** Saves a past order's lines as a new project list named after it; the list, or null when it could not be saved. */
export async function saveOrderAsList(order: Order): Promise<ProjectList | null> {
  const response = await fetch('/api/account/lists', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Order ${order.orderNumber}`, items: order.items.map((i) => ({ productId: i.product.id, quantity: i.quantity, ...(i.colour ? { colour: { system: i.colour.system, code: i.colour.code } } : {}) })) }),
  }).catch(() => null);
  if (!response?.ok) return null;
  return projectListSchema.parse(await response.json());
}
