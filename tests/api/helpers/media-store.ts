import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../../../src/server/config';
import { createMediaStorage, s3SettingsOf, type MediaStorage } from '../../../src/server/media/media.storage';
import { createS3Client } from '../../../src/server/storage/object-store';
import { currentLane } from './lane';

/** Where a test server keeps its images. */
export type MediaStoreKind = 'local' | 's3';

/**
 * The media store of this lane's media tests: API_TEST_MEDIA_STORE when set, else the local folder on
 * SQLite and S3 on PostgreSQL, so every media test runs against both stores without running twice.
 */
export function currentMediaStore(): MediaStoreKind {
  const forced = process.env.API_TEST_MEDIA_STORE;
  if (forced === 'local' || forced === 's3') return forced;
  return currentLane() === 'postgres' ? 's3' : 'local';
}

/** The s3rver scripts/test-api.mjs started for the run. */
export function s3Endpoint(): string {
  const endpoint = process.env.API_TEST_S3_ENDPOINT;
  if (!endpoint) throw new Error('API_TEST_S3_ENDPOINT is not set (or its server did not start): run the suite through scripts/test-api.mjs');
  return endpoint;
}

/** A fresh, empty media store for one test server (or several sharing it). */
export interface TestMediaStore {
  kind: MediaStoreKind;
  /** The settings that point a server at it. */
  env: Record<string, string>;
  /** A name of it that a path could try to reach (the folder's or the bucket's). */
  name: string;
  /** The store as the server sees it, for calling services directly. */
  storage: MediaStorage;
  /** Every key stored. */
  keys(): Promise<string[]>;
  /** Stores an object behind the server's back (as another shop sharing the store would). */
  write(key: string, bytes: Uint8Array): Promise<void>;
  /** Whether a key is stored. */
  has(key: string): Promise<boolean>;
}

/** The settings of a new bucket of the run's s3rver (made here: the server expects it to exist). */
export async function createTestBucket(): Promise<Record<string, string>> {
  const bucket = `shop-${randomBytes(6).toString('hex')}`;
  const env = {
    MEDIA_STORE: 's3',
    S3_ENDPOINT: s3Endpoint(),
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = createS3Client(s3SettingsOf(parseConfig(env)));
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
  return env;
}

/** A fresh media store of `kind` (the lane's by default): a new folder, or a new bucket. */
export async function createTestMediaStore(kind: MediaStoreKind = currentMediaStore()): Promise<TestMediaStore> {
  if (kind === 'local') {
    const dir = mkdtempSync(join(tmpdir(), 'shop-media-'));
    const env = { MEDIA_DIR: dir };
    return {
      kind,
      env,
      name: dir.split('/').pop()!,
      storage: createMediaStorage(parseConfig(env)),
      keys: async () => readdirSync(dir).filter((name) => !name.startsWith('.')),
      write: async (key, bytes) => writeFileSync(join(dir, key), bytes),
      has: async (key) => existsSync(join(dir, key)),
    };
  }
  const env = await createTestBucket();
  const storage = createMediaStorage(parseConfig(env));
  const keys = async () => {
    const found: string[] = [];
    for await (const item of storage.list()) found.push(item.key);
    return found;
  };
  return {
    kind,
    env,
    name: env.S3_BUCKET!,
    storage,
    keys,
    write: (key, bytes) => storage.put(key, bytes, 'image/webp'),
    has: async (key) => (await storage.stat(key)) !== undefined,
  };
}
