import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The database lane the suite runs on. */
export type Lane = 'sqlite' | 'postgres';

/** The lane of this run: API_TEST_LANE, SQLite by default. */
export function currentLane(): Lane {
  return process.env.API_TEST_LANE === 'postgres' ? 'postgres' : 'sqlite';
}

/** The repository root (tests run from it). */
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '');

/** The build the servers run: SHOP_DIST_DIR or dist/. */
export function distDir(): string {
  return resolve(process.env.SHOP_DIST_DIR || join(ROOT, 'dist'));
}

/** The PostgreSQL cluster's admin URL (database `postgres`) of the postgres lane. */
function pgAdminUrl(): string {
  const url = process.env.API_TEST_PG_URL;
  if (!url) throw new Error('API_TEST_PG_URL is not set: run the suite through scripts/test-api.mjs');
  return url;
}

/**
 * A fresh, empty database of the current lane: a new SQLite file in a temporary folder, or a new
 * PostgreSQL database in the lane's cluster. Returns its DATABASE_URL.
 */
export async function createTestDatabase(): Promise<string> {
  if (currentLane() === 'sqlite') {
    return `file:${join(mkdtempSync(join(tmpdir(), 'shop-api-')), 'shop.db')}`;
  }
  const name = `shop_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: pgAdminUrl() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(pgAdminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** A DATABASE_URL of the current lane that cannot be reached. */
export function unreachableDatabaseUrl(): string {
  // No folder can be made under /dev/null, not even by root; port 9 on loopback has no PostgreSQL.
  return currentLane() === 'sqlite' ? 'file:/dev/null/shop/shop.db' : 'postgres://app@127.0.0.1:9/postgres';
}
