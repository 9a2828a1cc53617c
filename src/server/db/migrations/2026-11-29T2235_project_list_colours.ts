import type { Kysely } from 'kysely';

/**
 * Colours on project list lines (issue #27 item 5 with issue 24's colours by code): the colour
 * system, code and name a line is to be tinted to (null when untinted); the same paint in two
 * colours is two lines of a list. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('project_list_items').addColumn('colour_system', 'text').execute();
  await db.schema.alterTable('project_list_items').addColumn('colour_code', 'text').execute();
  await db.schema.alterTable('project_list_items').addColumn('colour_name', 'text').execute();
}

/** Drops them. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['colour_name', 'colour_code', 'colour_system']) {
    await db.schema.alterTable('project_list_items').dropColumn(column).execute();
  }
}
