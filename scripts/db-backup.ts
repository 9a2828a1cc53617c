// `npm run db:backup`: a consistent copy of the database of DATABASE_URL while the shop serves
// (SQLite: VACUUM INTO; PostgreSQL: pg_dump, which must be on PATH), with the local media folder
// and a manifest, in a new timestamped folder under BACKUP_DIR (or `--out DIR`). Prints the folder;
// exit code 1 with one line on failure.
import { parseConfig, resolveDatabaseTarget, resolveDir } from '../src/server/config';
import { backupShop } from '../src/server/db/backup';

async function main(): Promise<void> {
  const config = parseConfig(process.env);
  const args = process.argv.slice(2);
  const out = args.includes('--out') ? args[args.indexOf('--out') + 1] : undefined;
  if (args.includes('--out') && !out) throw new Error('--out needs a folder.');
  const { folder, manifest } = await backupShop({
    target: resolveDatabaseTarget(config.DATABASE_URL),
    mediaDir: resolveDir(config.MEDIA_DIR),
    backupDir: resolveDir(out ?? config.BACKUP_DIR),
  });
  const media = manifest.media ? `, ${manifest.media.files} media file(s)` : ', no media folder';
  console.log(`Backed up ${manifest.database.kind} (${manifest.database.orders} order(s), ${manifest.database.migrations.length} migration(s)${media}) to ${folder}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
