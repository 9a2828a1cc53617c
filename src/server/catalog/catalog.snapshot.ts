import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { selectCatalogRevision } from './catalog.repository';
import { listCatalog } from './catalog.service';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The body encodings the catalogue is kept in. */
export type CatalogEncoding = 'br' | 'gzip' | 'identity';

/** The serialised catalogue of one revision, ready to send. */
export interface CatalogSnapshot {
  /** Database revision it was read at. */
  revision: number;
  /** Content hash of products + categories: equal catalogues have equal versions, on any server. */
  version: string;
  /** The JSON body `{ products, categories, version }`, in each encoding. */
  bodies: Record<CatalogEncoding, Buffer>;
  /** Product count, for logs. */
  productCount: number;
}

/** Strong ETag of one encoding of a catalogue version (each encoding is its own representation). */
export function catalogEtag(version: string, encoding: CatalogEncoding): string {
  return encoding === 'identity' ? `"${version}"` : `"${version}-${encoding === 'br' ? 'br' : 'gz'}"`;
}

/** Whether an If-None-Match header names any encoding of `version` (weak comparison, RFC 9110 §13.1.2). */
export function matchesVersion(ifNoneMatch: string | null, version: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    return tag === '*' || tag === `"${version}"` || tag === `"${version}-br"` || tag === `"${version}-gz"`;
  });
}

/** Picks br, then gzip, then identity from an Accept-Encoding header (q=0 refuses a coding). */
export function pickEncoding(acceptEncoding: string | null): CatalogEncoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (coding: string) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

/** Builds the snapshot of the catalogue as it is at `revision`. */
async function buildSnapshot(db: Kysely<Database>, revision: number): Promise<CatalogSnapshot> {
  const catalog = await listCatalog(db);
  const content = JSON.stringify(catalog);
  const version = createHash('sha256').update(content).digest('base64url').slice(0, 22);
  // The body is the content plus its version, written by hand to avoid serialising twice.
  const json = Buffer.from(`${content.slice(0, -1)},"version":"${version}"}`);
  const [gz, br] = await Promise.all([
    gzipAsync(json, { level: 6 }),
    brotliAsync(json, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      },
    }),
  ]);
  return { revision, version, bodies: { identity: json, gzip: gz, br }, productCount: catalog.products.length };
}

/**
 * Keeps the serialised catalogue in memory, one per process, rebuilt only when the database
 * revision moves. The hot path is one tiny revision read and a string compare.
 */
export class CatalogSnapshotCache {
  #current: CatalogSnapshot | undefined;
  #building: Promise<CatalogSnapshot> | undefined;

  /** The snapshot of the current revision, building it when the catalogue has changed. */
  async get(db: Kysely<Database>): Promise<CatalogSnapshot> {
    const revision = await selectCatalogRevision(db);
    if (this.#current?.revision === revision) return this.#current;
    for (;;) {
      // Concurrent requests after a change share one rebuild.
      this.#building ??= buildSnapshot(db, revision)
        .then((snapshot) => {
          if (!this.#current || snapshot.revision >= this.#current.revision) this.#current = snapshot;
          return snapshot;
        })
        .finally(() => {
          this.#building = undefined;
        });
      const built = await this.#building;
      // A rebuild started before the change this request saw is not enough for it.
      if (built.revision >= revision) return built;
    }
  }

  /** Drops the cached snapshot (tests, or after a restore). */
  clear(): void {
    this.#current = undefined;
  }
}
