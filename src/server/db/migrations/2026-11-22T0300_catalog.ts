import { sql, type Kysely } from 'kysely';
import { createRevisionTriggers, dropRevisionTriggers } from '../dialect';

/** Catalogue tables: products, categories, the catalogue revision counter and a meta table. Frozen. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('catalog_revision')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('catalog_revision').values({ id: 1, revision: 1 }).execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('featured', 'integer', (c) => c.notNull())
    .addColumn('gradient', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('sku', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('original_price_cents', 'integer')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('brand_logo', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('gallery', 'text', (c) => c.notNull())
    .addColumn('in_stock', 'integer', (c) => c.notNull())
    // Stock can never go negative, whatever the writer.
    .addColumn('stock_quantity', 'integer', (c) => c.check(sql`stock_quantity >= 0`))
    .addColumn('is_eco_friendly', 'integer', (c) => c.notNull())
    .addColumn('is_new', 'integer', (c) => c.notNull())
    .addColumn('is_popular', 'integer', (c) => c.notNull())
    .addColumn('request_quote_only', 'integer', (c) => c.notNull())
    .addColumn('rating', 'double precision', (c) => c.notNull())
    .addColumn('reviews', 'integer', (c) => c.notNull())
    .addColumn('features', 'text', (c) => c.notNull())
    .addColumn('technical_specs', 'text', (c) => c.notNull())
    .addColumn('certifications', 'text', (c) => c.notNull())
    .addColumn('usage_instructions', 'text', (c) => c.notNull())
    .addColumn('coverage', 'text', (c) => c.notNull())
    .addColumn('finish', 'text', (c) => c.notNull())
    .addColumn('visual', 'text')
    .addColumn('source_file', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_category_idx').on('products').column('category').execute();
  await db.schema.createIndex('products_source_position_idx').on('products').columns(['source_file', 'position']).execute();

  await createRevisionTriggers(db, 'products');
  await createRevisionTriggers(db, 'categories');
}

/** Removes the catalogue tables. */
export async function down(db: Kysely<any>): Promise<void> {
  await dropRevisionTriggers(db, 'categories');
  await dropRevisionTriggers(db, 'products');
  await db.schema.dropTable('products').execute();
  await db.schema.dropTable('categories').execute();
  await db.schema.dropTable('catalog_revision').execute();
  await db.schema.dropTable('meta').execute();
}
