/**
 * A signed-in trade customer's own price on a product card ('Your price $X'), under the list price
 * the page's HTML keeps for everyone. Only when the cached profile says trade does the price module
 * load and ask (every card of the page in one request per 100: stores/trade-prices.ts); everyone
 * else's cards render nothing more and fetch nothing.
 */
import { useEffect, useState } from 'react';
import { formatMoney } from '../../lib/money';
import { readCachedUser } from '../../stores/user-cache';

/** The customer's unit price of `productId` in cents when it is below the list price; nothing otherwise. */
export default function CardOwnPrice({ productId }: { productId: string }) {
  const [ownCents, setOwnCents] = useState<number | null>(null);
  useEffect(() => {
    if (!readCachedUser()?.trade) return;
    let cancelled = false;
    void import('../../stores/trade-prices')
      .then(({ loadTradePrices }) => loadTradePrices([productId]))
      .then((prices) => {
        const own = prices.get(productId);
        if (!cancelled && own && own.unitCents < own.listCents) setOwnCents(own.unitCents);
      });
    return () => {
      cancelled = true;
    };
  }, [productId]);
  if (ownCents === null) return null;
  return (
    // Inside the card's price paragraph, so a phrase rather than a block of its own.
    <span className="flex w-full items-baseline gap-x-1.5">
      <span className="text-xs font-semibold text-accent-strong">Your price</span>
      <span className="text-base font-semibold text-ink">{formatMoney(ownCents)}</span>
    </span>
  );
}
