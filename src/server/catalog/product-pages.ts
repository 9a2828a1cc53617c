import type { Kysely } from 'kysely';
import { slugSchema, type Product } from '../../lib/schemas/catalog';
import type { Database } from '../db/schema';
import { selectCatalogRevision, selectLiveProductBySlug } from './catalog.repository';
import { rowToProduct } from './catalog.rows';
import { currentSlugFor } from './product-slugs.repository';

/** What /shop/<slug> shows: the product, a 301 to its current slug, or the not-found page. */
export type ProductPageLookup =
  | { kind: 'product'; product: Product }
  | { kind: 'moved'; slug: string }
  | { kind: 'missing' };

/** Product pages kept per revision; past it the oldest go first (the shop plans for 10,000 products). */
export const PRODUCT_PAGE_CACHE_MAX = 20_000;
// Longer than any slug the product form accepts: such a path is not looked up.
const MAX_SLUG_LENGTH = 200;

const MISSING: ProductPageLookup = { kind: 'missing' };

/**
 * The product of each /shop/<slug>, read from the database on first view and kept until the
 * catalogue revision moves (any product or category change bumps it), so an edit, a new product
 * or a withdrawal shows at the next view. Unknown slugs are not kept: guessing cannot fill memory.
 */
export class ProductPageCache {
  #revision: number | undefined;
  #entries = new Map<string, ProductPageLookup>();
  readonly #max: number;

  constructor(max = PRODUCT_PAGE_CACHE_MAX) {
    this.#max = max;
  }

  /** What /shop/<slug> shows at the current revision. */
  async lookup(db: Kysely<Database>, slug: string): Promise<ProductPageLookup> {
    if (slug.length > MAX_SLUG_LENGTH || !slugSchema.safeParse(slug).success) return MISSING;
    const revision = await selectCatalogRevision(db);
    if (revision !== this.#revision) {
      this.#entries.clear();
      this.#revision = revision;
    }
    const known = this.#entries.get(slug);
    if (known) return known;
    const found = await readProductPage(db, slug);
    // A lookup that began before a change may not be kept under the revision that followed it.
    if (found.kind !== 'missing' && this.#revision === revision) {
      if (this.#entries.size >= this.#max) this.#entries.delete(this.#entries.keys().next().value!);
      this.#entries.set(slug, found);
    }
    return found;
  }

  /** Forgets every page (tests, or after a restore). */
  clear(): void {
    this.#revision = undefined;
    this.#entries.clear();
  }
}

/** Reads what /shop/<slug> shows: the product on sale with that slug, else where a former slug leads. */
async function readProductPage(db: Kysely<Database>, slug: string): Promise<ProductPageLookup> {
  const row = await selectLiveProductBySlug(db, slug);
  if (row) return { kind: 'product', product: rowToProduct(row) };
  const current = await currentSlugFor(db, slug);
  return current ? { kind: 'moved', slug: current } : MISSING;
}

/** The product pages of this process. */
export const productPageCache = new ProductPageCache();
