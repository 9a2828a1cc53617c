/**
 * Everything known about one product (spec §2.5): gallery, brand, SKU, badges, rating, price,
 * description, features, technical data, certifications, usage and coverage/finish. The same markup
 * serves the shop's detail modal (inside the island) and the static product page /shop/<slug>,
 * where the Add to Cart control arrives as a separate small island through the `cart` slot.
 */
import { useState, type ReactNode } from 'react';
import { canAddToCart } from '../../lib/cart';
import { specSheetPath } from '../../lib/catalog/product-view';
import { formatLowStock, formatPrice, formatSavings } from '../../lib/format';
import { mediaSrcSet } from '../../lib/media';
import type { Product } from '../../lib/schemas/catalog';
import { CheckIcon, DocumentIcon, LeafIcon } from '../shop/Icons';
import OwnPrice from './OwnPrice';
import QuoteRequest from './QuoteRequest';
import RatingStars from './RatingStars';

export interface ProductDetailProps {
  /** The whole product (the shop's cards lack the detail's long fields: ProductModal asks for them). */
  product: Product;
  /** Address offered when a quote request cannot reach the server (content/site.json). */
  quoteEmail: string;
  /** 'modal' inside the shop island (h2 title, clickable thumbnails); 'page' for /shop/<slug> (h1). */
  variant: 'modal' | 'page';
  /** id of the title element, for aria-labelledby. */
  titleId?: string;
  /** The Add to Cart control, shown when the add-to-cart gate passes. */
  cart?: ReactNode;
  /** The safety block (hazard, VOC, transport), static HTML shown before the buy buttons. */
  safety?: ReactNode;
  /** The Request Quote control as a hydrated island (static product page); rendered in place otherwise. */
  quote?: ReactNode;
  /** The family's size selector (product page of a paint in several sizes). */
  sizes?: ReactNode;
  /** The coverage calculator's launcher (product page of a paint with a spread rate). */
  calculator?: ReactNode;
}

/** Alt text of the n-th image of a product (0 is the main shot). */
function describeImage(name: string, index: number, src: string): string {
  if (index === 0) return name;
  if (src.endsWith('-swatch.svg')) return `${name}: colour and finish swatch`;
  if (src.endsWith('-detail.svg')) return `${name}: label and technical detail`;
  return `${name}: view ${index + 1}`;
}

/** Rendered widths of the main image (half the page from md up), the modal's thumbnails and the page's extra images. */
const MAIN_IMAGE_SIZES = '(min-width: 768px) 50vw, 100vw';
const THUMB_IMAGE_SIZES = '(min-width: 768px) 12vw, 25vw';
const EXTRA_IMAGE_SIZES = '(min-width: 768px) 25vw, 50vw';

const BACKDROP = {
  background:
    'radial-gradient(120% 90% at 50% 38%, #fffdf9 0%, rgb(255 253 249 / 0) 62%), linear-gradient(180deg, var(--color-canvas) 0%, #ebe4d8 100%)',
};

/** The detail view of a product. */
export default function ProductDetail({ product: p, quoteEmail, variant, titleId, cart, quote, safety, sizes, calculator }: ProductDetailProps) {
  const images = [p.image, ...p.gallery];
  const [active, setActive] = useState(0);
  const Title = variant === 'page' ? 'h1' : 'h2';
  const Section = variant === 'page' ? 'h2' : 'h3';
  const savings = p.requestQuoteOnly ? null : formatSavings(p.price, p.originalPrice);
  const lowStock = p.inStock ? formatLowStock(p.stockQuantity) : null;
  const sectionTitle = 'font-display text-lg font-semibold text-ink';
  const shown = images[active] ?? p.image;

  return (
    <article className="grid gap-8 md:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)] md:gap-10">
      {/* Gallery */}
      <div className="flex flex-col gap-3 md:sticky md:top-4 md:self-start">
        <div className="overflow-hidden rounded-card ring-1 ring-line/70" style={BACKDROP}>
          <img
            {...mediaSrcSet(variant === 'page' ? p.image : shown, MAIN_IMAGE_SIZES)}
            src={variant === 'page' ? p.image : shown}
            alt={describeImage(p.name, variant === 'page' ? 0 : active, variant === 'page' ? p.image : shown)}
            width={800}
            height={800}
            className="aspect-square w-full object-contain p-4"
            decoding="async"
            fetchPriority={variant === 'page' ? 'high' : undefined}
          />
        </div>
        {images.length > 1 &&
          (variant === 'modal' ? (
            <ul className="grid grid-cols-4 gap-2" aria-label="Product images">
              {images.map((src, i) => (
                <li key={src}>
                  <button
                    type="button"
                    onClick={() => setActive(i)}
                    aria-pressed={i === active}
                    aria-label={`Show image ${i + 1} of ${images.length}`}
                    className={`block w-full overflow-hidden rounded-lg ring-2 transition ${
                      i === active ? 'ring-accent' : 'ring-transparent hover:ring-line'
                    }`}
                    style={BACKDROP}
                  >
                    <img {...mediaSrcSet(src, THUMB_IMAGE_SIZES)} src={src} alt="" width={800} height={800} loading="lazy" className="aspect-square w-full object-contain p-1.5" />
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <ul className="grid grid-cols-2 gap-3" aria-label="More images">
              {images.slice(1).map((src, i) => (
                <li key={src} className="overflow-hidden rounded-lg ring-1 ring-line/70" style={BACKDROP}>
                  <img
                    {...mediaSrcSet(src, EXTRA_IMAGE_SIZES)}
                    src={src}
                    alt={describeImage(p.name, i + 1, src)}
                    width={800}
                    height={800}
                    loading="lazy"
                    decoding="async"
                    className="aspect-square w-full object-contain p-2"
                  />
                </li>
              ))}
            </ul>
          ))}
      </div>

      {/* Facts */}
      <div className="flex min-w-0 flex-col gap-6">
        <header className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <img src={p.brandLogo} alt={`${p.brand} logo`} width={240} height={80} className="h-9 w-auto" loading="lazy" />
            <p className="text-xs text-ink-muted">
              SKU <span className="tabular font-mono font-medium text-ink-soft">{p.sku}</span>
            </p>
          </div>
          <p className="text-xs font-semibold tracking-[0.08em] text-ink-muted uppercase">
            {p.brand}
            {p.category !== p.brand && <> · {p.category}</>}
          </p>
          <Title id={titleId} className="font-display text-2xl leading-tight font-semibold text-ink sm:text-3xl">
            {p.name}
          </Title>
          {(p.isNew || p.isEcoFriendly || p.isPopular) && (
            <ul className="flex flex-wrap gap-1.5" aria-label="Badges">
              {p.isNew && <li className="rounded-full bg-ink px-2.5 py-1 text-[11px] font-semibold tracking-wide text-white uppercase">New</li>}
              {p.isEcoFriendly && (
                <li className="inline-flex items-center gap-1 rounded-full bg-success px-2.5 py-1 text-[11px] font-semibold tracking-wide text-white uppercase">
                  <LeafIcon size={11} /> Eco
                </li>
              )}
              {p.isPopular && (
                <li className="rounded-full bg-gold/15 px-2.5 py-1 text-[11px] font-semibold tracking-wide text-[#6b4c12] uppercase">Popular</li>
              )}
            </ul>
          )}
          <RatingStars rating={p.rating} reviews={p.reviews} size={16} variant="full" />
        </header>

        <div className="flex flex-col gap-4 rounded-card bg-canvas/60 p-5 ring-1 ring-line/70">
          {sizes}
          <div className="flex flex-wrap items-end justify-between gap-3">
            {p.requestQuoteOnly ? (
              <p className="flex flex-col">
                <span className="text-2xl font-semibold text-ink">Request Quote</span>
                <span className="text-sm text-ink-muted">Project and volume pricing from our sales desk</span>
              </p>
            ) : (
              <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 tabular">
                <span className="sr-only">Price</span>
                <span className="text-3xl font-semibold text-ink">{formatPrice(p.price)}</span>
                {savings && p.originalPrice !== undefined && (
                  <>
                    <span className="sr-only">, was</span>
                    <s className="text-lg text-ink-muted">{formatPrice(p.originalPrice)}</s>
                    <span className="rounded-full bg-accent-soft px-2.5 py-1 text-xs font-semibold text-accent-strong">{savings}</span>
                  </>
                )}
              </p>
            )}
            <p className="flex flex-col items-end text-sm font-medium">
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
              {lowStock && <span className="text-xs text-accent-strong">{lowStock}</span>}
            </p>
          </div>

          {!p.requestQuoteOnly && p.priceTiers && p.priceTiers.length > 0 && (
            <ul className="-mt-1 flex flex-wrap gap-2 text-sm text-ink" aria-label="Quantity prices">
              {p.priceTiers.map((tier) => (
                <li key={tier.minQuantity} className="rounded-full bg-accent-soft/70 px-3 py-1 tabular">
                  Buy {tier.minQuantity}+ for <strong className="font-semibold">{formatPrice(tier.price)}</strong> each
                </li>
              ))}
            </ul>
          )}

          {!p.requestQuoteOnly && <OwnPrice productId={p.id} />}

          {safety}

          <div className="flex flex-wrap items-center gap-3">
            {canAddToCart(p) && cart}
            {!p.inStock && !p.requestQuoteOnly && (
              <button
                type="button"
                disabled
                className="inline-flex min-h-12 cursor-not-allowed items-center justify-center rounded-lg bg-line px-6 text-base font-semibold text-ink-muted"
              >
                Out of Stock
              </button>
            )}
            {quote ?? <QuoteRequest product={{ id: p.id, name: p.name, sku: p.sku }} primary={p.requestQuoteOnly} contactEmail={quoteEmail} />}
            <a
              href={specSheetPath(p.id)}
              download
              className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold text-ink ring-1 ring-line transition hover:bg-white hover:ring-ink/30"
            >
              <DocumentIcon size={18} />
              Download Specs
            </a>
          </div>

          <dl className="grid gap-3 border-t border-line/80 pt-4 text-sm sm:grid-cols-2">
            <div className="sm:col-span-2">
              <dt className="text-xs font-semibold tracking-[0.08em] text-ink-muted uppercase">Coverage | Finish</dt>
              <dd className="mt-0.5 font-medium text-ink">
                {p.coverage} | {p.finish}
              </dd>
            </div>
            {p.visual?.colorName && (
              <div className="sm:col-span-2">
                {/* A tintable paint is sold in this colour untinted; the colour picker above tints it. */}
                <dt className="text-xs font-semibold tracking-[0.08em] text-ink-muted uppercase">{p.tintable ? 'Untinted colour' : 'Colour'}</dt>
                <dd className="mt-1 flex items-center gap-2 font-medium text-ink">
                  <span className="size-5 rounded-full ring-1 ring-ink/15" style={{ background: p.visual.color }} aria-hidden="true" />
                  {p.visual.colorName}
                </dd>
              </div>
            )}
          </dl>
        </div>

        {calculator}

        <section className="flex flex-col gap-2" aria-labelledby={titleId ? `${titleId}-about` : undefined}>
          <Section id={titleId ? `${titleId}-about` : undefined} className={sectionTitle}>
            Description
          </Section>
          <p className="leading-relaxed text-ink-soft">{p.description}</p>
        </section>

        {p.features.length > 0 && (
          <section className="flex flex-col gap-2">
            <Section className={sectionTitle}>Features</Section>
            <ul className="grid gap-1.5 text-ink-soft sm:grid-cols-2">
              {p.features.map((f) => (
                <li key={f} className="flex gap-2">
                  <CheckIcon size={16} className="mt-1 shrink-0 text-success" />
                  <span>{f}</span>
                </li>
              ))}
            </ul>
          </section>
        )}

        {p.technicalSpecs.length > 0 && (
          <section className="flex flex-col gap-2" id={variant === 'page' ? 'specs' : undefined}>
            <Section className={sectionTitle}>Technical specifications</Section>
            <div className="overflow-x-auto rounded-lg ring-1 ring-line">
              <table className="w-full text-left text-sm">
                <thead className="bg-canvas/70 text-xs tracking-[0.06em] text-ink-muted uppercase">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-semibold">Property</th>
                    <th scope="col" className="px-3 py-2 text-right font-semibold">Value</th>
                    <th scope="col" className="px-3 py-2 font-semibold">Unit</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line/80 bg-white">
                  {p.technicalSpecs.map((s) => (
                    <tr key={s.name}>
                      <th scope="row" className="px-3 py-2 font-medium text-ink-soft">{s.name}</th>
                      <td className="tabular px-3 py-2 text-right font-semibold text-ink">{s.value}</td>
                      <td className="px-3 py-2 text-ink-muted">{s.unit ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        )}

        {p.certifications.length > 0 && (
          <section className="flex flex-col gap-2">
            <Section className={sectionTitle}>Certifications</Section>
            <ul className="flex flex-wrap gap-2">
              {p.certifications.map((c) => (
                <li key={c} className="rounded-md border border-line bg-paper px-2.5 py-1 text-xs font-semibold text-ink-soft">
                  {c}
                </li>
              ))}
            </ul>
          </section>
        )}

        <section className="flex flex-col gap-2">
          <Section className={sectionTitle}>Usage instructions</Section>
          <p className="leading-relaxed text-ink-soft">{p.usageInstructions}</p>
        </section>
      </div>
    </article>
  );
}
