/**
 * The build's text files compressed ahead: `npm run build` writes `<file>.br` (brotli, quality by
 * kind: brotliQualityFor) and `<file>.gz` (gzip -9) beside each page, style, script, SVG, JSON and
 * XML file of dist/client, and the server reads those instead of compressing at start. No request
 * is ever answered uncompressed for want of time, and a start costs no CPU on compression.
 */
import { readdirSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

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
 * No file of the build grows in number with the catalogue: the product art (three SVGs per
 * product) is drawn and compressed by the server on request (src/server/media/product-art.ts).
 */
export const BROTLI_QUALITY = { scripts: 11, pages: 10 } as const;

/** The brotli quality for a build file (its path inside, or under, the client folder). */
export function brotliQualityFor(path: string): number {
  const ext = extname(path).toLowerCase();
  if (ext === '.js' || ext === '.mjs' || ext === '.css') return BROTLI_QUALITY.scripts;
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

/** What precompressDirectory did: files given both siblings, bytes in and out. */
export interface PrecompressTotals {
  files: number;
  bytes: number;
  br: number;
  gzip: number;
}

/** Writes `.br` and `.gz` beside every compressible file of `dir` (the build's client folder). */
export async function precompressDirectory(dir: string): Promise<PrecompressTotals> {
  const files = compressibleFiles(dir);
  const totals: PrecompressTotals = { files: 0, bytes: 0, br: 0, gzip: 0 };
  let next = 0;
  // zlib runs in libuv's thread pool (4 threads): two files per core keep every core busy while
  // another file is read or written, without queueing much memory.
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const raw = await readFile(file);
      if (raw.length < MIN_COMPRESS_BYTES || raw.length > MAX_COMPRESS_BYTES) continue;
      const bodies = await compressBoth(raw, brotliQualityFor(file.slice(dir.length)));
      await Promise.all([writeFile(`${file}.br`, bodies.br), writeFile(`${file}.gz`, bodies.gzip)]);
      totals.files++;
      totals.bytes += raw.length;
      totals.br += bodies.br.length;
      totals.gzip += bodies.gzip.length;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) * 2 }, worker));
  return totals;
}
