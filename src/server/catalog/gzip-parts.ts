/**
 * One gzip stream from parts compressed apart (as pigz does): each part is raw deflate ended by a
 * sync flush, so the parts can follow one another in any order; the stream is closed by an empty
 * final block and the trailer (CRC-32 and length of the whole). A catalogue body made of such parts
 * is compressed again only where it changed: a sale recompresses one part, not the catalogue.
 */
import { promisify } from 'node:util';
import { constants as zlibConstants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';

const deflateRawAsync = promisify(deflateRaw);

/** A part of a gzip stream: its deflate bytes, and the CRC-32 and length of what they inflate to. */
export interface GzipPart {
  deflated: Buffer;
  crc: number;
  length: number;
}

/** gzip header: deflate, no name or time, 'unknown' operating system (RFC 1952 §2.3). */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** An empty final block with fixed codes: BFINAL=1, BTYPE=01, end-of-block, byte-aligned. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** The most a deflate stream looks back: a part's dictionary is at most this much of what precedes it. */
export const DEFLATE_WINDOW = 32 * 1024;

/**
 * Compresses `data` as one part (on libuv's threads). `preceding`, the bytes the stream holds just
 * before this part (its last DEFLATE_WINDOW bytes are used), lets the part refer back into them as
 * one whole compression would: without it every part starts from nothing and compresses worse.
 */
export async function deflatePart(data: Buffer, preceding?: Buffer, level = 6): Promise<GzipPart> {
  const deflated = await deflateRawAsync(data, { level, finishFlush: zlibConstants.Z_SYNC_FLUSH, ...dictionaryOf(preceding) });
  return { deflated, crc: crc32(data), length: data.length };
}

/** Compresses a small part at once (separators, a body's opening and end). */
export function deflatePartSync(data: Buffer, preceding?: Buffer, level = 6): GzipPart {
  return { deflated: deflateRawSync(data, { level, finishFlush: zlibConstants.Z_SYNC_FLUSH, ...dictionaryOf(preceding) }), crc: crc32(data), length: data.length };
}

function dictionaryOf(preceding: Buffer | undefined): { dictionary?: Buffer } {
  return preceding && preceding.length > 0 ? { dictionary: preceding.subarray(-DEFLATE_WINDOW) } : {};
}

/** The gzip stream of the parts in order. */
export function gzipFromParts(parts: readonly GzipPart[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const part of parts) {
    crc = crc32Combine(crc, part.crc, part.length);
    length += part.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  // ISIZE is the length modulo 2^32.
  trailer.writeUInt32LE(length % 0x1_0000_0000, 4);
  return Buffer.concat([HEADER, ...parts.map((p) => p.deflated), FINAL_BLOCK, trailer]);
}

// CRC-32 arithmetic over GF(2) (the reflected polynomial of gzip), to join the CRCs of parts
// without reading their bytes again: crc(A ‖ B) = crc(A)·x^(8·|B|) mod P ⊕ crc(B).
const POLY = 0xedb88320;
/** x^0, the multiplicative one, in reflected bit order. */
const ONE = 0x80000000;

/** a·b mod P. */
function multModP(a: number, b: number): number {
  let product = 0;
  let bits = a >>> 0;
  let factor = b >>> 0;
  for (let mask = ONE; mask !== 0 && bits !== 0; mask >>>= 1) {
    if (bits & mask) {
      product ^= factor;
      bits = (bits & ~mask) >>> 0;
    }
    factor = factor & 1 ? (factor >>> 1) ^ POLY : factor >>> 1;
  }
  return product >>> 0;
}

/** X2N[k] = x^(2^k) mod P. */
const X2N: number[] = [ONE >>> 1];
for (let k = 1; k < 32; k += 1) X2N.push(multModP(X2N[k - 1]!, X2N[k - 1]!));

/** x^(8·bytes) mod P: the factor that moves a CRC past `bytes` zero bytes. */
function shiftFor(bytes: number): number {
  let result = ONE;
  let n = bytes;
  // 8·n = n·2^3: walk n's bits from X2N[3] up.
  for (let k = 3; n > 0; k += 1, n = Math.floor(n / 2)) {
    if (n % 2 === 1) result = multModP(X2N[k % 32]!, result);
  }
  return result;
}

/** The CRC-32 of A ‖ B from the CRC-32 of A, the CRC-32 of B and B's length. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  if (lengthB === 0) return crcA >>> 0;
  return (multModP(shiftFor(lengthB), crcA) ^ crcB) >>> 0;
}
