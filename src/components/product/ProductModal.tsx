/**
 * The product detail modal of the shop (spec §2.5): the selected product's ProductDetail in a
 * modal dialog, full-screen on small screens, labelled by the product name. Escape, the close
 * button and a click outside close it, and focus goes back to the card that opened it.
 *
 * The lists hold cards (src/lib/catalog/card.ts), without the detail's long texts: the modal asks
 * for the whole product (GET /api/products?ids=) when it opens, showing the card's picture, name
 * and price in the detail's places meanwhile, with a polite 'Loading product details…' status.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useState } from 'react';
import { isFullProduct } from '../../lib/catalog/card';
import { toCartProduct } from '../../lib/catalog/product-view';
import { formatPrice } from '../../lib/format';
import { mediaSrcSet } from '../../lib/media';
import type { Product } from '../../lib/schemas/catalog';
import { loadLiveProduct, type LiveProduct } from '../../stores/catalog';
import { $selectedProduct, deselectProduct, readSelectionTime, recordModalRender } from '../../stores/product-selection';
import { CloseIcon } from '../shop/Icons';
import type { ShopProduct } from '../shop/types';
import { useModalDialog } from '../shop/use-modal-dialog';
import AddToCartButton from './AddToCartButton';
import ProductDetail from './ProductDetail';
import RatingStars from './RatingStars';
import SafetyBlock from './SafetyBlock';
import { describeSafety, type SafetyView } from '../../lib/catalog/safety-view';
import { orderedDocuments } from '../../lib/catalog/document-view';
import type { ProductDocument } from '../../lib/schemas/product-documents';

const TITLE_ID = 'product-modal-title';

export interface ProductModalProps {
  /** The catalogue's cards (or whole products), by id. */
  productsById: ReadonlyMap<string, ShopProduct>;
  quoteEmail: string;
}

/** Where the whole product of the selected card stands. */
type DetailState = { id: string; result: LiveProduct | 'loading' };

/** The whole product of a card: itself when whole, else asked for once per page (again on 'Try again'). */
function useWholeProduct(card: ShopProduct | undefined): { product: Product | null; failed: boolean; retry: () => void } {
  const [state, setState] = useState<DetailState | null>(null);
  const [attempt, setAttempt] = useState(0);
  const id = card && !isFullProduct(card) ? card.id : undefined;
  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    setState({ id, result: 'loading' });
    void loadLiveProduct(id, { now: true }).then((result) => {
      if (!cancelled) setState({ id, result });
    });
    return () => {
      cancelled = true;
    };
  }, [id, attempt]);
  if (!card) return { product: null, failed: false, retry: () => {} };
  if (isFullProduct(card)) return { product: card, failed: false, retry: () => {} };
  const result = state?.id === card.id ? state.result : 'loading';
  const whole = result !== 'loading' && result !== 'removed' && result !== null ? result : null;
  return { product: whole, failed: result === null || result === 'removed', retry: () => setAttempt((n) => n + 1) };
}

/**
 * The safety block of a product (hazard, VOC, transport) from its own answer, GET /api/products/:id:
 * the live look-up carries the card and detail fields only (the cart drawer on every page shares it,
 * and the home page's JS budget has no byte to spare), so the modal asks for the safety data and data sheets itself.
 * Nothing while it loads, for a product with neither, or when the server cannot be asked.
 */
function useSafetyBlock(id: string | undefined) {
  const [safety, setSafety] = useState<{ id: string; view: SafetyView | null; documents: ProductDocument[] } | null>(null);
  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    fetch(`/api/products/${encodeURIComponent(id)}`)
      .then((r) => (r.ok ? (r.json() as Promise<Product>) : null))
      .then((product) => !cancelled && setSafety({ id, view: product && describeSafety(product), documents: orderedDocuments(product?.documents) }))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [id]);
  if (!safety || safety.id !== id || (!safety.view && safety.documents.length === 0)) return null;
  return <SafetyBlock safety={safety.view} documents={safety.documents} headingId="product-modal-safety" />;
}

const BACKDROP = {
  background:
    'radial-gradient(120% 90% at 50% 38%, #fffdf9 0%, rgb(255 253 249 / 0) 62%), linear-gradient(180deg, var(--color-canvas) 0%, #ebe4d8 100%)',
};

/**
 * The detail's frame drawn from the card while the whole product is on its way (or could not be
 * had): the picture, brand, name, rating and price where ProductDetail puts them, so nothing jumps
 * when it arrives.
 */
function DetailPlaceholder({ card, failed, onRetry }: { card: ShopProduct; failed: boolean; onRetry: () => void }) {
  return (
    <article className="grid gap-8 md:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)] md:gap-10" aria-busy={!failed}>
      <div className="overflow-hidden rounded-card ring-1 ring-line/70 md:self-start" style={BACKDROP}>
        <img {...mediaSrcSet(card.image, '(min-width: 768px) 50vw, 100vw')} src={card.image} alt={card.name} width={800} height={800} className="aspect-square w-full object-contain p-4" decoding="async" />
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <header className="flex flex-col gap-3">
          <p className="flex h-9 items-center justify-end text-xs text-ink-muted">
            SKU <span className="tabular ml-1 font-mono font-medium text-ink-soft">{card.sku}</span>
          </p>
          <p className="text-xs font-semibold tracking-[0.08em] text-ink-muted uppercase">
            {card.brand}
            {card.category !== card.brand && <> · {card.category}</>}
          </p>
          <h2 id={TITLE_ID} className="font-display text-2xl leading-tight font-semibold text-ink sm:text-3xl">
            {card.name}
          </h2>
          {(card.isNew || card.isEcoFriendly || card.isPopular) && <div className="h-[26px]" aria-hidden="true" />}
          <RatingStars rating={card.rating} reviews={card.reviews} size={16} variant="full" />
        </header>
        <div className="flex flex-col gap-4 rounded-card bg-canvas/60 p-5 ring-1 ring-line/70">
          <p className="flex flex-wrap items-end justify-between gap-3">
            <span className="tabular text-3xl font-semibold text-ink">{card.requestQuoteOnly ? 'Request Quote' : formatPrice(card.price)}</span>
            <span className={`text-sm font-medium ${card.inStock ? 'text-success' : 'text-danger'}`}>{card.inStock ? 'In Stock' : 'Out of Stock'}</span>
          </p>
          <div className="h-12" aria-hidden="true" />
        </div>
        {failed ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-card border border-dashed border-line bg-white p-5">
            <p className="font-semibold text-ink">The product details could not be loaded</p>
            <p className="text-ink-soft">Check your connection, then try again.</p>
            <button type="button" onClick={onRetry} className="min-h-11 rounded-lg bg-ink px-5 text-sm font-semibold text-white hover:bg-ink-soft">
              Try again
            </button>
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            <p role="status" className="text-sm text-ink-muted">
              Loading product details…
            </p>
            <div className="flex animate-pulse flex-col gap-2 motion-reduce:animate-none" aria-hidden="true">
              <div className="h-4 w-11/12 rounded bg-line/70" />
              <div className="h-4 w-10/12 rounded bg-line/70" />
              <div className="h-4 w-8/12 rounded bg-line/70" />
              <div className="mt-4 h-32 rounded-lg bg-line/50" />
            </div>
          </div>
        )}
      </div>
    </article>
  );
}

/** The modal showing the selected product, or nothing. */
export default function ProductModal({ productsById, quoteEmail }: ProductModalProps) {
  const selectedId = useStore($selectedProduct);
  const card = selectedId ? productsById.get(selectedId) : undefined;
  const { product, failed, retry } = useWholeProduct(card);
  const safety = useSafetyBlock(card?.id);
  const open = card !== undefined;
  const ref = useModalDialog({
    open,
    onRequestClose: deselectProduct,
    returnFocusTo: () =>
      selectedId ? document.querySelector<HTMLElement>(`[data-product-link="${CSS.escape(selectedId)}"]`) : null,
  });

  // Timed from the click that selected the product to the modal's DOM being committed.
  useLayoutEffect(() => {
    if (card) recordModalRender(performance.now() - readSelectionTime());
  }, [card]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={open ? TITLE_ID : undefined}
      aria-modal="true"
      className="m-0 h-dvh max-h-none w-full max-w-none overflow-y-auto overscroll-contain bg-paper p-0 text-ink backdrop:bg-ink/60 backdrop:backdrop-blur-sm md:m-auto md:h-auto md:max-h-[92dvh] md:w-[min(72rem,94vw)] md:rounded-2xl md:shadow-lift"
    >
      {card && (
        <div className="relative">
          <div className="sticky top-0 z-20 flex items-center justify-between gap-3 border-b border-line/80 bg-paper/95 px-4 py-2 backdrop-blur md:px-6">
            <p className="text-sm font-semibold text-ink-soft">Product details</p>
            <button
              type="button"
              onClick={deselectProduct}
              className="flex size-11 shrink-0 items-center justify-center rounded-full text-ink transition hover:bg-canvas"
              aria-label="Close product details"
            >
              <CloseIcon size={22} />
            </button>
          </div>
          <div className="px-4 py-6 md:px-8 md:py-8">
            {product ? (
              <ProductDetail
                key={product.id}
                product={product}
                quoteEmail={quoteEmail}
                variant="modal"
                titleId={TITLE_ID}
                cart={<AddToCartButton product={toCartProduct(product)} variant="detail" />}
                safety={safety}
              />
            ) : (
              <DetailPlaceholder key={card.id} card={card} failed={failed} onRetry={retry} />
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
