/**
 * A paint's family as the product page and the estimate read it: its pack sizes (each a product
 * with its own price, stock and URL), their labels, price per litre or gallon, and the pack options
 * the cheapest-mix search compares. Pure, for browser and server.
 */
import type { CartProduct, LineColour } from '../cart';
import type { PackOption } from './estimate';
import { isVolumeUnit, LITRES_PER_US_QUART, litresToGallons, packSizeToKilograms, packSizeToLitres } from './pack-units';
import type { PackSize } from './units';

/** One size of a family: the few facts of its product the size selector and the calculator need. */
export interface FamilySize {
  id: string;
  slug: string;
  name: string;
  /** Main image and category: what a cart line keeps of the product. */
  image: string;
  category: string;
  packSize: PackSize;
  /** Price in dollars. */
  price: number;
  inStock: boolean;
  stockQuantity?: number;
  requestQuoteOnly: boolean;
}

// Prices here are the catalogue's dollars (two decimals at most); rounding is all toCents would add,
// and importing money.ts would split it into a chunk of its own on every page.
const priceCents = (dollars: number) => Math.round(dollars * 100);

import { formatPackSize } from './pack-size-label';
import { familySamplePots } from './sample-pots';
export { formatPackSize } from './pack-size-label';
export { familySamplePots, isSamplePot, SAMPLE_POT_MAX_LITRES } from './sample-pots';

/** A sample pot's size as testers are labelled: US measures in fluid ounces ('8 fl oz'), metric ones as formatPackSize ('250 mL'). */
export function formatSamplePotSize(size: PackSize): string {
  if (size.unit !== 'qt' && size.unit !== 'gal') return formatPackSize(size);
  // 32 US fluid ounces to the quart.
  return `${Number(((packSizeToLitres(size)! / LITRES_PER_US_QUART) * 32).toFixed(1)).toLocaleString('en-US')} fl oz`;
}

/** Sizes smallest first (by litres, or by kilograms for masses); the same size keeps the id order. */
export function sortSizes<T extends { id: string; packSize: PackSize }>(sizes: readonly T[]): T[] {
  const amount = (s: T) => packSizeToLitres(s.packSize) ?? packSizeToKilograms(s.packSize) ?? 0;
  return [...sizes].sort((a, b) => amount(a) - amount(b) || a.id.localeCompare(b.id));
}

/**
 * The unit price of a size for comparing sizes: per US gallon for sizes in gallons or quarts, per
 * litre for metric volumes, per kilogram for masses (per ounce would be tiny); rounded to the cent.
 */
export function unitPrice(price: number, size: PackSize): { dollars: number; per: 'gal' | 'L' | 'kg' } {
  const cents = priceCents(price);
  if (isVolumeUnit(size.unit)) {
    const litres = packSizeToLitres(size)!;
    if (size.unit === 'gal' || size.unit === 'qt') return { dollars: Math.round(cents / litresToGallons(litres)) / 100, per: 'gal' };
    return { dollars: Math.round(cents / litres) / 100, per: 'L' };
  }
  return { dollars: Math.round(cents / packSizeToKilograms(size)!) / 100, per: 'kg' };
}

/** A family size as it is in the live product (price and stock from the server now). */
export function withLiveFacts<T extends FamilySize>(size: T, live: { price: number; inStock: boolean; stockQuantity?: number; requestQuoteOnly: boolean } | undefined): T {
  if (!live) return size;
  const { stockQuantity: _kept, ...rest } = size;
  return { ...rest, price: live.price, inStock: live.inStock, requestQuoteOnly: live.requestQuoteOnly, ...(live.stockQuantity === undefined ? {} : { stockQuantity: live.stockQuantity }) } as T;
}

/** Whether a size can be bought now: in stock, priced, not quote-only. */
export function isSizeBuyable(size: Pick<FamilySize, 'inStock' | 'stockQuantity' | 'price' | 'requestQuoteOnly'>): boolean {
  if (size.requestQuoteOnly || !(size.price > 0)) return false;
  return size.stockQuantity === undefined ? size.inStock : size.stockQuantity > 0;
}

/** The sample pot a size's page offers: the family's cheapest buyable one; none on a sample pot's own page. */
export function chooseSamplePot<T extends FamilySize>(sizes: readonly T[], currentId: string): T | null {
  const pots = familySamplePots(sizes);
  if (pots.some((p) => p.id === currentId)) return null;
  const buyable = pots.filter(isSizeBuyable).sort((a, b) => a.price - b.price || a.id.localeCompare(b.id));
  return buyable[0] ?? null;
}

/** A family size as a cart line's product, tinted when a colour is given. */
export function toSizeCartProduct(size: FamilySize, colour: LineColour | null): CartProduct {
  const { id, name, price, image, category } = size;
  return { id, name, price, image, category, ...(colour ? { colour } : {}) };
}

/**
 * The sizes the cheapest-mix search compares: volumes only (a mass has no litres), quote-only and
 * unpriced left out; the family's sample pots marked, so the search leaves them out.
 */
export function toPackOptions(sizes: readonly FamilySize[]): PackOption[] {
  const pots = new Set(familySamplePots(sizes).map((s) => s.id));
  const options: PackOption[] = [];
  for (const size of sizes) {
    if (size.requestQuoteOnly || !(size.price > 0)) continue;
    const litres = packSizeToLitres(size.packSize);
    if (litres === null) continue;
    options.push({ productId: size.id, litres, priceCents: priceCents(size.price), inStock: isSizeBuyable(size), ...(pots.has(size.id) ? { samplePot: true } : {}) });
  }
  return options;
}
