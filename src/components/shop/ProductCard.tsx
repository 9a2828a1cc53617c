/**
 * One product in the shop's grid or list (spec §2.7). The name is a real link to the product page,
 * stretched over the card: a plain click opens the detail modal instead, while middle-clicks,
 * modified clicks and crawlers follow the link.
 */
import { memo, type MouseEvent } from 'react';
import { canAddToCart, type LineColour } from '../../lib/cart';
import { productPath, takeFirst, toCartProduct } from '../../lib/catalog/product-view';
import { formatLowStock, formatPrice, formatSavings } from '../../lib/format';
import { mediaSrcSet } from '../../lib/media';
import { selectProduct } from '../../stores/product-selection';
import AddToCartButton from '../product/AddToCartButton';
import HazardPictograms from '../product/HazardPictograms';
import RatingStars from '../product/RatingStars';
import CardOwnPrice from './CardOwnPrice';
import { LeafIcon } from './Icons';
import type { ListedCard } from '../../lib/catalog/families';
import type { ShopProduct } from './types';

/** Features shown on a grid card and a list card (spec §2.7). */
const GRID_FEATURES = 2;
const LIST_FEATURES = 3;
const CERTIFICATIONS_SHOWN = 2;
/** Rendered width of the card's image: grid columns 1, 2, 3, 4 by width (spec §2.7); the list's fixed column. */
const GRID_IMAGE_SIZES = '(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';
const LIST_IMAGE_SIZES = '(min-width: 1024px) 208px, 176px';

const BACKDROP = {
  background:
    'radial-gradient(120% 90% at 50% 38%, #fffdf9 0%, rgb(255 253 249 / 0) 62%), linear-gradient(180deg, var(--color-canvas) 0%, #ebe4d8 100%)',
};

export interface ProductCardProps {
  /** A product, or a paint family's card (familySizes set: its price reads 'from', its sizes are listed). */
  product: ListedCard<ShopProduct>;
  layout: 'grid' | 'list';
  /** Heading level of the name, so the page outline stays right. */
  headingLevel?: 3 | 4;
  /** Eager for cards in the first screenful. */
  eager?: boolean;
  /** The colour the shopper searched for: a tintable card says it can be tinted to it and links to its page with the colour chosen. */
  tint?: LineColour | null;
}

/** Opens the modal on an unmodified primary click; lets the browser follow the link otherwise. */
function openInModal(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  event.currentTarget.focus();
  selectProduct(id);
}

/** A product card. */
function ProductCard({ product: p, layout, headingLevel = 3, eager = false, tint = null }: ProductCardProps) {
  const Heading = `h${headingLevel}` as 'h3' | 'h4';
  const savings = p.requestQuoteOnly ? null : formatSavings(p.price, p.originalPrice);
  const lowStock = p.inStock ? formatLowStock(p.stockQuantity) : null;
  const features = takeFirst(p.features, layout === 'list' ? LIST_FEATURES : GRID_FEATURES);
  const certs = takeFirst(p.certifications, CERTIFICATIONS_SHOWN);
  const list = layout === 'list';

  return (
    <article
      className={`group relative flex h-full overflow-hidden rounded-card bg-white shadow-card ring-1 ring-line/70 transition duration-200 ease-out hover:-translate-y-0.5 hover:shadow-lift focus-within:shadow-lift motion-reduce:hover:translate-y-0 ${
        list ? 'flex-row' : 'flex-col'
      }`}
    >
      <div className={`relative shrink-0 overflow-hidden ${list ? 'w-44 lg:w-52' : 'aspect-[4/3] sm:aspect-square'}`} style={BACKDROP}>
        <img
          {...mediaSrcSet(p.image, list ? LIST_IMAGE_SIZES : GRID_IMAGE_SIZES)}
          src={p.image}
          alt={p.name}
          width={800}
          height={800}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="h-full w-full object-contain p-3 transition duration-300 ease-out group-hover:scale-[1.04] motion-reduce:group-hover:scale-100"
        />
        {(p.isNew || p.isEcoFriendly) && (
          <ul className="absolute top-3 left-3 flex flex-wrap gap-1.5" aria-label="Badges">
            {p.isNew && <li className="rounded-full bg-ink px-2.5 py-1 text-[11px] font-semibold tracking-wide text-white uppercase">New</li>}
            {p.isEcoFriendly && (
              <li className="inline-flex items-center gap-1 rounded-full bg-success px-2.5 py-1 text-[11px] font-semibold tracking-wide text-white uppercase">
                <LeafIcon size={11} />
                Eco
              </li>
            )}
          </ul>
        )}
        <HazardPictograms codes={p.pictograms} className="absolute bottom-2 left-2 rounded-md bg-white/90 p-0.5" />
        {savings && !list && (
          <p className="absolute top-3 right-3 rounded-full bg-accent px-2.5 py-1 text-[11px] font-semibold text-white tabular">{savings}</p>
        )}
      </div>

      <div className={`flex min-w-0 flex-1 gap-3 p-4 ${list ? 'flex-col lg:flex-row lg:gap-6' : 'flex-col'}`}>
        <div className="flex min-w-0 flex-1 flex-col gap-2.5">
          <div className="flex flex-col gap-1">
            <p className="text-xs font-semibold tracking-[0.08em] text-ink-muted uppercase">{p.brand}</p>
            <Heading className="font-sans text-base leading-snug font-semibold text-ink">
              <a
                href={productPath(p.slug)}
                onClick={(e) => openInModal(e, p.id)}
                data-product-link={p.id}
                className="outline-none after:absolute after:inset-0 after:z-0 after:rounded-card hover:text-accent-strong focus-visible:after:outline-3 focus-visible:after:outline-accent"
              >
                {p.name}
              </a>
            </Heading>
            <RatingStars rating={p.rating} reviews={p.reviews} />
          </div>

          {p.familySizes && p.familySizes.length > 0 && (
            <p className="text-sm font-medium text-ink-soft">
              <span className="sr-only">Sizes: </span>
              {p.familySizes.join(' · ')}
            </p>
          )}

          {tint && p.tintable && (
            <a
              href={`${productPath(p.slug)}?colour=${encodeURIComponent(tint.code)}`}
              className="relative z-10 inline-flex items-center gap-2 self-start rounded-md text-sm font-medium text-ink-soft hover:text-accent-strong focus-visible:outline-3 focus-visible:outline-accent"
            >
              <span aria-hidden="true" className="size-4 shrink-0 rounded-sm ring-1 ring-ink/20" style={{ background: tint.hex }} />
              Tintable to {tint.code} {tint.name}
            </a>
          )}

          {features.shown.length > 0 && (
            <ul className="flex flex-col gap-1 text-sm text-ink-soft">
              {features.shown.map((f) => (
                <li key={f} className="flex gap-2">
                  <svg className="mt-1 shrink-0 text-success" viewBox="0 0 16 16" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
                    <path d="M3 8.5l3 3 7-7" />
                  </svg>
                  <span>{f}</span>
                </li>
              ))}
              {!list && features.more > 0 && <li className="pl-5 text-xs text-ink-muted">+{features.more} more</li>}
            </ul>
          )}

          {certs.shown.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label="Certifications">
              {certs.shown.map((c) => (
                <li key={c} className="rounded border border-line bg-paper px-1.5 py-0.5 text-[11px] font-medium text-ink-soft">
                  {c}
                </li>
              ))}
              {certs.more > 0 && (
                <li className="rounded px-1 py-0.5 text-[11px] font-medium text-ink-muted">
                  +{certs.more}
                  <span className="sr-only"> more certifications</span>
                </li>
              )}
            </ul>
          )}
        </div>

        <div
          className={`flex flex-col gap-3 ${
            list ? 'border-t border-line/70 pt-3 lg:w-52 lg:shrink-0 lg:justify-center lg:border-t-0 lg:border-l lg:pt-0 lg:pl-6' : 'mt-auto border-t border-line/70 pt-3'
          }`}
        >
          <div className={`flex gap-3 ${list ? 'items-end justify-between lg:flex-col lg:items-start' : 'items-end justify-between'}`}>
            {p.requestQuoteOnly ? (
              <p className="text-base font-semibold text-ink">Request Quote</p>
            ) : (
              <p className="flex flex-wrap items-baseline gap-x-2 tabular">
                <span className="sr-only">Price</span>
                {p.familySizes && <span className="text-sm text-ink-muted">from</span>}
                <span className="text-xl font-semibold text-ink">{formatPrice(p.price)}</span>
                {savings && p.originalPrice !== undefined && (
                  <>
                    <span className="sr-only">, was</span>
                    <s className="text-sm text-ink-muted">{formatPrice(p.originalPrice)}</s>
                    {list && <span className="w-full text-xs font-semibold text-accent-strong">{savings}</span>}
                  </>
                )}
                <CardOwnPrice productId={p.id} />
              </p>
            )}
            <p className={`flex shrink-0 flex-col text-xs font-medium ${list ? 'items-end lg:items-start' : 'items-end'}`}>
              {p.inStock ? (
                <span className="inline-flex items-center gap-1.5 text-success">
                  <span className="size-2 rounded-full bg-success" aria-hidden="true" />
                  In Stock
                </span>
              ) : (
                <span className="inline-flex items-center gap-1.5 text-danger">
                  <span className="size-2 rounded-full bg-danger" aria-hidden="true" />
                  Out of Stock
                </span>
              )}
              {lowStock && <span className="text-accent-strong">{lowStock}</span>}
            </p>
          </div>
          {canAddToCart(p) && <AddToCartButton product={toCartProduct(p)} />}
        </div>
      </div>
    </article>
  );
}

/** Cards whose product and layout are unchanged are not drawn again when a sort or filter moves them. */
export default memo(ProductCard);
