/**
 * The foot of a product list drawn a page at a time (the shop's products view, category pages):
 * how many cards are drawn of how many, and 'Show N more products', after which the keyboard focus
 * moves to the first card it added. Keep it mounted while the list may grow, so that focus move
 * also happens for the last page; it draws nothing once every card is shown.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { formatWhole } from '../../lib/money';

export interface ShowMoreProps {
  /** Cards drawn. */
  shown: number;
  /** Cards the list holds. */
  total: number;
  /** Cards one 'Show more' adds. */
  pageSize: number;
  /** The list whose items hold the cards. */
  list: RefObject<HTMLUListElement | null>;
  /** Draws the next page. */
  onMore: () => void;
}

/** 'Showing N of M' and the button that draws the next page. */
export default function ShowMore({ shown, total, pageSize, list, onMore }: ShowMoreProps) {
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    // The added cards may arrive later (with the live catalogue): wait until the first one is drawn.
    if (from === null || from >= shown) return;
    focusFrom.current = null;
    list.current?.children[from]?.querySelector<HTMLElement>('a[data-product-link]')?.focus();
  }, [shown, list]);
  if (shown >= total) return null;
  return (
    <div className="mt-8 flex flex-col items-center gap-3">
      <p className="tabular text-sm text-ink-muted">
        Showing {formatWhole(shown)} of {formatWhole(total)}
      </p>
      <button
        type="button"
        onClick={() => {
          focusFrom.current = shown;
          onMore();
        }}
        className="min-h-11 rounded-lg bg-white px-5 text-sm font-semibold text-ink ring-1 ring-line transition hover:bg-canvas hover:ring-ink/30"
      >
        Show {Math.min(pageSize, total - shown)} more products
      </button>
    </div>
  );
}
