import { CART_LINE_MAX_QUANTITY } from './constants';
import { isGhsPictogram, type GhsPictogram } from './paint/ghs-pictograms';

// Hand-written checks rather than zod: this module ships on every page with the cart badge, and
// zod alone would triple the JavaScript of a marketing page.

/** The product snapshot a cart line keeps (spec §3 Cart item). */
export interface CartProduct {
  id: string;
  name: string;
  /** Unit price in dollars at the time it was added; the server re-prices at checkout. */
  price: number;
  image: string;
  category: string;
  /** GHS pictogram codes of its hazard, shown on the line; absent when it has none. */
  pictograms?: GhsPictogram[];
  /** The colour it is tinted to (tintable paints only): part of the line's identity by system and code. */
  colour?: LineColour;
}

/** A colour a line is tinted to: system and code say which; name and hex are for display only. */
export interface LineColour {
  system: string;
  code: string;
  name: string;
  hex: string;
}

/** One line of the cart: a product and how many (1..CART_LINE_MAX_QUANTITY). */
export interface CartLine {
  product: CartProduct;
  quantity: number;
}

const isText = (v: unknown, min = 0): v is string => typeof v === 'string' && v.length >= min;

/** The cart snapshot of an unknown value, or null when it is not a valid product snapshot. */
export function parseCartProduct(value: unknown): CartProduct | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (!isText(v.id, 1) || !isText(v.name, 1) || !isText(v.image) || !isText(v.category)) return null;
  if (typeof v.price !== 'number' || !Number.isFinite(v.price) || v.price < 0) return null;
  const p: CartProduct = { id: v.id, name: v.name, price: v.price, image: v.image, category: v.category };
  // Pictograms are shown, never priced: an unreadable list is dropped, not the line.
  const pictograms = Array.isArray(v.pictograms) ? v.pictograms.filter((c): c is GhsPictogram => typeof c === 'string' && isGhsPictogram(c)) : [];
  if (pictograms.length > 0) p.pictograms = pictograms;
  const c = v.colour as LineColour | undefined;
  if (isText(c?.system, 1) && isText(c.code, 1) && isText(c.name) && isText(c.hex)) p.colour = { system: c.system, code: c.code, name: c.name, hex: c.hex };
  return p;
}

/** The identity of a cart line: the product id, with the colour's system and code when tinted (never the hex). */
export function lineKey(product: Pick<CartProduct, 'id' | 'colour'>): string {
  const c = product.colour;
  return c ? `${product.id}|${c.system}|${c.code}` : product.id;
}

/** The fields of a product the cart needs, plus what the add-to-cart gate reads. */
export interface CartCandidate extends CartProduct {
  inStock: boolean;
  requestQuoteOnly: boolean;
}

/** The add-to-cart gate (spec §4): only products in stock and not sold by quotation. */
export function canAddToCart(product: Pick<CartCandidate, 'inStock' | 'requestQuoteOnly'>): boolean {
  return product.inStock && !product.requestQuoteOnly;
}

/** Keeps a quantity within 0..CART_LINE_MAX_QUANTITY as a whole number. */
function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return 0;
  return Math.min(CART_LINE_MAX_QUANTITY, Math.max(0, Math.floor(quantity)));
}

/** Adds whole lines ('Buy again'): an existing line grows by the quantity (up to the cap), others are appended; invalid products are skipped. */
export function addLines(lines: readonly CartLine[], additions: readonly CartLine[]): CartLine[] {
  let next = [...lines];
  for (const addition of additions) {
    const snapshot = parseCartProduct(addition?.product);
    const quantity = clampQuantity(addition?.quantity);
    if (!snapshot || quantity === 0) continue;
    const key = lineKey(snapshot);
    next = next.some((l) => lineKey(l.product) === key)
      ? next.map((l) => (lineKey(l.product) === key ? { product: snapshot, quantity: clampQuantity(l.quantity + quantity) } : l))
      : [...next, { product: snapshot, quantity }];
  }
  return next;
}

/** Adds one unit: an existing line (same product and colour) increments by 1 (up to the cap), otherwise a new line of 1. */
export function addLine(lines: readonly CartLine[], product: CartProduct): CartLine[] {
  if (!parseCartProduct(product)) throw new TypeError('Not a cart product');
  return addLines(lines, [{ product, quantity: 1 }]);
}

/** Removes the line with a key (lineKey: the product id of an untinted line). */
export function removeLine(lines: readonly CartLine[], key: string): CartLine[] {
  return lines.filter((l) => lineKey(l.product) !== key);
}

/** Sets the quantity of the line with a key (floor 0, capped); a line reaching 0 is removed. */
export function setLineQuantity(
  lines: readonly CartLine[],
  key: string,
  quantity: number,
): CartLine[] {
  const q = clampQuantity(quantity);
  if (q === 0) return removeLine(lines, key);
  return lines.map((l) => (lineKey(l.product) === key ? { ...l, quantity: q } : l));
}

/** Total number of units in the cart. */
export function countItems(lines: readonly CartLine[]): number {
  return lines.reduce((n, l) => n + l.quantity, 0);
}

/** Sum of price x quantity, in integer cents. */
export function sumCents(lines: readonly CartLine[]): number {
  return lines.reduce((n, l) => n + Math.round(l.product.price * 100) * l.quantity, 0);
}

/**
 * Reads a stored cart. Anything unparseable gives an empty cart; lines that are individually
 * invalid are dropped and duplicate lines (product and colour) merged, so one bad line never loses the others.
 */
export function decodeCart(stored: string | null | undefined): CartLine[] {
  if (!stored) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(stored);
  } catch {
    return [];
  }
  // addLines skips what is not a line (a non-number quantity counts as 0) and merges repeats.
  return Array.isArray(raw) ? addLines([], raw as CartLine[]) : [];
}

/** Formats a count for a badge: '99+' above 99. */
export function formatBadgeCount(count: number, cap = 99): string {
  return count > cap ? `${cap}+` : String(count);
}
