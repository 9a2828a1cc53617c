/**
 * The hidden performance overlay of the product modal (spec §2.5), on every page with the modal:
 * Ctrl+Shift+P shows how long the detail modal took to render, how many products are in memory
 * and, in the shop, how long the last filter/sort/search took, all measured with performance.now().
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $lastQueryMs, $modalRenderMs, $selectedProduct } from '../../stores/product-selection';

/** Milliseconds with two decimals. */
function formatMs(ms: number | null): string {
  return ms === null ? '–' : `${ms.toFixed(2)} ms`;
}

export interface PerfOverlayProps {
  /** Products the page holds (the shop: its catalogue, held by its worker). */
  productCount: number;
  /** Whether the page filters and sorts, so that a last-filter time means something (the shop). */
  filters?: boolean;
}

/** The overlay, shown while toggled on. */
export default function PerfOverlay({ productCount, filters = true }: PerfOverlayProps) {
  const [shown, setShown] = useState(false);
  const queryMs = useStore($lastQueryMs);
  const modalMs = useStore($modalRenderMs);
  const selected = useStore($selectedProduct);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey && event.shiftKey && !event.altKey && event.key.toLowerCase() === 'p') {
        event.preventDefault();
        setShown((s) => !s);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  // A manual popover sits in the top layer; shown again after the modal opens, it stays above it.
  useEffect(() => {
    const el = ref.current;
    if (!el || !shown) return;
    if (el.matches(':popover-open')) el.hidePopover();
    el.showPopover();
  }, [shown, selected]);

  if (!shown) return null;
  return (
    <aside
      ref={ref}
      popover="manual"
      aria-label="Performance"
      className="fixed inset-auto bottom-4 left-4 m-0 w-64 rounded-xl border-0 bg-ink/95 p-4 font-mono text-xs text-white shadow-lift"
    >
      <p className="mb-2 font-sans text-sm font-semibold">Performance</p>
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1.5">
        <dt className="text-white/70">Modal render</dt>
        <dd className="tabular text-right">{formatMs(modalMs)}</dd>
        <dt className="text-white/70">Products in memory</dt>
        <dd className="tabular text-right">{productCount}</dd>
        {filters && (
          <>
            <dt className="text-white/70">Last filter</dt>
            <dd className="tabular text-right">{formatMs(queryMs)}</dd>
          </>
        )}
      </dl>
      <p className="mt-3 font-sans text-[11px] text-white/60">Ctrl+Shift+P to hide</p>
    </aside>
  );
}
