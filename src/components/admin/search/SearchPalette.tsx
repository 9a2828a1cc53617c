import { useEffect, useId, useRef, useState } from 'react';
import { adminSearchResultSchema, type AdminSearchResult } from '../../../lib/schemas/admin-search';
import { readAs, requestAdmin } from '../../../stores/admin-orders';
import { adminPath, navigateAdmin } from '../../../stores/admin-router';
import { useModalDialog } from '../../shop/use-modal-dialog';
import { formatDollars } from '../order-labels';
import { SearchIcon } from '../icons';

/** How long typing pauses before the palette asks the server. */
const PALETTE_DEBOUNCE_MS = 200;

/** One result the palette offers: where Enter goes and how it reads. */
interface PaletteItem {
  key: string;
  group: 'Orders' | 'Products' | 'Customers';
  title: string;
  detail: string;
  path: string;
}

/** The results as one list in group order (orders, products, customers), each with its destination. */
export function paletteItems(result: AdminSearchResult): PaletteItem[] {
  return [
    ...(result.orders ?? []).map((o) => ({ key: `o-${o.id}`, group: 'Orders' as const, title: o.orderNumber, detail: `${o.customerName} · ${formatDollars(o.total)} · ${o.status}`, path: adminPath('order', { id: o.id }) })),
    ...(result.products ?? []).map((p) => ({ key: `p-${p.id}`, group: 'Products' as const, title: p.name, detail: `${p.sku} · ${formatDollars(p.price)}`, path: adminPath('products', {}, { q: p.sku }) })),
    ...(result.customers ?? []).map((c) => ({ key: `c-${c.id}`, group: 'Customers' as const, title: c.fullName, detail: c.email, path: adminPath('user', { id: c.id }) })),
  ];
}

/**
 * The search palette: one box searching orders, products and customers at once (GET
 * /api/admin/search), results grouped; arrows move, Enter opens, Escape closes. A combobox over a
 * listbox, so a screen reader hears the active result while focus stays in the box.
 */
export default function SearchPalette({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState('');
  const [items, setItems] = useState<PaletteItem[] | null>(null);
  const [active, setActive] = useState(0);
  const [error, setError] = useState('');
  const ref = useModalDialog({ open: true, onRequestClose: onClose, initialFocus: input });

  useEffect(() => {
    const text = q.trim();
    if (!text) {
      setItems(null);
      return;
    }
    let stale = false;
    const timer = window.setTimeout(async () => {
      const path = `/api/admin/search?${new URLSearchParams({ q: text })}`;
      try {
        const result = readAs(adminSearchResultSchema, await requestAdmin(path), path);
        if (stale) return;
        setItems(paletteItems(result));
        setActive(0);
        setError('');
      } catch (err) {
        if (!stale) setError(err instanceof Error ? err.message : String(err));
      }
    }, PALETTE_DEBOUNCE_MS);
    return () => {
      stale = true;
      window.clearTimeout(timer);
    };
  }, [q]);

  const open = (item: PaletteItem | undefined) => {
    if (!item) return;
    onClose();
    navigateAdmin(item.path);
  };

  const groups = (['Orders', 'Products', 'Customers'] as const).map((group) => ({ group, entries: (items ?? []).map((item, index) => ({ item, index })).filter((e) => e.item.group === group) }));
  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <dialog ref={ref} aria-labelledby={titleId} className="mx-auto mt-[10vh] w-[min(40rem,calc(100vw-1.5rem))] max-w-none rounded-2xl border border-line bg-white p-0 text-ink shadow-lift backdrop:bg-ink/45">
      <h2 id={titleId} className="sr-only">
        Search orders, products and customers
      </h2>
      <div className="relative border-b border-line">
        <span className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-ink-muted">
          <SearchIcon />
        </span>
        <input
          ref={input}
          type="search"
          role="combobox"
          aria-label="Search everything"
          aria-expanded={items !== null && items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={items && items.length > 0 ? optionId(active) : undefined}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            const count = items?.length ?? 0;
            if (e.key === 'ArrowDown' && count > 0) {
              e.preventDefault();
              setActive((a) => (a + 1) % count);
            } else if (e.key === 'ArrowUp' && count > 0) {
              e.preventDefault();
              setActive((a) => (a - 1 + count) % count);
            } else if (e.key === 'Enter') {
              e.preventDefault();
              open(items?.[active]);
            }
          }}
          placeholder="Order number, product, SKU, customer or e-mail"
          autoComplete="off"
          spellCheck={false}
          className="block min-h-14 w-full rounded-t-2xl bg-white pr-4 pl-12 text-base text-ink placeholder:text-ink-muted focus:outline-none focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-accent"
        />
      </div>
      <div className="max-h-[60vh] overflow-y-auto p-2">
        <div id={listId} role="listbox" aria-label="Results">
          {groups.map(({ group, entries }) =>
            entries.length === 0 ? null : (
              <div key={group} role="group" aria-label={group} className="py-1">
                <p aria-hidden="true" className="px-3 py-1 text-xs font-semibold tracking-wide text-ink-muted uppercase">
                  {group}
                </p>
                {entries.map(({ item, index }) => (
                  <div
                    key={item.key}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    onMouseMove={() => setActive(index)}
                    onClick={() => open(item)}
                    className={`cursor-pointer rounded-lg px-3 py-2 ${index === active ? 'bg-accent-soft text-ink' : 'text-ink'}`}
                  >
                    <span className="block font-semibold">{item.title}</span>
                    <span className="block text-sm break-words text-ink-muted">{item.detail}</span>
                  </div>
                ))}
              </div>
            ),
          )}
        </div>
        <p className="px-3 py-2 text-sm text-ink-muted" aria-live="polite">
          {error ? error : items === null ? 'Type to search orders, products and customers.' : items.length === 0 ? `Nothing matches '${q.trim()}'.` : `${items.length} ${items.length === 1 ? 'result' : 'results'}. Arrows move, Enter opens, Escape closes.`}
        </p>
      </div>
    </dialog>
  );
}
