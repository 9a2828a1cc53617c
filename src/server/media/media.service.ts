import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ImageVariantName } from '../../lib/constants';
import { MEDIA_EXTENSION, MEDIA_PATH_PREFIX, mediaKey, mediaUrl } from '../../lib/media';
import { recordAudit, SYSTEM_ACTOR, type Actor } from '../audit/audit.service';
import type { Database } from '../db/schema';
import { processImage, type ProcessedImage } from './image-processing';
import type { Db } from '../customers/customers.repository';
import { deleteMedia, insertMedia, selectImageReferences, selectMediaByIds, selectMediaCreatedBefore, type MediaRow } from './media.repository';
import type { MediaStorage } from './media.storage';
import { fetchRemoteImage, type FetchRemoteImageOptions } from './remote-image';

/** Content type of every stored file. */
const STORED_TYPE = `image/${MEDIA_EXTENSION}`;

/** One stored variant as the API gives it. */
export interface MediaVariant {
  name: ImageVariantName;
  url: string;
  width: number;
  height: number;
}

/** A stored image as POST /api/admin/media answers it. */
export interface StoredMedia {
  id: string;
  /** What a product's image or gallery holds: `/media/<id>-<W>x<H>.webp`. */
  url: string;
  width: number;
  height: number;
  contentType: string;
  variants: MediaVariant[];
}

/** Where an image comes from: a file of a form, or an address the server downloads. */
export type ImageSource = { kind: 'file'; bytes: Uint8Array; filename: string } | { kind: 'url'; url: string };

/** Writes every file of a processed image under a new random id; on failure none is left behind. */
async function putFiles(storage: MediaStorage, image: ProcessedImage): Promise<{ id: string; keys: string[] }> {
  const id = randomBytes(16).toString('hex');
  const files = [
    { key: mediaKey(id, image.main), bytes: image.main.bytes },
    ...image.variants.map((v) => ({ key: mediaKey(id, image.main, v.name), bytes: v.bytes })),
  ];
  try {
    await Promise.all(files.map((f) => storage.put(f.key, f.bytes, STORED_TYPE)));
  } catch (err) {
    await removeFiles(storage, files.map((f) => f.key));
    throw err;
  }
  return { id, keys: files.map((f) => f.key) };
}

/** Deletes files, ignoring the ones that fail (a file left over costs only its space). */
export async function removeFiles(storage: MediaStorage, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}

/**
 * Adds an image for the back office: the file or the downloaded address is checked and
 * re-encoded (processImage), its files stored under a random name, and the record written with an
 * audit entry in one transaction. Errors are ApiErrors with the spec's messages.
 */
export async function addImage(
  db: Kysely<Database>,
  storage: MediaStorage,
  source: ImageSource,
  actor: Actor,
  options: FetchRemoteImageOptions,
  now: Date = new Date(),
): Promise<StoredMedia> {
  let bytes: Uint8Array;
  let sourceUrl: string | null = null;
  if (source.kind === 'url') {
    const fetched = await fetchRemoteImage(source.url, options);
    bytes = fetched.bytes;
    sourceUrl = fetched.url;
  } else {
    bytes = source.bytes;
  }
  const image = await processImage(bytes);
  const { id, keys } = await putFiles(storage, image);
  const media: StoredMedia = {
    id,
    url: mediaUrl(keys[0]!),
    width: image.main.width,
    height: image.main.height,
    contentType: STORED_TYPE,
    variants: image.variants.map((v, i) => ({ name: v.name, url: mediaUrl(keys[i + 1]!), width: v.width, height: v.height })),
  };
  const originalName = source.kind === 'file' ? source.filename.slice(0, 255) || null : null;
  try {
    await db.transaction().execute(async (trx) => {
      await insertMedia(trx, {
        id,
        storage_key: keys[0]!,
        url: media.url,
        content_type: STORED_TYPE,
        width: image.main.width,
        height: image.main.height,
        bytes: image.main.bytes.byteLength,
        variants_json: JSON.stringify(image.variants.map((v, i) => ({ name: v.name, key: keys[i + 1], width: v.width, height: v.height, bytes: v.bytes.byteLength }))),
        source_type: image.sourceType,
        source_width: image.source.width,
        source_height: image.source.height,
        original_name: originalName,
        source_url: sourceUrl,
        uploaded_by: actor.id,
        uploaded_by_name: actor.name,
        created_at: now.toISOString(),
      });
      await recordAudit(
        trx,
        actor,
        {
          action: 'media.upload',
          entityType: 'media',
          entityId: id,
          after: { url: media.url, variants: media.variants.map((v) => v.url), sourceType: image.sourceType, bytes: bytes.byteLength, originalName, sourceUrl },
        },
        now,
      );
    });
  } catch (err) {
    await removeFiles(storage, keys);
    throw err;
  }
  return media;
}

/** How long an image nobody uses is kept: a dialog still open must not lose what it uploaded. */
export const MEDIA_UNUSED_GRACE_MS = 24 * 3_600_000;
/** How often the cleanup runs while the server is up. */
export const MEDIA_CLEANUP_INTERVAL_MS = 60 * 60_000;

const REFERENCE = new RegExp(`${MEDIA_PATH_PREFIX.replace(/\//g, '\\/')}([0-9a-f]{32})-`, 'g');

/** The ids of the images these texts name (`/media/<id>-…` anywhere in them). */
export function mediaIdsIn(texts: Iterable<string | null>): Set<string> {
  const ids = new Set<string>();
  for (const text of texts) {
    if (text) for (const match of text.matchAll(REFERENCE)) ids.add(match[1]!);
  }
  return ids;
}

/** The ids of the images that stored texts name. */
async function referencedMediaIds(db: Db): Promise<Set<string>> {
  return mediaIdsIn(await selectImageReferences(db, MEDIA_PATH_PREFIX));
}

/** Every file key of a media record: the main file and its variants. */
function fileKeysOf(row: Pick<MediaRow, 'storage_key' | 'variants_json'>): string[] {
  return [row.storage_key, ...(JSON.parse(row.variants_json) as { key: string }[]).map((v) => v.key)];
}

/** Removes one image's record with its audit entry; false when another process removed it first. */
async function deleteMediaRecord(trx: Db, row: Pick<MediaRow, 'id' | 'url' | 'created_at'>, actor: Actor, now: Date): Promise<boolean> {
  if (!(await deleteMedia(trx, row.id))) return false;
  await recordAudit(trx, actor, { action: 'media.delete', entityType: 'media', entityId: row.id, before: { url: row.url, createdAt: row.created_at } }, now);
  return true;
}

/**
 * Inside the caller's transaction, removes the records of these images that nothing stored names
 * any more (audited as `actor`); resolves to their file keys, for removeFiles once it commits.
 */
export async function deleteMediaNoLongerNamed(trx: Db, ids: Iterable<string>, actor: Actor, now: Date): Promise<string[]> {
  const candidates = [...ids];
  if (candidates.length === 0) return [];
  const used = await referencedMediaIds(trx);
  const keys: string[] = [];
  for (const row of await selectMediaByIds(trx, candidates.filter((id) => !used.has(id)))) {
    if (await deleteMediaRecord(trx, row, actor, now)) keys.push(...fileKeysOf(row));
  }
  return keys;
}

/**
 * Removes images older than `graceMs` that no product (withdrawn ones included), category or
 * order line names any more: record (audited as the system), then files. Returns how many this call
 * removed (an image another process's sweep removed first is not counted or audited twice). Only
 * files a record names are ever deleted: another database may share the folder (the test servers
 * and a developer's shop both default to ./media), so a file without a record here is not an orphan.
 */
export async function removeUnusedMedia(db: Kysely<Database>, storage: MediaStorage, now: Date = new Date(), graceMs = MEDIA_UNUSED_GRACE_MS): Promise<number> {
  const before = new Date(now.getTime() - graceMs).toISOString();
  const used = await referencedMediaIds(db);
  let removed = 0;
  for (const row of await selectMediaCreatedBefore(db, before)) {
    if (used.has(row.id)) continue;
    // Every process sharing the database sweeps: the one whose delete finds the record removes it.
    const mine = await db.transaction().execute((trx) => deleteMediaRecord(trx, row, SYSTEM_ACTOR, now));
    if (!mine) continue;
    await removeFiles(storage, fileKeysOf(row));
    removed++;
  }
  return removed;
}
