import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../customers/customers.repository';
import type { MediaTable } from '../db/schema';

/** A media row as stored. */
export type MediaRow = Selectable<MediaTable>;

/** Records a stored image. */
export async function insertMedia(db: Db, row: Insertable<MediaTable>): Promise<void> {
  await db.insertInto('media').values(row).execute();
}

/** Images recorded before `before` (ISO 8601), oldest first. */
export function selectMediaCreatedBefore(db: Db, before: string): Promise<Pick<MediaRow, 'id' | 'url' | 'storage_key' | 'variants_json' | 'created_at'>[]> {
  return db.selectFrom('media').select(['id', 'url', 'storage_key', 'variants_json', 'created_at']).where('created_at', '<', before).orderBy('created_at').execute();
}

/** The image records with these ids (unknown ids left out). */
export async function selectMediaByIds(db: Db, ids: readonly string[]): Promise<Pick<MediaRow, 'id' | 'url' | 'storage_key' | 'variants_json' | 'created_at'>[]> {
  const rows: Pick<MediaRow, 'id' | 'url' | 'storage_key' | 'variants_json' | 'created_at'>[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    rows.push(...(await db.selectFrom('media').select(['id', 'url', 'storage_key', 'variants_json', 'created_at']).where('id', 'in', ids.slice(i, i + 500)).execute()));
  }
  return rows;
}

/** Removes an image's record; false when there was none (another process removed it first). */
export async function deleteMedia(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('media').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Every stored text that may name an image under `pathPrefix` (e.g. '/media/'): product images,
 * galleries and brand logos (withdrawn products too), category images, and the product images
 * old orders show.
 */
export async function selectImageReferences(db: Db, pathPrefix: string): Promise<string[]> {
  const pattern = `%${pathPrefix}%`;
  const products = await db
    .selectFrom('products')
    .select(['image', 'gallery', 'brand_logo'])
    .where((eb) => eb.or([eb('image', 'like', pattern), eb('gallery', 'like', pattern), eb('brand_logo', 'like', pattern)]))
    .execute();
  const categories = await db.selectFrom('categories').select('image').where('image', 'like', pattern).execute();
  const orderLines = await db.selectFrom('order_items').select('product_image').distinct().where('product_image', 'like', pattern).execute();
  return [
    ...products.flatMap((p) => [p.image, p.gallery, p.brand_logo]),
    ...categories.map((c) => c.image),
    ...orderLines.map((o) => o.product_image),
  ];
}
