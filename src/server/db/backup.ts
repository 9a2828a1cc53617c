import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseTarget } from '../config';

/** The manifest's format name: a restore refuses a folder of another format. */
export const BACKUP_FORMAT = 'graphene-coatings-backup/1';
/** The manifest's file name in a backup folder. */
export const MANIFEST_FILE = 'manifest.json';
/** The SQLite copy's file name in a backup folder. */
const SQLITE_FILE = 'shop.db';
/** The pg_dump archive's file name in a backup folder. */
const POSTGRES_FILE = 'database.dump';
/** The media copy's folder name in a backup folder. */
const MEDIA_FOLDER = 'media';

/** What a backup folder holds, written last (a folder without it is an unfinished backup). */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  /** When the database copy began (ISO 8601): everything committed before is in it. */
  startedAt: string;
  /** When the backup ended. */
  finishedAt: string;
  database: {
    kind: 'sqlite' | 'postgres';
    /** The file in the folder: a SQLite database or a pg_dump custom-format archive. */
    file: string;
    bytes: number;
    sha256: string;
    /** The migrations applied to the copied database, oldest first. */
    migrations: string[];
    /** Orders in the copy (a figure to compare after a restore). */
    orders: number;
  };
  /** The local media folder's copy (null when there is none). */
  media: { folder: string; files: number; bytes: number } | null;
}

/** What backupShop needs. */
export interface BackupOptions {
  target: DatabaseTarget;
  /** The local media folder (MEDIA_DIR); copied when it exists. */
  mediaDir: string;
  /** Where the timestamped backup folder is made (BACKUP_DIR). */
  backupDir: string;
  /** The pg_dump binary (PostgreSQL only). */
  pgDump?: string;
  now?: () => Date;
}

/** What restoreShop needs. */
export interface RestoreOptions {
  /** The backup folder (with its manifest). */
  from: string;
  target: DatabaseTarget;
  mediaDir: string;
  /** Overwrite a database or media folder that is not empty. */
  force?: boolean;
  /** The pg_restore binary (PostgreSQL only). */
  pgRestore?: string;
}

/** A backup or restore that cannot go on, with the one line a person reads. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** SHA-256 of a file, hex. */
async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Runs a program to its end; rejects with its standard error when it fails. */
function run(program: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (err) => reject(new BackupError(`${basename(program)} could not be run: ${err.message}`)));
    child.once('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`${basename(program)} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/**
 * A PostgreSQL URL as libpq takes it, and the password apart (in PGPASSWORD, so it shows in no
 * process list).
 */
function libpqArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** The stored files of a folder, recursively (names starting with '.' are a store's unfinished writes). */
async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = join(prefix, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(dir, path)));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

/** Copies the files of `from` into `to` (made as needed); returns how many and their bytes. */
async function copyFiles(from: string, to: string): Promise<{ files: number; bytes: number }> {
  let bytes = 0;
  const files = await listFiles(from);
  for (const file of files) {
    await mkdir(dirname(join(to, file)), { recursive: true });
    await copyFile(join(from, file), join(to, file));
    bytes += (await stat(join(to, file))).size;
  }
  return { files: files.length, bytes };
}

/** Applied migrations and orders of a SQLite file. */
function describeSqlite(file: string): { migrations: string[]; orders: number } {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`The copy of the database failed its integrity check: ${String(check)}`);
    const migrations = (db.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as { name: string }[]).map((r) => r.name);
    const orders = (db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n;
    return { migrations, orders };
  } finally {
    db.close();
  }
}

/** Applied migrations and orders of a PostgreSQL database, read in one snapshot. */
async function describePostgres(url: string): Promise<{ migrations: string[]; orders: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const migrations = (await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name')).rows.map((r) => r.name);
    const orders = Number((await client.query<{ n: string }>('SELECT COUNT(*) AS n FROM orders')).rows[0]!.n);
    return { migrations, orders };
  } finally {
    await client.end();
  }
}

/** A folder name for a backup begun at `at`: shop-2026-11-29T04-00-00Z. */
function folderNameOf(at: Date): string {
  return `shop-${at.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')}`;
}

/**
 * Backs the shop up into a new timestamped folder under `backupDir` while it serves: SQLite by
 * VACUUM INTO (one read transaction: a consistent copy of every commit before it began, writers
 * not held up under WAL), PostgreSQL by pg_dump's custom format (one snapshot); then the local
 * media folder, and the manifest last. Returns the folder.
 */
export async function backupShop(options: BackupOptions): Promise<{ folder: string; manifest: BackupManifest }> {
  const now = options.now ?? (() => new Date());
  const startedAt = now();
  let folder = join(options.backupDir, folderNameOf(startedAt));
  for (let n = 2; existsSync(folder); n++) folder = join(options.backupDir, `${folderNameOf(startedAt)}-${n}`);
  await mkdir(folder, { recursive: true });

  let database: BackupManifest['database'];
  if (options.target.kind === 'sqlite') {
    if (options.target.file === ':memory:' || !existsSync(options.target.file)) throw new BackupError(`No SQLite database at ${options.target.file}.`);
    const copy = join(folder, SQLITE_FILE);
    const source = new BetterSqlite3(options.target.file, { fileMustExist: true });
    try {
      // The shop's own writes take their turn: the copy waits for a writer rather than failing.
      source.pragma('busy_timeout = 10000');
      source.prepare('VACUUM INTO ?').run(copy);
    } finally {
      source.close();
    }
    database = { kind: 'sqlite', file: SQLITE_FILE, bytes: (await stat(copy)).size, sha256: await hashFile(copy), ...describeSqlite(copy) };
  } else {
    const dump = join(folder, POSTGRES_FILE);
    const { dbname, env } = libpqArgs(options.target.url);
    // Described first: the dump's snapshot is later, so it holds at least these orders.
    const described = await describePostgres(options.target.url);
    await run(options.pgDump ?? 'pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${dump}`, `--dbname=${dbname}`], env);
    database = { kind: 'postgres', file: POSTGRES_FILE, bytes: (await stat(dump)).size, sha256: await hashFile(dump), ...described };
  }

  const media = existsSync(options.mediaDir) ? { folder: MEDIA_FOLDER, ...(await copyFiles(options.mediaDir, join(folder, MEDIA_FOLDER))) } : null;
  const manifest: BackupManifest = { format: BACKUP_FORMAT, startedAt: startedAt.toISOString(), finishedAt: now().toISOString(), database, media };
  await writeFile(join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return { folder, manifest };
}

/** Reads and checks a backup folder's manifest. */
export async function readManifest(folder: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(folder, MANIFEST_FILE), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${folder} is not a finished backup (no readable ${MANIFEST_FILE}).`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${folder} is a backup of another format (${String(manifest.format)}).`);
  const file = join(folder, manifest.database.file);
  if (!existsSync(file) || (await hashFile(file)) !== manifest.database.sha256) throw new BackupError(`${file} is missing or differs from the manifest.`);
  return manifest;
}

/** Whether a SQLite file holds any table. */
function sqliteHasTables(file: string): boolean {
  if (!existsSync(file) || statSync(file).size === 0) return false;
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number }).n > 0;
  } finally {
    db.close();
  }
}

/** Tables in the public schema of a PostgreSQL database. */
async function postgresTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>("SELECT COUNT(*) AS n FROM pg_tables WHERE schemaname = 'public'")).rows[0]!.n);
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup folder into the configured database and media folder, which must be empty
 * (no table; no file) unless `force`. The shop must not be running on the target meanwhile.
 */
export async function restoreShop(options: RestoreOptions): Promise<BackupManifest> {
  const manifest = await readManifest(options.from);
  if (manifest.database.kind !== options.target.kind) {
    throw new BackupError(`The backup is of ${manifest.database.kind}; DATABASE_URL names ${options.target.kind}.`);
  }
  const mediaFiles = await listFiles(options.mediaDir);
  if (options.target.kind === 'sqlite') {
    if (options.target.file === ':memory:') throw new BackupError('Cannot restore into :memory:.');
    if (!options.force && sqliteHasTables(options.target.file)) {
      throw new BackupError(`${options.target.file} already holds a database: restore into an empty place, or pass --force to replace it.`);
    }
  } else if (!options.force && (await postgresTableCount(options.target.url)) > 0) {
    throw new BackupError('The PostgreSQL database of DATABASE_URL already has tables: restore into an empty database, or pass --force to replace them.');
  }
  if (!options.force && manifest.media && mediaFiles.length > 0) {
    throw new BackupError(`${options.mediaDir} is not empty: restore into an empty folder, or pass --force to replace its files.`);
  }

  const source = join(options.from, manifest.database.file);
  if (options.target.kind === 'sqlite') {
    const file = options.target.file;
    await mkdir(dirname(file), { recursive: true });
    const temporary = `${file}.restoring-${process.pid}`;
    try {
      await copyFile(source, temporary);
      // A replaced database's write-ahead log belongs to it, not to the restored copy.
      await rm(`${file}-wal`, { force: true });
      await rm(`${file}-shm`, { force: true });
      await rename(temporary, file);
    } finally {
      await rm(temporary, { force: true });
    }
  } else {
    const { dbname, env } = libpqArgs(options.target.url);
    const clean = options.force ? ['--clean', '--if-exists'] : [];
    await run(options.pgRestore ?? 'pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...clean, `--dbname=${dbname}`, source], env);
  }

  if (manifest.media) {
    if (options.force) for (const file of mediaFiles) await rm(join(options.mediaDir, file), { force: true });
    await mkdir(options.mediaDir, { recursive: true });
    await copyFiles(join(options.from, manifest.media.folder), options.mediaDir);
  }
  return manifest;
}
