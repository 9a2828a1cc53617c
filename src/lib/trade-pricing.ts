/**
 * Trade prices (issue 27), pure so the server that charges and the pages that show prices compute
 * them alike. A customer's unit price of a product at a quantity is the LOWEST of: the list price,
 * the list less the account's discount, the account's fixed price, and the account's best tier the
 * quantity reaches. Lowest wins so that adding a term can never raise what a customer pays. A
 * product's public tiers count as tiers of every customer (withPublicTiers), guests included.
 */

/** One quantity tier: from `minQuantity` units, each costs `unitCents`. */
export interface PriceTier {
  minQuantity: number;
  unitCents: number;
}

/** What a customer's account says about one product's price. */
export interface ProductPriceTerms {
  /** Discount off the list in basis points (1250 = 12.5%). */
  discountBp: number;
  /** The account's fixed unit price, if any. */
  fixedCents: number | null;
  /** The account's tiers, any order. */
  tiers: readonly PriceTier[];
}

/** Which rule gave a unit price. */
export type PriceSource = 'list' | 'discount' | 'fixed' | 'tier';

/** A unit price and the rule that gave it (`minQuantity` for a tier). */
export interface UnitPrice {
  unitCents: number;
  source: PriceSource;
  minQuantity?: number;
}

/** The list less a discount in basis points, rounded half up to the cent. */
export function discountedCents(listCents: number, discountBp: number): number {
  return Math.round((listCents * (10_000 - discountBp)) / 10_000);
}

/** The unit price of a product listed at `listCents` bought `quantity` at a time under `terms` (the list without). Ties keep the earlier rule. */
export function tradeUnitPrice(listCents: number, quantity: number, terms: ProductPriceTerms | undefined): UnitPrice {
  let best: UnitPrice = { unitCents: listCents, source: 'list' };
  if (!terms) return best;
  const offer = (candidate: UnitPrice) => {
    if (candidate.unitCents < best.unitCents) best = candidate;
  };
  if (terms.discountBp > 0) offer({ unitCents: discountedCents(listCents, terms.discountBp), source: 'discount' });
  if (terms.fixedCents !== null) offer({ unitCents: terms.fixedCents, source: 'fixed' });
  for (const tier of [...terms.tiers].sort((a, b) => a.minQuantity - b.minQuantity)) {
    if (quantity >= tier.minQuantity) offer({ unitCents: tier.unitCents, source: 'tier', minQuantity: tier.minQuantity });
  }
  return best;
}

/** No trade account: only the product's public tiers apply. */
const NO_TERMS: ProductPriceTerms = { discountBp: 0, fixedCents: null, tiers: [] };

/**
 * A customer's terms for a product with the product's public tiers added (they apply to every
 * shopper, guests included); undefined when there is neither a trade account nor a public tier.
 */
export function withPublicTiers(terms: ProductPriceTerms | undefined, publicTiers: readonly PriceTier[]): ProductPriceTerms | undefined {
  if (publicTiers.length === 0) return terms;
  const own = terms ?? NO_TERMS;
  return { ...own, tiers: [...own.tiers, ...publicTiers] };
}

/** A customer's price of one product as GET /api/account/prices gives it. */
export interface OwnPrice {
  unitCents: number;
  listCents: number;
  tiers: readonly PriceTier[];
}

/** The unit price in cents of `quantity` units at a customer's own price: the best tier reached, else the unit price. */
export function ownUnitCentsAt(price: OwnPrice, quantity: number): number {
  return price.tiers.reduce((best, tier) => (quantity >= tier.minQuantity && tier.unitCents < best ? tier.unitCents : best), price.unitCents);
}
