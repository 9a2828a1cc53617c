// `npm run db:migrate`: brings the database of DATABASE_URL to the latest migration (the server
// also does this at start). Prints what ran; exit code 1 with one line on failure.
import { parseConfig, resolveDatabaseTarget } from '../src/server/config';
import { openDatabase } from '../src/server/db/connection';
import { listMigrations, migrateToLatest } from '../src/server/db/migrate';

async function main(): Promise<void> {
  const config = parseConfig(process.env);
  const target = resolveDatabaseTarget(config.DATABASE_URL);
  const handle = openDatabase(target);
  try {
    const ran = await migrateToLatest(handle.db);
    const all = await listMigrations(handle.db);
    const where = target.kind === 'sqlite' ? target.file : 'PostgreSQL';
    console.log(ran.length ? `Applied ${ran.length} migration(s) to ${where}: ${ran.join(', ')}` : `${where} is up to date (${all.length} migration(s)).`);
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
