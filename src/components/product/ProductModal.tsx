/**
 * The product detail modal of the shop (spec §2.5): the selected product's ProductDetail in a
 * modal dialog, full-screen on small screens, labelled by the product name. Escape, the close
 * button and a click outside close it, and focus goes back to the card that opened it.
 */
import { useStore } from '@nanostores/react';
import { useLayoutEffect } from 'react';
import { toCartProduct } from '../../lib/catalog/product-view';
import { $selectedProduct, deselectProduct, readSelectionTime, recordModalRender } from '../../stores/product-selection';
import { CloseIcon } from '../shop/Icons';
import type { ShopProduct } from '../shop/types';
import { useModalDialog } from '../shop/use-modal-dialog';
import AddToCartButton from './AddToCartButton';
import ProductDetail from './ProductDetail';

const TITLE_ID = 'product-modal-title';

export interface ProductModalProps {
  /** The catalogue, by id. */
  productsById: ReadonlyMap<string, ShopProduct>;
  quoteEmail: string;
}

/** The modal showing the selected product, or nothing. */
export default function ProductModal({ productsById, quoteEmail }: ProductModalProps) {
  const selectedId = useStore($selectedProduct);
  const product = selectedId ? productsById.get(selectedId) : undefined;
  const open = product !== undefined;
  const ref = useModalDialog({
    open,
    onRequestClose: deselectProduct,
    returnFocusTo: () =>
      selectedId ? document.querySelector<HTMLElement>(`[data-product-link="${CSS.escape(selectedId)}"]`) : null,
  });

  // Timed from the click that selected the product to the modal's DOM being committed.
  useLayoutEffect(() => {
    if (product) recordModalRender(performance.now() - readSelectionTime());
  }, [product]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={open ? TITLE_ID : undefined}
      aria-modal="true"
      className="m-0 h-dvh max-h-none w-full max-w-none overflow-y-auto overscroll-contain bg-paper p-0 text-ink backdrop:bg-ink/60 backdrop:backdrop-blur-sm md:m-auto md:h-auto md:max-h-[92dvh] md:w-[min(72rem,94vw)] md:rounded-2xl md:shadow-lift"
    >
      {product && (
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
            <ProductDetail
              key={product.id}
              product={product}
              quoteEmail={quoteEmail}
              variant="modal"
              titleId={TITLE_ID}
              cart={<AddToCartButton product={toCartProduct(product)} variant="detail" />}
            />
          </div>
        </div>
      )}
    </dialog>
  );
}
