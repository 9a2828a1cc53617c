/**
 * Display formatting for the shop: prices, savings, ratings, stock notes and file sizes.
 * Pure functions; amounts arrive in dollars (as the catalogue writes them) and go through whole
 * cents (src/lib/money.ts) before any arithmetic, so float drift never reaches a label.
 */
import { LOW_STOCK_MAX } from './constants';
import { formatMoney, formatWhole, roundToCents } from './money';
import type { Product } from './schemas/catalog';


/** Formats a dollar amount with two decimals and thousands separators: 1299 → '$1,299.00'. */
export function formatPrice(dollars: number): string {
  return formatMoney(roundToCents(dollars));
}

/** Savings of a reduced product in cents (original − price), or 0 when the original is not higher. */
export function computeSavingsCents(price: number, originalPrice: number | undefined): number {
  if (originalPrice === undefined) return 0;
  return Math.max(0, roundToCents(originalPrice) - roundToCents(price));
}

/** The 'Save $X.XX' label of a reduced product, or null when the original price is not higher. */
export function formatSavings(price: number, originalPrice: number | undefined): string | null {
  const cents = computeSavingsCents(price, originalPrice);
  return cents > 0 ? `Save ${formatMoney(cents)}` : null;
}

/** A 0-5 rating with one decimal, clamped: 4.66 → '4.7', 4 → '4.0'. */
export function formatRating(rating: number): string {
  const clamped = Math.min(5, Math.max(0, Number.isFinite(rating) ? rating : 0));
  return (Math.round(clamped * 10) / 10).toFixed(1);
}

/** A review count with its noun: 1 → '1 review', 1234 → '1,234 reviews'. */
export function formatReviewCount(reviews: number): string {
  return `${formatWhole(reviews)} ${reviews === 1 ? 'review' : 'reviews'}`;
}

/** 'Only N left' when a counted stock is between 1 and LOW_STOCK_MAX, otherwise null. */
export function formatLowStock(stockQuantity: number | undefined): string | null {
  if (stockQuantity === undefined || stockQuantity < 1 || stockQuantity > LOW_STOCK_MAX) return null;
  return `Only ${stockQuantity} left`;
}

/**
 * A file size in binary units with one decimal from KB up, as file managers show it:
 * 512 → '512 B', 2_516_582 → '2.4 MB'.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`Not a file size: ${bytes}`);
  const units = ['KB', 'MB', 'GB'] as const;
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes / 1024;
  let unit = 0;
  // Step up while the rounded figure would read 1024.0 or more in the current unit.
  while (unit < units.length - 1 && Math.round(value * 10) / 10 >= 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${(Math.round(value * 10) / 10).toFixed(1)} ${units[unit]}`;
}

/** A page count with its noun: 1 → '1 page', 24 → '24 pages'. */
export function formatPageCount(pages: number): string {
  return `${pages} ${pages === 1 ? 'page' : 'pages'}`;
}

/** The price line of a product tile: '$49.00', or 'Request Quote' for quote-only products. */
export function formatProductPrice(product: Pick<Product, 'price' | 'requestQuoteOnly'>): string {
  return product.requestQuoteOnly ? 'Request Quote' : formatPrice(product.price);
}
