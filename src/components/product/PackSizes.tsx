/**
 * The sizes of a paint's family on its product page: each size a link to its own page with its
 * price, price per gallon (or litre) and stock; the page's own size is marked current. Plain links,
 * so it works as static HTML before any script.
 */
import { productPath } from '../../lib/catalog/product-view';
import { formatLowStock, formatPrice } from '../../lib/format';
import { familySamplePots, formatPackSize, formatSamplePotSize, isSizeBuyable, unitPrice, type FamilySize } from '../../lib/paint/family';

export interface PackSizesProps {
  sizes: readonly FamilySize[];
  /** The product whose page this is. */
  currentId: string;
  /** Heading level of the block's title. */
  heading: 'h2' | 'h3';
}

/** The family's size selector. */
export default function PackSizes({ sizes, currentId, heading: Heading }: PackSizesProps) {
  const pots = new Set(familySamplePots(sizes).map((s) => s.id));
  return (
    <nav aria-labelledby="pack-sizes-title" className="flex flex-col gap-2">
      <Heading id="pack-sizes-title" className="text-xs font-semibold tracking-[0.08em] text-ink-muted uppercase">
        Sizes
      </Heading>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {sizes.map((s) => {
          const current = s.id === currentId;
          const per = unitPrice(s.price, s.packSize);
          const buyable = isSizeBuyable(s);
          const low = buyable ? formatLowStock(s.stockQuantity) : null;
          return (
            <li key={s.id}>
              <a
                href={productPath(s.slug)}
                aria-current={current ? 'page' : undefined}
                className={`flex h-full flex-col gap-0.5 rounded-lg px-3 py-2 text-sm ring-2 transition ${
                  current ? 'bg-white ring-accent' : 'bg-white/60 ring-line hover:ring-ink/30'
                }`}
              >
                {pots.has(s.id) ? (
                  <span className="font-semibold text-ink">
                    {formatSamplePotSize(s.packSize)} <span className="font-normal text-ink-muted">sample pot</span>
                  </span>
                ) : (
                  <span className="font-semibold text-ink">{formatPackSize(s.packSize)}</span>
                )}
                {s.requestQuoteOnly ? (
                  <span className="text-ink-soft">Request Quote</span>
                ) : (
                  <>
                    <span className="tabular font-medium text-ink">{formatPrice(s.price)}</span>
                    <span className="tabular text-xs text-ink-muted">
                      {formatPrice(per.dollars)} per {per.per === 'gal' ? 'gallon' : per.per === 'L' ? 'litre' : 'kg'}
                    </span>
                  </>
                )}
                <span className={`text-xs font-medium ${buyable ? 'text-success' : 'text-danger'}`}>
                  {buyable ? (low ?? 'In stock') : 'Out of stock'}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
