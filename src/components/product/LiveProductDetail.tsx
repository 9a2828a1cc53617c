/**
 * The product page's detail (/shop/<slug>) as an island: rendered at build with the build-time
 * product, then showing the live catalogue's price, stock and Add to Cart state once it arrives.
 * A product the live catalogue no longer has keeps its build-time facts and can no longer be added.
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { toCartProduct } from '../../lib/catalog/product-view';
import type { Product } from '../../lib/schemas/catalog';
import { $liveCatalog, reconciledCatalog } from '../../stores/catalog';
import AddToCartButton from './AddToCartButton';
import ProductDetail from './ProductDetail';

export interface LiveProductDetailProps {
  product: Product;
  quoteEmail: string;
}

/** The full-page product detail, following the live catalogue. */
export default function LiveProductDetail({ product, quoteEmail }: LiveProductDetailProps) {
  const buildTime = useMemo(() => [product], [product]);
  const reconciled = useStore(reconciledCatalog(buildTime));
  const live = useStore($liveCatalog);
  const removed = live !== null && reconciled.removed.includes(product.id);
  const current = removed ? { ...product, inStock: false, stockQuantity: 0 } : (reconciled.products[0] ?? product);
  return (
    <ProductDetail
      product={current}
      quoteEmail={quoteEmail}
      variant="page"
      cart={<AddToCartButton product={toCartProduct(current)} variant="detail" />}
    />
  );
}
