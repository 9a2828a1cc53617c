import { z } from 'zod';
import { CART_LINE_MAX_QUANTITY } from './constants';

/** The product snapshot a cart line keeps (spec §3 Cart item). */
export const cartProductSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  /** Unit price in dollars at the time it was added; the server re-prices at checkout. */
  price: z.number().nonnegative().finite(),
  image: z.string(),
  category: z.string(),
});
export type CartProduct = z.infer<typeof cartProductSchema>;

/** One line of the cart: a product and how many. */
export const cartLineSchema = z.object({
  product: cartProductSchema,
  quantity: z.number().int().min(1).max(CART_LINE_MAX_QUANTITY),
});
export type CartLine = z.infer<typeof cartLineSchema>;

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

/** Adds one unit: an existing line increments by 1 (up to the cap), otherwise a new line of 1. */
export function addLine(lines: readonly CartLine[], product: CartProduct): CartLine[] {
  const snapshot = cartProductSchema.parse({
    id: product.id,
    name: product.name,
    price: product.price,
    image: product.image,
    category: product.category,
  });
  const existing = lines.find((l) => l.product.id === snapshot.id);
  if (!existing) return [...lines, { product: snapshot, quantity: 1 }];
  return lines.map((l) =>
    l.product.id === snapshot.id ? { ...l, quantity: clampQuantity(l.quantity + 1) } : l,
  );
}

/** Removes the line of a product. */
export function removeLine(lines: readonly CartLine[], productId: string): CartLine[] {
  return lines.filter((l) => l.product.id !== productId);
}

/** Sets a line's quantity (floor 0, capped); a line reaching 0 is removed. */
export function setLineQuantity(
  lines: readonly CartLine[],
  productId: string,
  quantity: number,
): CartLine[] {
  const q = clampQuantity(quantity);
  if (q === 0) return removeLine(lines, productId);
  return lines.map((l) => (l.product.id === productId ? { ...l, quantity: q } : l));
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
 * invalid are dropped and duplicate products merged, so one bad line never loses the others.
 */
export function decodeCart(stored: string | null | undefined): CartLine[] {
  if (!stored) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const merged = new Map<string, CartLine>();
  for (const item of raw) {
    const parsed = cartLineSchema.safeParse(
      item && typeof item === 'object' && 'quantity' in item
        ? { ...item, quantity: clampQuantity(Number((item as { quantity: unknown }).quantity)) }
        : item,
    );
    if (!parsed.success) continue;
    const line = parsed.data;
    const prev = merged.get(line.product.id);
    merged.set(
      line.product.id,
      prev ? { ...prev, quantity: clampQuantity(prev.quantity + line.quantity) } : line,
    );
  }
  return [...merged.values()];
}

/** Formats a count for a badge: '99+' above 99. */
export function formatBadgeCount(count: number, cap = 99): string {
  return count > cap ? `${cap}+` : String(count);
}
