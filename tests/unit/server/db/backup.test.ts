import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src/server/db/connection';
import { backupShop, readManifest, restoreShop } from '../../../../src/server/db/backup';
import { migrateToLatest } from '../../../../src/server/db/migrate';

let scratch: string;
let source: string;
let mediaDir: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'backup-unit-'));
  source = join(scratch, 'shop.db');
  const handle = openDatabase({ kind: 'sqlite', file: source });
  await migrateToLatest(handle.db);
  await sql`INSERT INTO meta (key, value, updated_at) VALUES ('backup-test', 'kept', '2026-11-29T00:00:00Z')`.execute(handle.db);
  await handle.close();
  mediaDir = join(scratch, 'media');
  mkdirSync(mediaDir);
  writeFileSync(join(mediaDir, '0123456789abcdef0123456789abcdef-64x48.webp'), 'image bytes');
  // A store's unfinished write: not part of the backup.
  writeFileSync(join(mediaDir, '.0123456789abcdef0123456789abcdef-64x48.webp.1.tmp'), 'half');
});

/** A fresh backup of the source database and media folder. */
function backUp(at = new Date('2026-11-29T04:00:00Z')) {
  return backupShop({ target: { kind: 'sqlite', file: source }, mediaDir, backupDir: join(scratch, 'backups'), now: () => at });
}

describe('backupShop and restoreShop (SQLite)', () => {
  it('writes the copy, the media files (not unfinished writes) and a manifest with the hash, into a timestamped folder', async () => {
    const { folder, manifest } = await backUp();
    expect(folder).toBe(join(scratch, 'backups', 'shop-2026-11-29T04-00-00Z'));
    expect(manifest).toMatchObject({ format: 'graphene-coatings-backup/1', database: { kind: 'sqlite', file: 'shop.db', orders: 0 }, media: { folder: 'media', files: 1 } });
    expect(manifest.database.migrations.length).toBeGreaterThan(10);
    expect(JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'))).toEqual(manifest);
    // A second backup in the same second gets a folder of its own.
    expect((await backUp()).folder).toBe(`${folder}-2`);
  });

  it('restores into an empty place; refuses a database or media folder in use unless forced', async () => {
    const { folder } = await backUp(new Date('2026-11-29T05:00:00Z'));
    const target = join(scratch, 'restored', 'shop.db');
    const restoredMedia = join(scratch, 'restored-media');
    await restoreShop({ from: folder, target: { kind: 'sqlite', file: target }, mediaDir: restoredMedia });
    const handle = openDatabase({ kind: 'sqlite', file: target });
    const rows = await sql<{ value: string }>`SELECT value FROM meta WHERE key = 'backup-test'`.execute(handle.db);
    await handle.close();
    expect(rows.rows).toEqual([{ value: 'kept' }]);
    expect(readFileSync(join(restoredMedia, '0123456789abcdef0123456789abcdef-64x48.webp'), 'utf8')).toBe('image bytes');

    await expect(restoreShop({ from: folder, target: { kind: 'sqlite', file: target }, mediaDir: join(scratch, 'other-media') })).rejects.toThrow(/already holds a database/);
    await expect(restoreShop({ from: folder, target: { kind: 'sqlite', file: join(scratch, 'fresh.db') }, mediaDir: restoredMedia })).rejects.toThrow(/is not empty/);
    await expect(restoreShop({ from: folder, target: { kind: 'sqlite', file: target }, mediaDir: restoredMedia, force: true })).resolves.toMatchObject({ database: { kind: 'sqlite' } });
  });

  it('refuses a folder whose database differs from its manifest, and a backup of the other engine', async () => {
    const { folder } = await backUp(new Date('2026-11-29T06:00:00Z'));
    await expect(restoreShop({ from: folder, target: { kind: 'postgres', url: 'postgres://app@127.0.0.1:9/none' }, mediaDir: join(scratch, 'pg-media') })).rejects.toThrow(
      'The backup is of sqlite; DATABASE_URL names postgres.',
    );
    appendFileSync(join(folder, 'shop.db'), 'x');
    await expect(readManifest(folder)).rejects.toThrow(/differs from the manifest/);
  });
});
