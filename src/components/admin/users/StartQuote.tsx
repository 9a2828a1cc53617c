import { useState, type FormEvent } from 'react';
import { QUOTE_MESSAGES } from '../../../lib/schemas/quotes';
import type { PickableProduct } from '../../../stores/admin-product-picker';
import { startCustomerQuote } from '../../../stores/admin-quotes';
import { pickedLabel, ProductPicker } from '../ProductPicker';
import { BUTTONS, FIELD_BOX } from '../products/ui';

/**
 * 'New quote' in a customer's panel: choose a first product and quantity, then the draft opens in
 * the enquiries view's quote editor (more lines, prices, colours, message, then send).
 */
export function StartQuote({ customerId, customerName }: { customerId: string; customerName: string }) {
  const [open, setOpen] = useState(false);
  const [product, setProduct] = useState<PickableProduct | null>(null);
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const count = Number(quantity);
    if (!product) return setError(QUOTE_MESSAGES.productRequired);
    if (!Number.isInteger(count) || count < 1) return setError(QUOTE_MESSAGES.quantity);
    setError(null);
    setBusy(true);
    const result = await startCustomerQuote(customerId, { productId: product.id, quantity: count });
    setBusy(false);
    if (!result.ok) setError(Object.values(result.fields ?? {})[0] ?? result.message);
  }

  return (
    <section className="border-b border-line px-5 py-4 sm:px-6" aria-labelledby="user-quote-heading">
      <div className="flex items-center justify-between gap-3">
        <h3 id="user-quote-heading" className="font-sans text-xs font-semibold tracking-[0.12em] text-ink-muted uppercase">
          Quotes
        </h3>
        {!open && (
          <button type="button" className={BUTTONS.quiet} onClick={() => setOpen(true)}>
            New quote
          </button>
        )}
      </div>
      {open && (
        <form onSubmit={submit} noValidate className="mt-3 grid gap-3" aria-label={`New quote for ${customerName}`}>
          <ProductPicker label="First product" selected={product ? pickedLabel(product) : ''} onPick={setProduct} invalid={error === QUOTE_MESSAGES.productRequired} />
          <label className="text-xs font-semibold text-ink-muted">
            Quantity
            <input className={`${FIELD_BOX} mt-1 block w-28 tabular`} inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.currentTarget.value)} />
          </label>
          {error && (
            <p role="alert" className="text-sm font-medium text-danger">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className={BUTTONS.primary}>
              Start quote
            </button>
            <button type="button" className={BUTTONS.quiet} onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
          <p className="text-xs text-ink-muted">The draft opens in Enquiries, where you add lines, prices and colours and send it to {customerName}.</p>
        </form>
      )}
    </section>
  );
}
