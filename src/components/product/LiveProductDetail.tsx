/**
 * The product page's detail (/shop/<slug>) as an island: rendered at build with the build-time
 * product, then showing the server's current price, stock and Add to Cart state once the browser is
 * idle. It asks for this one product (GET /api/products?ids=), never the whole catalogue. A product
 * the server no longer has keeps its build-time facts and can no longer be added.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { toCartProduct } from '../../lib/catalog/product-view';
import { formatPrice } from '../../lib/format';
import { chooseSamplePot, withLiveFacts, type FamilySize } from '../../lib/paint/family';
import type { Product } from '../../lib/schemas/catalog';
import { loadLiveProduct, type LiveProduct } from '../../stores/catalog';
import { loadLiveProducts } from '../../stores/product-family';
import { useStore } from '@nanostores/react';
import { $chosenColour } from '../../stores/colour-choice';
import AddToCartButton from './AddToCartButton';
import AddToListLauncher from './AddToListLauncher';
import ColourPickerLauncher from './ColourPickerLauncher';
import PackSizes from './PackSizes';
import PaintCalculatorLauncher from './PaintCalculatorLauncher';
import ProductDetail from './ProductDetail';
import SamplePotOffer from './SamplePotOffer';

export interface LiveProductDetailProps {
  product: Product;
  quoteEmail: string;
  /** The sizes of the product's family as the page was rendered (the product alone when it has none). */
  sizes?: FamilySize[];
  /** The page's static safety block (an Astro slot: server HTML, never hydrated). */
  safety?: ReactNode;
}

/** A size as the server has it now: sold out when withdrawn, unchanged when the server could not be asked. */
function liveSize(size: FamilySize, live: LiveProduct | undefined): FamilySize {
  if (live === 'removed') return { ...size, inStock: false, stockQuantity: 0 };
  return live ? withLiveFacts(size, live) : size;
}

/** The full-page product detail, following the live product. */
export default function LiveProductDetail({ product, quoteEmail, sizes = [], safety }: LiveProductDetailProps) {
  const [live, setLive] = useState<LiveProduct>(null);
  const [liveSizes, setLiveSizes] = useState<ReadonlyMap<string, LiveProduct> | null>(null);
  const sizeIds = sizes.map((s) => s.id).join(',');
  useEffect(() => {
    let cancelled = false;
    // A family's sizes are asked for in one look-up that answers for this product too.
    const ids = sizeIds ? sizeIds.split(',') : [];
    if (ids.length > 1) {
      void loadLiveProducts(ids).then((found) => {
        if (cancelled || !found) return;
        setLiveSizes(found);
        setLive(found.get(product.id) ?? null);
      });
    } else {
      void loadLiveProduct(product.id).then((found) => {
        if (!cancelled) setLive(found);
      });
    }
    return () => {
      cancelled = true;
    };
  }, [product.id, sizeIds]);
  // The look-up carries price, stock and the texts; the paint fields stay as the page was rendered with them.
  const current = live === 'removed' ? { ...product, inStock: false, stockQuantity: 0 } : { ...product, ...live };
  const shownSizes = useMemo(
    () => sizes.map((s) => (s.id === product.id ? liveSize(s, live ?? undefined) : liveSize(s, liveSizes?.get(s.id)))),
    [sizes, product.id, live, liveSizes],
  );
  const spreadRate = current.spreadRate;
  const colour = useStore($chosenColour);
  const tinted = current.tintable && colour ? { colour } : {};
  const packSizes = shownSizes.length > 1 ? <PackSizes sizes={shownSizes} currentId={product.id} heading="h2" /> : undefined;
  const samplePot = current.tintable ? chooseSamplePot(shownSizes, product.id) : null;
  return (
    <ProductDetail
      product={current}
      quoteEmail={quoteEmail}
      variant="page"
      safety={safety}
      cart={
        <>
          <AddToCartButton product={{ ...toCartProduct(current), ...tinted }} variant="detail" />
          <AddToListLauncher lines={[{ productId: current.id, name: current.name, quantity: 1, ...tinted }]} askQuantity />
        </>
      }
      sizes={
        current.tintable && !current.requestQuoteOnly ? (
          <>
            {packSizes}
            <ColourPickerLauncher />
            {samplePot && <SamplePotOffer pot={samplePot} />}
          </>
        ) : (
          packSizes
        )
      }
      calculator={
        spreadRate && shownSizes.length > 0 && !current.requestQuoteOnly ? (
          <PaintCalculatorLauncher
            name={current.name}
            spreadRate={spreadRate}
            recommendedCoats={current.recommendedCoats ?? null}
            primerAdvised={current.primerAdvised ?? false}
            tintable={current.tintable ?? false}
            sizes={shownSizes}
            formatPrice={formatPrice}
          />
        ) : undefined
      }
    />
  );
}
