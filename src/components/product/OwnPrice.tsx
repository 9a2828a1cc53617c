/**
 * A signed-in trade customer's own price of a product under its list price: 'Your price' and their
 * quantity tiers ('Buy 10+ for $X each'). Renders nothing for everyone else, whose pages ask for
 * nothing more (the price module loads only when the cached profile says trade).
 */
import { useEffect, useState } from 'react';
import { formatMoney } from '../../lib/money';
import type { CustomerPrice } from '../../lib/schemas/trade';
import { loadOwnPrice } from '../../stores/catalog';

/** The customer's price of `productId`, when it is their own. */
export default function OwnPrice({ productId }: { productId: string }) {
  const [own, setOwn] = useState<CustomerPrice | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    void loadOwnPrice(productId).then((price) => {
      if (!cancelled) setOwn(price);
    });
    return () => {
      cancelled = true;
    };
  }, [productId]);
  if (!own || (own.source === 'list' && own.tiers.length === 0)) return null;
  return (
    <div className="rounded-xl border border-accent/30 bg-accent-soft/60 px-4 py-3" aria-label="Your trade price">
      {own.unitCents < own.listCents && (
        <p className="flex flex-wrap items-baseline gap-x-2 tabular">
          <span className="text-sm font-semibold text-accent-strong">Your price</span>
          <span className="text-2xl font-semibold text-ink">{formatMoney(own.unitCents)}</span>
          <span className="text-sm text-ink-muted">each</span>
        </p>
      )}
      {own.tiers.length > 0 && (
        <ul className="mt-1 text-sm text-ink">
          {own.tiers.map((tier) => (
            <li key={tier.minQuantity}>
              Buy {tier.minQuantity}+ for <strong className="tabular">{formatMoney(tier.unitCents)}</strong> each
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
