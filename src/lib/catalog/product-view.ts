/**
 * Pure helpers behind the shop's product cards, the detail modal and the product pages: what a
 * card shows of long lists, the cart snapshot of a product, the data sheet link and the structured
 * data of a product page.
 */
import type { CartProduct } from '../cart';
import type { GhsPictogram } from '../paint/ghs-pictograms';
import type { Product } from '../schemas/catalog';

/** The path of a product's own page. */
export function productPath(slug: string): string {
  return `/shop/${slug}`;
}

/** The URL of a product's technical data sheet PDF (drawn by the server from the live product). */
export function specSheetPath(id: string): string {
  return `/api/products/${encodeURIComponent(id)}/spec-sheet.pdf`;
}

/** The first `max` items of a list and how many were left out (for '+N more'). */
export function takeFirst<T>(items: readonly T[], max: number): { shown: T[]; more: number } {
  const shown = items.slice(0, Math.max(0, max));
  return { shown, more: items.length - shown.length };
}

/** The snapshot of a product a cart line keeps (spec §3 Cart item), with its hazard pictograms (from a card's or a product's hazard) when it has any. */
export function toCartProduct(
  p: Pick<Product, 'id' | 'name' | 'price' | 'image' | 'category'> & { pictograms?: GhsPictogram[]; hazard?: Product['hazard'] },
): CartProduct {
  const snapshot: CartProduct = { id: p.id, name: p.name, price: p.price, image: p.image, category: p.category };
  const pictograms = p.pictograms ?? p.hazard?.pictograms ?? [];
  if (pictograms.length > 0) snapshot.pictograms = [...pictograms];
  return snapshot;
}

/** How many products each category name has (a brand's count is its products' category, spec §3). */
export function countByCategory(products: readonly Pick<Product, 'category'>[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of products) counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
  return counts;
}

/** The fields of a product its structured data reads. */
export type JsonLdProduct = Pick<
  Product,
  | 'name'
  | 'sku'
  | 'description'
  | 'brand'
  | 'image'
  | 'gallery'
  | 'price'
  | 'inStock'
  | 'requestQuoteOnly'
  | 'rating'
  | 'reviews'
  | 'category'
>;

/**
 * Schema.org Product JSON-LD of a product page: an Offer in USD with its availability and, when
 * the product has reviews, an AggregateRating. Quote-only products carry no price, as the page
 * shows none.
 */
export function buildProductJsonLd(p: JsonLdProduct, pageUrl: string): Record<string, unknown> {
  const absolute = (path: string) => new URL(path, pageUrl).href;
  const offer: Record<string, unknown> = {
    '@type': 'Offer',
    url: pageUrl,
    priceCurrency: 'USD',
    availability: p.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
  };
  if (!p.requestQuoteOnly) offer.price = p.price.toFixed(2);
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    sku: p.sku,
    description: p.description,
    category: p.category,
    image: [p.image, ...p.gallery].map(absolute),
    brand: { '@type': 'Brand', name: p.brand },
    offers: offer,
  };
  if (p.reviews > 0) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: p.rating,
      reviewCount: p.reviews,
      bestRating: 5,
      worstRating: 0,
    };
  }
  return data;
}
