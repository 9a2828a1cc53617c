/**
 * The product page's detail (/shop/<slug>) as an island: rendered at build with the build-time
 * product, then showing the server's current price, stock and Add to Cart state once the browser is
 * idle. It asks for this one product (GET /api/products?ids=), never the whole catalogue. A product
 * the server no longer has keeps its build-time facts and can no longer be added.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { toCartProduct } from '../../lib/catalog/product-view';
import type { Product } from '../../lib/schemas/catalog';
import { loadLiveProduct, type LiveProduct } from '../../stores/catalog';
import AddToCartButton from './AddToCartButton';
import ProductDetail from './ProductDetail';

export interface LiveProductDetailProps {
  product: Product;
  quoteEmail: string;
  /** The page's static safety block (an Astro slot: server HTML, never hydrated). */
  safety?: ReactNode;
}

/** The full-page product detail, following the live product. */
export default function LiveProductDetail({ product, quoteEmail, safety }: LiveProductDetailProps) {
  const [live, setLive] = useState<LiveProduct>(null);
  useEffect(() => {
    let cancelled = false;
    void loadLiveProduct(product.id).then((found) => {
      if (!cancelled) setLive(found);
    });
    return () => {
      cancelled = true;
    };
  }, [product.id]);
  const current = live === 'removed' ? { ...product, inStock: false, stockQuantity: 0 } : (live ?? product);
  return (
    <ProductDetail
      product={current}
      quoteEmail={quoteEmail}
      variant="page"
      safety={safety}
      cart={<AddToCartButton product={toCartProduct(current)} variant="detail" />}
    />
  );
}
