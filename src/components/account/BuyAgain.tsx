import { useState } from 'react';
import { reorderResultSchema, type ReorderResult } from '../../lib/schemas/reorder';
import { addLinesToCart, openCart } from '../../stores/cart';

const FAILED = 'We could not add this order to your cart just now. Please try again.';

/** What adding came to, in a sentence for each kind of line. */
function summarise(result: ReorderResult): string {
  const count = result.added.reduce((sum, l) => sum + l.quantity, 0);
  if (count === 0) return 'Nothing from this order can be bought today.';
  return `Added ${count === 1 ? '1 item' : `${count} items`} to your cart at today's prices.`;
}

/**
 * 'Buy again' under a past order: asks the server for its lines at today's prices and stock, adds
 * them to the cart and says what changed (price, quantity) and what is gone.
 */
export function BuyAgain({ orderNumber }: { orderNumber: string }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ReorderResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function buyAgain() {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(`/api/account/orders/${encodeURIComponent(orderNumber)}/reorder`, { method: 'POST', credentials: 'same-origin' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const answer = reorderResultSchema.parse(await response.json());
      addLinesToCart(answer.added);
      setResult(answer);
      if (answer.added.length > 0) openCart();
    } catch {
      setError(FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-2">
      <button
        type="button"
        onClick={() => void buyAgain()}
        disabled={busy}
        aria-busy={busy || undefined}
        className="inline-flex min-h-11 items-center justify-center self-start rounded-xl border border-ink/20 bg-white px-4 text-sm font-semibold text-ink hover:border-ink disabled:opacity-55"
      >
        Buy again
      </button>
      <div role="status" aria-live="polite" className="text-sm">
        {error && <p className="font-medium text-danger">{error}</p>}
        {result && (
          <>
            <p className="font-semibold text-ink">{summarise(result)}</p>
            {result.changed.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-ink-soft">
                {result.changed.map((c) => (
                  <li key={c.productId}>
                    {c.name}: {c.message}
                  </li>
                ))}
              </ul>
            )}
            {result.unavailable.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-ink-soft">
                {result.unavailable.map((u) => (
                  <li key={u.productId}>
                    {u.name}: {u.reason}, not added
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </div>
  );
}
