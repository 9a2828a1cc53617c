/** Brand helpers for the home page's logo marquee and brand tiles. */

/** The file stem of a brand's generated logo: lower-cased, each run of non-alphanumerics → '-'. */
export function slugifyBrand(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Distinct brand names of a product list, in order of first appearance. */
export function listBrands(products: readonly { brand: string }[]): string[] {
  return [...new Set(products.map((p) => p.brand.trim()).filter(Boolean))];
}
