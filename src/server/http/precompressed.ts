/**
 * The build's text files compressed ahead: `npm run build` writes `<file>.br` (brotli, quality by
 * kind: brotliQualityFor) and `<file>.gz` (gzip -9) beside each page, style, script, SVG, JSON and
 * XML file of dist/client, and the server reads those instead of compressing at start. No request
 * is ever answered uncompressed for want of time, and a start costs no CPU on compression.
 * Siblings already there (the media generator writes them for the product art, and keeps them
 * between builds) are kept when they decode to the file's bytes.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants as zlibConstants, gunzip, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const gunzipAsync = promisify(gunzip);
const brotliDecompressAsync = promisify(brotliDecompress);

/** Text types worth compressing, by extension. */
export const COMPRESSIBLE: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Brotli quality at build, by kind of file. CPU per file and total size, measured on the
 * 10,000-product build (bench/catalog-generate.mjs):
 * - scripts and styles (69 files, 1.0 MB): quality 11 gives 249 KB for 28 ms a file, 10 gives
 *   254 KB for 11 ms. A few dozen files every page loads, cached for a year: 11.
 * - pages (33 files, 7.3 MB): 11 gives 444 KB for 232 ms a file, 10 gives 455 KB for 71 ms, 9
 *   484 KB for 26 ms. 10 keeps almost all of 11's gain at a third of its cost.
 * - product art (three SVGs per product, 30,000 files and 550 MB at 10,000 products): 10 gives
 *   1,477 KB per 300 files for 10.3 ms a file (300 CPU-seconds for the catalogue, most of a
 *   31-minute build), 5 gives 1,695 KB for 1.0 ms, 11 1,464 KB for 28.5 ms; 9 is slower than 10
 *   (16 ms) for nothing. The only files whose count grows with the catalogue: 5 (the media
 *   generator compresses them as it draws them, with the same quality: PRODUCT_ART_BROTLI_QUALITY).
 */
export const BROTLI_QUALITY = { scripts: 11, pages: 10, productArt: 5 } as const;

/** Where the media generator writes the product art, inside the client folder. */
const PRODUCT_ART_DIR = /(^|[\\/])images[\\/]generated[\\/]products[\\/]/;

/** The brotli quality for a build file (its path inside, or under, the client folder). */
export function brotliQualityFor(path: string): number {
  const ext = extname(path).toLowerCase();
  if (ext === '.js' || ext === '.mjs' || ext === '.css') return BROTLI_QUALITY.scripts;
  if (PRODUCT_ART_DIR.test(path)) return BROTLI_QUALITY.productArt;
  return BROTLI_QUALITY.pages;
}

/** Tiny files gain nothing from compression; huge ones would hold too much memory. */
export const MIN_COMPRESS_BYTES = 1024;
export const MAX_COMPRESS_BYTES = 8 * 1024 * 1024;

/** The two encodings, each with its file suffix. */
export interface CompressedBodies {
  gzip: Buffer;
  br: Buffer;
}

/** Compresses a body both ways; brotliQualityFor at build, lower when a running server must do it. */
export async function compressBoth(raw: Buffer, brotliQuality: number): Promise<CompressedBodies> {
  const [gz, br] = await Promise.all([
    gzipAsync(raw, { level: 9 }),
    brotliAsync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
  ]);
  return { gzip: gz, br };
}

/**
 * The bodies written at build beside `file`, when both exist and are at least as new as the file
 * (a file edited after the build is compressed again rather than served stale); undefined otherwise.
 */
export async function readPrecompressed(file: string, fileMtimeMs: number): Promise<CompressedBodies | undefined> {
  try {
    const [brStat, gzStat] = await Promise.all([stat(`${file}.br`), stat(`${file}.gz`)]);
    if (brStat.mtimeMs < fileMtimeMs || gzStat.mtimeMs < fileMtimeMs) return undefined;
    const [br, gz] = await Promise.all([readFile(`${file}.br`), readFile(`${file}.gz`)]);
    return { gzip: gz, br };
  } catch {
    return undefined;
  }
}

/**
 * Every file under `dir` that is worth compressing. Dot files are left out: the server never
 * serves them (the media generator's stamp, 7 MB at 10,000 products, cost 6 CPU-seconds at brotli 10).
 */
function compressibleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return compressibleFiles(path);
    return COMPRESSIBLE[extname(entry.name).toLowerCase()] ? [path] : [];
  });
}

/** Whether `.br` and `.gz` beside `file` exist and decode to exactly `raw`. */
async function siblingsMatch(file: string, raw: Buffer): Promise<boolean> {
  try {
    const [br, gz] = await Promise.all([readFile(`${file}.br`), readFile(`${file}.gz`)]);
    const [fromBr, fromGz] = await Promise.all([brotliDecompressAsync(br), gunzipAsync(gz)]);
    return fromBr.equals(raw) && fromGz.equals(raw);
  } catch {
    return false;
  }
}

/**
 * The list a folder may hold of files whose siblings were written with them (the media generator
 * writes one for the product art): file name → SHA-256 of the bytes compressed. A file whose bytes
 * hash to its entry keeps its siblings without decoding them (decoding 30,000 pairs cost more CPU
 * than compressing them again).
 */
export const PRECOMPRESSED_MANIFEST = 'precompressed.json';

/** The manifest of each folder, read once (an empty map when there is none or it is unreadable). */
function manifestReader(): (folder: string) => Promise<Map<string, string>> {
  const manifests = new Map<string, Promise<Map<string, string>>>();
  return (folder) => {
    let manifest = manifests.get(folder);
    if (!manifest) {
      manifest = readFile(join(folder, PRECOMPRESSED_MANIFEST), 'utf8')
        .then((text) => new Map(Object.entries((JSON.parse(text) as { files?: Record<string, string> }).files ?? {})))
        .catch(() => new Map<string, string>());
      manifests.set(folder, manifest);
    }
    return manifest;
  };
}

/** Whether both siblings of `file` exist. */
async function siblingsExist(file: string): Promise<boolean> {
  try {
    await Promise.all([stat(`${file}.br`), stat(`${file}.gz`)]);
    return true;
  } catch {
    return false;
  }
}

/** What precompressDirectory did: files with both siblings (`reused` of them kept as found), bytes in and out. */
export interface PrecompressTotals {
  files: number;
  reused: number;
  bytes: number;
  br: number;
  gzip: number;
}

/**
 * Writes `.br` and `.gz` beside every compressible file of `dir` (the build's client folder).
 * Siblings already there are kept when the folder's manifest (PRECOMPRESSED_MANIFEST) lists the
 * file's hash, or, for a file it does not list, when they decode to its bytes (their times set to now, so the
 * server's newer-than-the-file check holds after Astro copied public/ in any order): the product
 * art compressed by the media generator is not compressed twice.
 */
export async function precompressDirectory(dir: string): Promise<PrecompressTotals> {
  const files = compressibleFiles(dir);
  const totals: PrecompressTotals = { files: 0, reused: 0, bytes: 0, br: 0, gzip: 0 };
  const manifestOf = manifestReader();
  let next = 0;
  // zlib runs in libuv's thread pool (4 threads): two files per core keep every core busy while
  // another file is read or written, without queueing much memory.
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const raw = await readFile(file);
      if (raw.length < MIN_COMPRESS_BYTES || raw.length > MAX_COMPRESS_BYTES) continue;
      let brBytes: number;
      let gzBytes: number;
      const listed = (await manifestOf(dirname(file))).get(basename(file));
      const kept = listed
        ? listed === createHash('sha256').update(raw).digest('hex') && (await siblingsExist(file))
        : await siblingsMatch(file, raw);
      if (kept) {
        const now = new Date();
        await Promise.all([utimes(`${file}.br`, now, now), utimes(`${file}.gz`, now, now)]);
        [brBytes, gzBytes] = await Promise.all([stat(`${file}.br`), stat(`${file}.gz`)]).then((s) => s.map((x) => x.size) as [number, number]);
        totals.reused++;
      } else {
        const bodies = await compressBoth(raw, brotliQualityFor(file.slice(dir.length)));
        await Promise.all([writeFile(`${file}.br`, bodies.br), writeFile(`${file}.gz`, bodies.gzip)]);
        brBytes = bodies.br.length;
        gzBytes = bodies.gzip.length;
      }
      totals.files++;
      totals.bytes += raw.length;
      totals.br += brBytes;
      totals.gzip += gzBytes;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) * 2 }, worker));
  return totals;
}
