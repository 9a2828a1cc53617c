import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatMoney } from '../../lib/money';
import { searchPickableProducts, type PickableProduct } from '../../stores/admin-product-picker';

/** '1 gal', '2.5 L': a pack size as the picker shows it. */
function packLabel(product: PickableProduct): string | null {
  return product.packSize ? `${product.packSize.value.toLocaleString('en-US')} ${product.packSize.unit}` : null;
}

/** The text of a product in the box once chosen. */
export function pickedLabel(product: Pick<PickableProduct, 'name' | 'sku'>): string {
  return `${product.name} · ${product.sku}`;
}

/**
 * A product chosen by typing part of its name or SKU (the ARIA combobox pattern: arrows move
 * through the options, Enter picks, Escape closes); each option shows SKU, pack size and list
 * price. `selected` is the text of the current choice, shown while nobody types.
 */
export function ProductPicker({
  label,
  selected,
  onPick,
  invalid,
  className = '',
}: {
  label: string;
  selected: string;
  onPick: (product: PickableProduct) => void;
  invalid?: boolean;
  className?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<PickableProduct[]>([]);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<'idle' | 'loading' | 'done' | 'failed'>('idle');
  const request = useRef(0);

  useEffect(() => {
    if (!open) return;
    const mine = (request.current += 1);
    setStatus('loading');
    searchPickableProducts(query ?? '')
      .then((found) => {
        if (mine !== request.current) return;
        setOptions(found);
        setActive(found.length > 0 ? 0 : -1);
        setStatus('done');
      })
      .catch(() => mine === request.current && setStatus('failed'));
  }, [open, query]);

  function pick(product: PickableProduct) {
    onPick(product);
    setQuery(null);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (options.length === 0 ? -1 : (i + step + options.length) % options.length));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const product = options[active];
      if (product) pick(product);
    } else if (event.key === 'Escape') {
      if (open) event.preventDefault();
      setOpen(false);
      setQuery(null);
    }
  }

  const activeId = open && active >= 0 && options[active] ? `${id}-option-${active}` : undefined;
  const summary =
    status === 'failed'
      ? 'The products could not be loaded.'
      : status === 'done' && options.length === 0
        ? `No product matches '${query ?? ''}'.`
        : status === 'done'
          ? `${options.length} product${options.length === 1 ? '' : 's'} found.`
          : '';

  return (
    <div className={`relative ${className}`}>
      <label htmlFor={`${id}-input`} className="text-xs font-semibold text-ink-muted">
        {label}
      </label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-invalid={invalid ? true : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search by name or SKU"
        value={query ?? selected}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setOpen(true);
        }}
        onFocus={(e) => e.currentTarget.select()}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setQuery(null);
        }}
        onKeyDown={onKeyDown}
        className="mt-1 block min-h-11 w-full rounded-lg border border-ink/20 bg-white px-3 text-[0.9375rem] text-ink focus:border-ink focus:outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-accent aria-[invalid=true]:border-danger"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`${label}: matching products`}
        hidden={!open || options.length === 0}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-y-auto rounded-lg border border-line bg-white py-1 shadow-lg"
      >
        {options.map((product, i) => {
          const pack = packLabel(product);
          return (
            <li
              key={product.id}
              id={`${id}-option-${i}`}
              role="option"
              aria-selected={i === active}
              // Picked on mousedown, before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(product);
              }}
              onMouseMove={() => setActive(i)}
              className={`cursor-pointer px-3 py-2 ${i === active ? 'bg-canvas' : ''}`}
            >
              <span className="block text-sm font-semibold text-ink">{product.name}</span>
              <span className="block text-xs text-ink-muted tabular">
                SKU {product.sku}
                {pack ? ` · ${pack}` : ''} · list {formatMoney(Math.round(product.price * 100))}
                {product.tintable ? ' · tintable' : ''}
              </span>
            </li>
          );
        })}
      </ul>
      <p role="status" className="sr-only">
        {open ? summary : ''}
      </p>
      {open && status !== 'loading' && summary && options.length === 0 && (
        <p className="absolute inset-x-0 top-full z-30 mt-1 rounded-lg border border-line bg-white px-3 py-2 text-sm text-ink-muted shadow-lg" aria-hidden="true">
          {summary}
        </p>
      )}
    </div>
  );
}
