// `npm run db:restore -- <folder> [--force]`: restores a folder made by db:backup into the database
// of DATABASE_URL and MEDIA_DIR (PostgreSQL: pg_restore, which must be on PATH). Refuses a database
// with tables or a media folder with files unless --force. Stop the shop on the target first.
// Exit code 1 with one line on failure.
import { parseConfig, resolveDatabaseTarget, resolveDir } from '../src/server/config';
import { restoreShop } from '../src/server/db/backup';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const folders = args.filter((a) => a !== '--force');
  if (folders.length !== 1) throw new Error('Usage: npm run db:restore -- <backup folder> [--force]');
  const config = parseConfig(process.env);
  const target = resolveDatabaseTarget(config.DATABASE_URL);
  const manifest = await restoreShop({ from: resolveDir(folders[0]!), target, mediaDir: resolveDir(config.MEDIA_DIR), force });
  const where = target.kind === 'sqlite' ? target.file : 'PostgreSQL';
  console.log(`Restored the backup of ${manifest.startedAt} (${manifest.database.orders} order(s)${manifest.media ? `, ${manifest.media.files} media file(s)` : ''}) into ${where}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
