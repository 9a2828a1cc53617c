// `npm run catalog:sync [-- --dry-run]`: merges content/ (CONTENT_DIR) into the database catalogue as
// every server start does (three-way, per field; conflicts recorded for staff), and prints each
// change. With --dry-run it prints what it would do and writes nothing.
import { parseConfig, resolveDatabaseTarget, resolveDir } from '../src/server/config';
import { syncCatalogFromContent, type ContentSyncChange } from '../src/server/catalog/content-sync.service';
import { openDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';

/** One change as a line: 'update product diamond-1: price, description'. */
function describe(change: ContentSyncChange): string {
  const detail = change.reason ?? change.fields?.join(', ');
  return `${change.kind.padEnd(8)} ${change.entity} ${change.id}${detail ? `: ${detail}` : ''}`;
}

async function main(): Promise<void> {
  const dryRun = process.argv.includes('--dry-run');
  const config = parseConfig(process.env);
  const handle = openDatabase(resolveDatabaseTarget(config.DATABASE_URL));
  try {
    await migrateToLatest(handle.db);
    const result = await syncCatalogFromContent(handle.db, resolveDir(config.CONTENT_DIR), { dryRun });
    for (const change of result.changes) console.log(describe(change));
    const { products: p, categories: c } = result;
    console.log(
      `${dryRun ? 'would apply' : 'applied'}: products ${p.created} created, ${p.updated} updated, ${p.withdrawn} withdrawn, ${p.restored} restored; ` +
        `categories ${c.created} created, ${c.updated} updated, ${c.removed} removed; ` +
        `${result.conflicts.new} new conflict(s), ${result.conflicts.open} open; ${result.skipped} skipped`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
