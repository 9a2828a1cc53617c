import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Records that `productId` used `slug` before (upsert: the slug now leads to this product), and
 * forgets the product's current slug as a former one, so a slug can move back. Call it in the
 * transaction that changes the product's slug, after the update.
 */
export async function recordFormerSlug(db: Db, productId: string, slug: string, at: string): Promise<void> {
  await db
    .insertInto('product_former_slugs')
    .values({ slug, product_id: productId, created_at: at })
    .onConflict((oc) => oc.column('slug').doUpdateSet({ product_id: productId, created_at: at }))
    .execute();
  await db
    .deleteFrom('product_former_slugs')
    .where('slug', '<>', slug)
    .where('slug', '=', (eb) => eb.selectFrom('products').select('products.slug').where('products.id', '=', productId))
    .execute();
}

/** The current slug of the product that used `formerSlug`; undefined when none or withdrawn. */
export async function currentSlugFor(db: Db, formerSlug: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('product_former_slugs')
    .innerJoin('products', 'products.id', 'product_former_slugs.product_id')
    .select('products.slug')
    .where('product_former_slugs.slug', '=', formerSlug)
    // withdrawn_at comes with the admin products migration (2026-11-25T0100).
    .where(sql.ref('products.withdrawn_at'), 'is', null)
    .executeTakeFirst();
  return row?.slug;
}
