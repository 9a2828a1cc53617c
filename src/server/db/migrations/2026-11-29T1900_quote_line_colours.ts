import type { Kysely } from 'kysely';

/**
 * Colours on quote lines (issue #27 item 1 with issue 24's colours by code): the colour system,
 * code and name a quoted line is tinted to, null when untinted. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('quote_lines').addColumn('colour_system', 'text').execute();
  await db.schema.alterTable('quote_lines').addColumn('colour_code', 'text').execute();
  await db.schema.alterTable('quote_lines').addColumn('colour_name', 'text').execute();
}

/** Drops them. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['colour_name', 'colour_code', 'colour_system']) {
    await db.schema.alterTable('quote_lines').dropColumn(column).execute();
  }
}
