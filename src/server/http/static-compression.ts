import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { pickEncoding } from '../catalog/catalog.snapshot';
import { COMPRESSIBLE, compressBoth, MAX_COMPRESS_BYTES, MIN_COMPRESS_BYTES, readPrecompressed } from './precompressed';

/**
 * Brotli quality for a build file that was not compressed ahead (a build made without the
 * precompress integration, or a file changed since): compressing at start at quality 11 took 14.4
 * CPU-seconds for 269 files; quality 5 takes 0.2 s for bodies 10% larger.
 */
const FALLBACK_BROTLI_QUALITY = 5;

/**
 * Paths remembered per map, and the longest path remembered: a scan of made-up paths (up to the
 * 16 KB a request line may hold) otherwise filled both maps with 20,000 long keys each, about
 * 150 MB of heap after 9,000 requests of 7 KB paths, never given back.
 */
const MAX_REMEMBERED_PATHS = 20_000;
const MAX_REMEMBERED_PATH_LENGTH = 512;

/** Whether a map of remembered paths may take `pathname`. */
function mayRemember(map: Map<string, unknown>, pathname: string): boolean {
  return map.size < MAX_REMEMBERED_PATHS && pathname.length <= MAX_REMEMBERED_PATH_LENGTH;
}

/** Ceiling of compressed bytes kept in memory; past it files are served as they are. */
const MAX_CACHE_BYTES = 128 * 1024 * 1024;

/** One file of the build, compressed once. */
interface Entry {
  type: string;
  etagBase: string;
  lastModified: string;
  immutable: boolean;
  bodies?: { gzip: Buffer; br: Buffer };
  pending?: Promise<void>;
  failed?: boolean;
}

/**
 * Serves the build's text files (pages, CSS, JS, SVG...) gzip- or brotli-compressed from memory.
 * The build compressed them ahead (./precompressed): the first request for a file reads its
 * bodies, later ones are answered from memory; a file without them is compressed once, off the
 * event loop. For anything it does not handle (other types, missing files, clients without
 * compression) `serve` returns false and the edge serves the file from disk (./build-files).
 */
export class CompressedStaticFiles {
  readonly #clientDir: string;
  readonly #assetsPrefix: string;
  /** URL path → build file (null: not one this class serves). */
  readonly #paths = new Map<string, string | null>();
  /** Build file → its entry. */
  readonly #files = new Map<string, Entry>();
  #cachedBytes = 0;

  constructor(clientDir: string, assetsDir = '_astro') {
    this.#clientDir = resolve(clientDir);
    this.#assetsPrefix = join(this.#clientDir, assetsDir) + sep;
  }

  /** The build file a URL path names (`/` → index.html, `/about` → about.html), or undefined. */
  #resolve(pathname: string): { file: string; type: string } | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    if (decoded.includes('\0') || decoded.split('/').some((s) => s.startsWith('.'))) return undefined;
    const candidates = decoded === '/' ? ['/index.html'] : decoded.endsWith('/') ? [] : extname(decoded) ? [decoded] : [`${decoded}.html`];
    for (const candidate of candidates) {
      const file = resolve(join(this.#clientDir, candidate));
      if (!file.startsWith(this.#clientDir + sep)) return undefined;
      const type = COMPRESSIBLE[extname(file).toLowerCase()];
      if (type) return { file, type };
    }
    return undefined;
  }

  /** The entry of a build file, created (and its compression started) on first use; null when not served. */
  #entryOfFile(file: string, type: string): Entry | null {
    const known = this.#files.get(file);
    if (known) return known;
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return null;
    }
    if (!stat.isFile() || stat.size < MIN_COMPRESS_BYTES || stat.size > MAX_COMPRESS_BYTES) return null;
    const entry: Entry = {
      type,
      etagBase: `${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}`,
      lastModified: stat.mtime.toUTCString(),
      immutable: file.startsWith(this.#assetsPrefix),
    };
    entry.pending = this.#compress(file, stat.mtimeMs, entry);
    this.#files.set(file, entry);
    return entry;
  }

  /** The entry a URL path names, or null. */
  #entryOf(pathname: string): Entry | null {
    let file = this.#paths.get(pathname);
    if (file === undefined) {
      const target = this.#resolve(pathname);
      file = target && this.#entryOfFile(target.file, target.type) ? target.file : null;
      // Unknown paths are remembered too, up to a bound, so scans cannot grow the map without end.
      if (mayRemember(this.#paths, pathname)) this.#paths.set(pathname, file);
    }
    return file ? (this.#files.get(file) ?? null) : null;
  }

  /** Fills a file's entry: the bodies the build wrote beside it, or compressed now in the thread pool. */
  async #compress(file: string, mtimeMs: number, entry: Entry): Promise<void> {
    try {
      const bodies = (await readPrecompressed(file, mtimeMs)) ?? (await compressBoth(await readFile(file), FALLBACK_BROTLI_QUALITY));
      if (this.#cachedBytes + bodies.gzip.length + bodies.br.length > MAX_CACHE_BYTES) {
        entry.failed = true;
        return;
      }
      this.#cachedBytes += bodies.gzip.length + bodies.br.length;
      entry.bodies = bodies;
    } catch {
      entry.failed = true;
    } finally {
      entry.pending = undefined;
    }
  }

  /**
   * Answers a GET/HEAD for a compressible build file from memory, loading its compressed bodies on
   * the first request (a disk read when the build compressed it ahead); false when the caller
   * should serve it.
   */
  async serve(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
    return this.#send(req, res, pathname, 200);
  }

  /**
   * Answers a GET/HEAD with the build's not-found page (/404.html) and status 404, compressed from
   * memory: Astro streams that page from disk uncompressed (138 KB, eight times the event-loop
   * time of a page), which a scan of made-up paths would make the cheapest way to load the server.
   * False when the caller should answer (no compression accepted, or no such page in the build).
   */
  async serveNotFound(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    return this.#send(req, res, '/404', 404);
  }

  async #send(req: IncomingMessage, res: ServerResponse, pathname: string, status: 200 | 404): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const acceptEncoding = req.headers['accept-encoding'];
    const encoding = pickEncoding(typeof acceptEncoding === 'string' ? acceptEncoding : null);
    if (encoding === 'identity' || req.headers.range) return false;
    const entry = this.#entryOf(pathname);
    if (entry?.pending) await entry.pending;
    if (!entry?.bodies) return false;
    const body = entry.bodies[encoding];
    if (status === 404) {
      res.writeHead(404, { 'content-type': entry.type, 'cache-control': 'no-cache', vary: 'Accept-Encoding', 'content-encoding': encoding, 'content-length': body.byteLength });
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    }
    const etag = `W/"${entry.etagBase}-${encoding === 'br' ? 'br' : 'gz'}"`;
    const headers: Record<string, string | number> = {
      'content-type': entry.type,
      'cache-control': entry.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0',
      etag,
      'last-modified': entry.lastModified,
      vary: 'Accept-Encoding',
    };
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    headers['content-encoding'] = encoding;
    headers['content-length'] = body.byteLength;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  /** Resolves once every compression started so far has finished (tests, warm-up). */
  async settle(): Promise<void> {
    await Promise.all([...this.#files.values()].map((e) => e.pending));
  }
}
