/**
 * The shop's categories view (spec §2.7): the two promotion tiles, the brand grid with each
 * brand's product count, and the Featured Products grid.
 */
import { showAllProducts, showCategory, showSprayingSystems } from '../../stores/shop';
import ProductCard from './ProductCard';
import type { BrandTile, ShopProduct } from './types';

/** The category the 'Spraying Systems' tile selects with the spraying filter. */
export const SPRAYING_CATEGORY = 'Diamond Collection';

export interface CategoriesViewProps {
  brands: readonly BrandTile[];
  /** The Featured Products grid: the first SHOP_FEATURED_COUNT products of the catalogue. */
  featured: readonly ShopProduct[];
}

/** Brand grid, promotions and featured products. */
export default function CategoriesView({ brands, featured }: CategoriesViewProps) {
  return (
    <div className="flex flex-col gap-14">
      <section aria-label="Promotions" className="grid gap-4 md:grid-cols-2">
        <div className="relative isolate flex min-h-64 flex-col justify-end overflow-hidden rounded-card bg-ink p-6 text-white shadow-card sm:p-8">
          <img
            src="/images/generated/scenes/swatch-wall.svg"
            alt=""
            width={1600}
            height={1000}
            loading="lazy"
            className="absolute inset-0 -z-10 h-full w-full object-cover opacity-80"
          />
          <div className="absolute inset-0 -z-10 bg-gradient-to-r from-ink via-ink/85 to-ink/25" aria-hidden="true" />
          <p className="text-xs font-semibold tracking-[0.14em] text-white/80 uppercase">Just in</p>
          <h2 className="mt-1 font-display text-3xl font-semibold">New Products</h2>
          <p className="mt-2 max-w-md text-white/85">
            The latest colours, primers and coatings from our own range and the brands we stock.
          </p>
          <button
            type="button"
            onClick={showAllProducts}
            className="mt-5 inline-flex min-h-11 w-fit items-center rounded-lg bg-white px-5 font-semibold text-ink transition hover:bg-canvas"
          >
            View All
          </button>
        </div>
        <div className="relative isolate flex min-h-64 flex-col justify-end overflow-hidden rounded-card bg-ink p-6 text-white shadow-card sm:p-8">
          <img
            src="/images/generated/scenes/spray-airless.svg"
            alt=""
            width={1600}
            height={1000}
            loading="lazy"
            className="absolute inset-0 -z-10 h-full w-full object-cover opacity-80"
          />
          <div className="absolute inset-0 -z-10 bg-gradient-to-r from-ink via-ink/85 to-ink/25" aria-hidden="true" />
          <p className="text-xs font-semibold tracking-[0.14em] text-white/80 uppercase">Diamond Collection</p>
          <h2 className="mt-1 font-display text-3xl font-semibold">Spraying Systems</h2>
          <p className="mt-2 max-w-md text-white/85">
            Airless guns, reversible tips, hoses, respirators and masking: everything to lay down a professional finish.
          </p>
          <button
            type="button"
            onClick={() => showSprayingSystems(SPRAYING_CATEGORY)}
            className="mt-5 inline-flex min-h-11 w-fit items-center rounded-lg bg-accent px-5 font-semibold text-white transition hover:bg-accent-strong"
          >
            Shop Now
          </button>
        </div>
      </section>

      {/* The two grids below the fold are laid out only when near the viewport (a relayout of the page, such as the web fonts' arrival, skips them). */}
      <section aria-labelledby="brands-title" className="flex flex-col gap-6 [content-visibility:auto] [contain-intrinsic-size:auto_3450px] lg:[contain-intrinsic-size:auto_1250px]">
        <div className="flex flex-col gap-1">
          <h2 id="brands-title" className="font-display text-3xl font-semibold text-ink">
            Shop by brand
          </h2>
          <p className="text-ink-soft">Our own Diamond Collection and the specialist brands professionals ask for.</p>
        </div>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {brands.map((b) => (
            <li
              key={b.id}
              className="group relative flex flex-col overflow-hidden rounded-card bg-white shadow-card ring-1 ring-line/70 transition duration-200 focus-within:shadow-lift hover:-translate-y-0.5 hover:shadow-lift motion-reduce:hover:translate-y-0"
            >
              <div className="relative aspect-[16/9] overflow-hidden" style={{ background: b.gradient }}>
                <img
                  src={b.image}
                  alt=""
                  width={800}
                  height={500}
                  loading="lazy"
                  className="h-full w-full object-cover transition duration-300 group-hover:scale-[1.03] motion-reduce:group-hover:scale-100"
                />
              </div>
              <div className="flex flex-1 flex-col gap-1.5 p-5">
                <div className="flex items-baseline justify-between gap-3">
                  <h3 className="font-display text-xl font-semibold text-ink">
                    {/* The button's area covers the whole tile, so a click anywhere on it chooses the brand. */}
                    <button
                      type="button"
                      onClick={() => showCategory(b.name)}
                      className="text-left outline-none after:absolute after:inset-0 after:rounded-card focus-visible:after:outline-3 focus-visible:after:outline-accent"
                    >
                      {b.name}
                    </button>
                  </h3>
                  <p className="tabular shrink-0 rounded-full bg-canvas px-2.5 py-0.5 text-xs font-semibold text-ink-soft">
                    {b.count} {b.count === 1 ? 'product' : 'products'}
                  </p>
                </div>
                <p className="text-sm leading-relaxed text-ink-soft">{b.description}</p>
                <p className="mt-auto pt-2 text-sm font-semibold text-accent-strong group-hover:underline" aria-hidden="true">
                  Shop {b.name} →
                </p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="featured-title" className="flex flex-col gap-6 [content-visibility:auto] [contain-intrinsic-size:auto_3450px] lg:[contain-intrinsic-size:auto_1400px]">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="featured-title" className="font-display text-3xl font-semibold text-ink">
            Featured Products
          </h2>
          <button
            type="button"
            onClick={showAllProducts}
            className="min-h-11 rounded-lg px-3 text-sm font-semibold text-accent-strong underline-offset-4 hover:underline"
          >
            See every product
          </button>
        </div>
        <ul className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {featured.map((p) => (
            <li key={p.id}>
              <ProductCard product={p} layout="grid" />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
