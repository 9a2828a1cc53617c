/**
 * The shop's hero (spec §2.7): who the shop is for, the image carousel, the stats tiles with the
 * real product count, and the two ways in: 'Browse Equipment' (the brand grid) and
 * 'View All Products' (the product list).
 */
import { FREE_SHIPPING_THRESHOLD_CENTS } from '../../lib/constants';
import { formatWhole } from '../../lib/money';
import { setView, showAllProducts } from '../../stores/shop';
import HeroCarousel from './HeroCarousel';
import { HeadsetIcon, ShieldIcon, TruckIcon } from './Icons';
import type { HeroSlide } from './types';

export interface ShopHeroProps {
  productCount: number;
  slides: readonly HeroSlide[];
}

// In the products view (<html data-shop-view="products">, set before first paint by the page and
// kept by ShopApp) the hero shrinks to its title band so the results are the first thing seen.
const FULL_ONLY = '[[data-shop-view=products]_&]:hidden';

const freeShippingFrom = `$${FREE_SHIPPING_THRESHOLD_CENTS / 100}`;

/** Scrolls the shop's content into view after a hero button switched the view. */
function revealContent(): void {
  requestAnimationFrame(() => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    document.getElementById('shop-content')?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  });
}

/** The hero band at the top of /shop. */
export default function ShopHero({ productCount, slides }: ShopHeroProps) {
  const stats = [
    { figure: formatWhole(productCount), label: 'Products' },
    { figure: '50+', label: 'Brands' },
    { figure: '24/7', label: 'Technical support' },
    { figure: '100%', label: 'Quality guarantee' },
  ];
  return (
    <section className="relative overflow-hidden bg-canvas" aria-labelledby="shop-title">
      <div
        className="pointer-events-none absolute inset-0 opacity-60"
        style={{ backgroundImage: 'url(/images/generated/textures/grain.svg)' }}
        aria-hidden="true"
      />
      <div className="relative mx-auto grid max-w-7xl gap-10 px-4 py-8 sm:px-6 sm:py-10 lg:grid-cols-[minmax(0,0.9fr)_minmax(0,1.1fr)] lg:items-center lg:gap-14 lg:px-8 lg:py-14 [[data-shop-view=products]_&]:py-5 [[data-shop-view=products]_&]:lg:grid-cols-1 [[data-shop-view=products]_&]:lg:py-6">
        <div className="flex flex-col gap-6 [[data-shop-view=products]_&]:gap-1.5">
          <p className="text-xs font-semibold tracking-[0.14em] text-accent-strong uppercase">The Graphene Coatings shop</p>
          <h1 id="shop-title" className="font-display text-[2.15rem] leading-[1.08] font-semibold text-ink sm:text-5xl xl:text-6xl [[data-shop-view=products]_&]:text-xl [[data-shop-view=products]_&]:leading-snug [[data-shop-view=products]_&]:sm:text-2xl">
            Paint, coatings &amp; spray equipment for people who paint for a living
          </h1>
          <p className={`max-w-xl text-base leading-relaxed text-ink-soft sm:text-lg ${FULL_ONLY}`}>
            Specified by contractors, trusted by painters and chosen by serious DIY users: architectural paints,
            industrial coatings, floor systems and airless sprayers, with the data sheets to back them.
          </p>
          <div className={`grid grid-cols-2 gap-3 sm:flex sm:flex-wrap ${FULL_ONLY}`}>
            <button
              type="button"
              onClick={() => {
                setView('categories');
                revealContent();
              }}
              className="inline-flex min-h-12 items-center justify-center rounded-lg bg-ink px-3 text-[15px] font-semibold text-white transition hover:bg-ink-soft sm:px-6 sm:text-base"
            >
              Browse Equipment
            </button>
            <button
              type="button"
              onClick={() => {
                showAllProducts();
                revealContent();
              }}
              className="inline-flex min-h-12 items-center justify-center rounded-lg bg-white px-3 text-[15px] font-semibold text-ink ring-1 ring-ink/15 transition hover:ring-ink/40 sm:px-6 sm:text-base"
            >
              View All Products
            </button>
          </div>
          <ul className={`flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink-soft ${FULL_ONLY}`}>
            <li className="inline-flex items-center gap-2">
              <TruckIcon size={18} className="text-accent-strong" />
              Free shipping over {freeShippingFrom}
            </li>
            <li className="inline-flex items-center gap-2">
              <ShieldIcon size={18} className="text-accent-strong" />
              Professional warranty
            </li>
            <li className="inline-flex items-center gap-2">
              <HeadsetIcon size={18} className="text-accent-strong" />
              24/7 technical support
            </li>
          </ul>
        </div>
        <div className={FULL_ONLY}>
          <HeroCarousel slides={slides} />
        </div>
      </div>
      <div className={`relative mx-auto max-w-7xl px-4 pb-10 sm:px-6 lg:px-8 ${FULL_ONLY}`}>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {stats.map((s) => (
            <div key={s.label} className="flex flex-col-reverse gap-1 rounded-card bg-white/80 px-5 py-4 ring-1 ring-line/80">
              <dt className="text-sm text-ink-muted">{s.label}</dt>
              <dd className="tabular font-display text-3xl font-semibold text-ink">{s.figure}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
