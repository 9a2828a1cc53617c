/**
 * The other sizes of a product's family in the back-office dialog: each with its size, price and
 * stock, linking to its page in the shop. Loaded from GET /api/paint/family when the dialog opens.
 */
import { useEffect, useState } from 'react';
// lib/money, not lib/format or lib/catalog: the back office already loads money, and a new importer
// of the storefront's modules would split them into chunks of their own on every shop page.
import { formatMoney, roundToCents } from '../../../lib/money';
import { formatPackSize, type FamilySize } from '../../../lib/paint/family';
import { fetchFamily } from '../../../stores/admin-products';

/** The family's sizes other than `currentId`. */
export function FamilySiblings({ family, currentId }: { family: string; currentId: string }) {
  const [sizes, setSizes] = useState<FamilySize[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    fetchFamily(family)
      .then((answer) => !cancelled && setSizes(answer.sizes))
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [family]);
  const others = sizes?.filter((s) => s.id !== currentId) ?? [];
  return (
    <div className="rounded-lg border border-line bg-paper px-3 py-2.5 text-sm">
      <p className="font-semibold text-ink">Other sizes in {family}</p>
      {failed && <p className="text-danger">The family's sizes could not be loaded.</p>}
      {sizes === null && !failed && <p className="text-ink-muted">Loading…</p>}
      {sizes !== null && others.length === 0 && <p className="text-ink-muted">No other size has this family yet.</p>}
      {others.length > 0 && (
        <ul aria-label={`Other sizes in ${family}`} className="mt-1 flex flex-col gap-1">
          {others.map((s) => (
            <li key={s.id} className="flex flex-wrap justify-between gap-2">
              <a href={`/shop/${s.slug}`} target="_blank" rel="noopener" className="font-medium text-ink underline underline-offset-2">
                {formatPackSize(s.packSize)}: {s.name}
              </a>
              <span className="tabular text-ink-muted">
                {formatMoney(roundToCents(s.price))} · {s.inStock ? `${s.stockQuantity ?? ''} in stock`.trim() : 'out of stock'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
