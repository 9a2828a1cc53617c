import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../../../src/server/audit/audit.service';
import { openDatabase, type DatabaseHandle } from '../../../../src/server/db/connection';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { addImage, removeUnusedMedia } from '../../../../src/server/media/media.service';
import { LocalMediaStorage } from '../../../../src/server/media/media.storage';

let handle: DatabaseHandle;
let dir: string;

beforeAll(async () => {
  handle = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'media-service-db-')), 'shop.db') });
  await migrateToLatest(handle.db);
  dir = join(mkdtempSync(join(tmpdir(), 'media-service-')), 'media');
});

afterAll(async () => {
  await handle?.close();
});

describe('removeUnusedMedia', () => {
  it('removes an unused image once when two processes sweep the same database and store at the same time', async () => {
    const storage = new LocalMediaStorage(dir);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#445566' } }).png().toBuffer();
    const media = await addImage(handle.db, storage, { kind: 'file', bytes: png, filename: 'swept.png' }, SYSTEM_ACTOR, { maxBytes: 1_000_000, allowedHosts: [] }, new Date('2026-01-01T00:00:00Z'));
    expect(readdirSync(dir)).toHaveLength(4);

    const removed = await Promise.all([removeUnusedMedia(handle.db, storage), removeUnusedMedia(handle.db, new LocalMediaStorage(dir))]);
    expect(removed[0] + removed[1]).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
    const audit = await handle.db.selectFrom('audit_log').select('action').where('entity_id', '=', media.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['media.upload', 'media.delete']);
  });
});
