/**
 * The compact view of a product that the storefront's lists work from (GET /api/catalog/cards):
 * what a card shows, what the shop's filters, search (spec §5: name, description, category, brand,
 * sku, features), sorting and facet counts read, and what the live price/stock reconciliation and
 * the cart compare. The long texts of the detail (technical specs, usage instructions, coverage,
 * the gallery, the brand logo, the drawing's colours) stay out: at 10,000 products they are about
 * half the catalogue's bytes, and an island needing them asks for the one product
 * (GET /api/products?ids=). The server and the pages build cards with the same function, so a
 * build-time card and a live one are equal exactly when the shopper would see no difference.
 */
import type { GhsPictogram } from '../paint/ghs-pictograms';
import type { Product } from '../schemas/catalog';

/** The route that serves the cards: the whole catalogue's, or one category's with `?category=<slug>`. */
export const CATALOG_CARDS_PATH = '/api/catalog/cards';

/** The fields of a card, in the order they are written. */
export const CARD_FIELDS = [
  'id',
  'slug',
  'name',
  'sku',
  'price',
  'originalPrice',
  'priceTiers',
  'description',
  'category',
  'brand',
  'image',
  'inStock',
  'stockQuantity',
  'isEcoFriendly',
  'isNew',
  'isPopular',
  'requestQuoteOnly',
  'rating',
  'reviews',
  'features',
  'certifications',
  'finish',
  'family',
  'packSize',
  'tintable',
  'pictograms',
] as const;

/** One of CARD_FIELDS. */
export type CardField = (typeof CARD_FIELDS)[number];

/** A product as the storefront's lists hold it. */
export type CatalogCard = Pick<Product, Exclude<CardField, 'pictograms'>> & {
  /** The GHS pictogram codes of its hazard (the card's only hazard data); absent when it has none. */
  pictograms?: GhsPictogram[];
};

/** What a card is made from: a card, or a product whose hazard gives the card's pictograms. */
type CardSource = CatalogCard | (Omit<CatalogCard, 'pictograms'> & Pick<Product, 'hazard'>);

/**
 * The card of a product: the card fields only (optional ones only when set: no null family, no
 * empty pictogram list, `tintable` only when true), in CARD_FIELDS order.
 */
export function toCatalogCard(product: CardSource): CatalogCard {
  const source = product as Partial<CatalogCard & Pick<Product, 'hazard'>>;
  const card = {} as Record<string, unknown>;
  for (const field of CARD_FIELDS) {
    const value = field === 'pictograms' ? (source.pictograms ?? source.hazard?.pictograms) : source[field];
    // Few products are tintable: a `false` on every other card would only weigh the catalogue down.
    if (value == null || (field === 'tintable' && value !== true)) continue;
    if (!(field === 'pictograms' && (value as unknown[]).length === 0)) card[field] = value;
  }
  return card as CatalogCard;
}

/** Whether a value is a whole Product rather than only its card (the detail needs the long fields). */
export function isFullProduct(p: CatalogCard | Product): p is Product {
  return 'technicalSpecs' in p && 'usageInstructions' in p;
}
