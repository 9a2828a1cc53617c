/** The brands of a product list. */

/** Distinct brand names of a product list, trimmed, blanks left out, in order of first appearance. */
export function listBrands(products: readonly { brand: string }[]): string[] {
  return [...new Set(products.map((p) => p.brand.trim()).filter(Boolean))];
}
