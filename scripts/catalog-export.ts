// `npm run catalog:export`: writes the database catalogue back to content/products/*.json and
// content/categories.json (CONTENT_DIR) in their own format, so the next build bakes in staff changes,
// and records what it wrote as the content sync's base: deploying the files changes nothing.
import { relative } from 'node:path';
import { parseConfig, resolveDatabaseTarget, resolveDir } from '../src/server/config';
import { exportCatalogToContent } from '../src/server/catalog/catalog.service';
import { openDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';

async function main(): Promise<void> {
  const config = parseConfig(process.env);
  const handle = openDatabase(resolveDatabaseTarget(config.DATABASE_URL));
  try {
    // An export from a database the server never started still works: empty, but well-formed.
    await migrateToLatest(handle.db);
    const written = await exportCatalogToContent(handle.db, resolveDir(config.CONTENT_DIR));
    for (const path of written) console.log(`wrote ${relative(process.cwd(), path) || path}`);
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
