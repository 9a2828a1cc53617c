/** Shapes the shop page hands its island: small, serialisable props built at build time. */
import type { CatalogCard } from '../../lib/catalog/card';

/** A product as the shop lists it (its card: the detail modal asks for the rest). */
export type ShopProduct = CatalogCard;

/** One tile of the brand grid: a brand of the `categories` collection with its product count. */
export interface BrandTile {
  id: string;
  name: string;
  description: string;
  image: string;
  gradient: string;
  /** Products whose category equals the brand's name. */
  count: number;
}

/** One image of the hero carousel. */
export interface HeroSlide {
  src: string;
  /** Other widths of the picture (`url 640w, …`), for the browser to pick by `sizes`. */
  srcSet?: string;
  /** Describes the picture for people who cannot see it. */
  alt: string;
  /** The line shown over the picture. */
  caption: string;
}
