import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { IMPORT_MESSAGES, IMPORT_ROW_MAX_CHARS } from '../../lib/schemas/admin-imports';
import { sniffCsv, type CsvSniff } from './csv-formats';
import type { ImportFileStore } from './import-files';

/** Bytes read to sniff a stored file. */
export const SNIFF_BYTES = 64 * 1024;

/** How a stored file is read, from its first bytes; null when it is not a CSV. */
export async function sniffFile(files: ImportFileStore, key: string): Promise<CsvSniff | null> {
  return sniffCsv(await files.head(key, SNIFF_BYTES));
}

/** Text decoded as sniffed, chunk by chunk (a multi-byte character split across chunks kept whole), without a BOM. */
async function* decodedText(chunks: AsyncIterable<Uint8Array>, sniff: CsvSniff): AsyncGenerator<string> {
  const decoder = new TextDecoder(sniff.encoding, { ignoreBOM: false });
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** Yielded by readCsvRecords in place of a record longer than IMPORT_ROW_MAX_CHARS (compare by identity; never change it). */
const OVERSIZED_RECORD: string[] = [];

/** Whether a record of readCsvRecords stands for one too long to be read (IMPORT_ROW_MAX_CHARS). */
export function isOversizedRecord(cells: string[]): boolean {
  return cells === OVERSIZED_RECORD;
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/** How boundChunks reads one kind of chunk: text, or the bytes of an ASCII-compatible encoding. */
interface ChunkKind<T extends string | Buffer> {
  /** A search of `chunk` for the first quote, CR, LF or delimiter at or after `from` (the chunk's length when none), asked with a `from` that never decreases. */
  specials(chunk: T, delimiter: number): (from: number) => number;
  /** The first quote at or after `from`, -1 when none. */
  quote(chunk: T, from: number): number;
  code(chunk: T, at: number): number;
  slice(chunk: T, from: number, to?: number): T;
  join(parts: T[]): T;
}

const TEXT: ChunkKind<string> = {
  specials(chunk, delimiter) {
    const special = new RegExp(`["\\r\\n${String.fromCharCode(delimiter)}]`, 'g');
    return (from) => {
      special.lastIndex = from;
      return special.exec(chunk)?.index ?? chunk.length;
    };
  },
  quote: (chunk, from) => chunk.indexOf('"', from),
  code: (chunk, at) => chunk.charCodeAt(at),
  slice: (chunk, from, to) => chunk.slice(from, to),
  join: (parts) => parts.join(''),
};

const BYTES: ChunkKind<Buffer> = {
  specials(chunk, delimiter) {
    // Each byte's next place is searched again only once passed, so a chunk is scanned about once per byte sought.
    const sought = [QUOTE, CR, LF, delimiter];
    const next = [-1, -1, -1, -1];
    return (from) => {
      let first = chunk.length;
      for (let k = 0; k < sought.length; k++) {
        if (next[k]! < from) {
          const found = chunk.indexOf(sought[k]!, from);
          next[k] = found < 0 ? chunk.length : found;
        }
        first = Math.min(first, next[k]!);
      }
      return first;
    };
  },
  quote: (chunk, from) => chunk.indexOf(QUOTE, from),
  code: (chunk, at) => chunk[at]!,
  slice: (chunk, from, to) => chunk.subarray(from, to),
  join: (parts) => (parts.length === 1 ? parts[0]! : Buffer.concat(parts)),
};

/**
 * The chunks with every record longer than `maxLength` (in the chunks' units) replaced by `marker`
 * and its line break, the rest unchanged. Records are told apart as papaparse does (a quote opens a
 * quoted field only at the field's start; `""` inside one is a quote; a line break ends a record
 * outside quotes), and only the record being read is held, at most `maxLength` of it: papaparse
 * would otherwise gather an endless cell whole and parse it again at every chunk (a 50 MB cell took
 * minutes). The searches run natively, so a long cell costs one search per chunk, not a step per character.
 */
async function* boundChunks<T extends string | Buffer>(chunks: AsyncIterable<T>, kind: ChunkKind<T>, delimiter: number, maxLength: number, marker: T): AsyncGenerator<T> {
  let held: T[] = [];
  let length = 0;
  let dropping = false;
  let inQuotes = false;
  let quoteSeen = false;
  let fieldStart = true;
  for await (const chunk of chunks) {
    const out: T[] = [];
    const nextSpecial = kind.specials(chunk, delimiter);
    let from = 0;
    let i = 0;
    while (i < chunk.length) {
      if (quoteSeen) {
        quoteSeen = false;
        // `""` is a quote inside the field; anything else after a quote closes it.
        if (kind.code(chunk, i) === QUOTE) {
          i++;
          length++;
          continue;
        }
        inQuotes = false;
      }
      if (inQuotes) {
        const quote = kind.quote(chunk, i);
        const next = quote < 0 ? chunk.length : quote + 1;
        length += next - i;
        i = next;
        quoteSeen = quote >= 0;
        if (length > maxLength) dropping = true;
        continue;
      }
      const at = nextSpecial(i);
      if (at > i) fieldStart = false;
      length += at - i;
      if (length > maxLength) dropping = true;
      if (at >= chunk.length) break;
      const c = kind.code(chunk, at);
      i = at + 1;
      if (c === LF || c === CR) {
        if (dropping) out.push(marker, kind.slice(chunk, at, i));
        else {
          for (const part of held) out.push(part);
          out.push(kind.slice(chunk, from, i));
        }
        held = [];
        length = 0;
        dropping = false;
        fieldStart = true;
        from = i;
        continue;
      }
      length++;
      if (c === QUOTE) {
        inQuotes = fieldStart;
        fieldStart = false;
      } else fieldStart = true;
      if (length > maxLength) dropping = true;
    }
    if (dropping) held = [];
    else if (from < chunk.length) held.push(kind.slice(chunk, from));
    if (out.length) yield kind.join(out);
  }
  if (dropping) yield marker;
  else if (held.length) yield kind.join(held);
}

/** The text with every record longer than `maxChars` replaced by a line holding only `marker` (see boundChunks). */
export function boundRecords(chunks: AsyncIterable<string>, delimiter: string, maxChars: number, marker: string): AsyncGenerator<string> {
  return boundChunks(chunks, TEXT, delimiter.charCodeAt(0), maxChars, marker);
}

/**
 * The bytes of a file in UTF-8 or windows-1252 with every record of more than `maxBytes` replaced
 * by a line holding only `marker` (see boundChunks): a record dropped here is never decoded, so a
 * huge cell leaves no strings behind (50 MB of them cost the server full garbage collections).
 */
export function boundRecordBytes(chunks: AsyncIterable<Buffer>, delimiter: string, maxBytes: number, marker: string): AsyncGenerator<Buffer> {
  return boundChunks(chunks, BYTES, delimiter.charCodeAt(0), maxBytes, Buffer.from(marker, 'latin1'));
}

/**
 * Bytes that surely hold more than `maxChars` characters once decoded: a UTF-8 character of n
 * bytes is at least n/3 UTF-16 units (windows-1252: one), and a BOM's 3 bytes none.
 */
export function surelyLongerBytes(maxChars: number): number {
  return 3 * maxChars + 3;
}

/**
 * The records of a stored CSV file, streamed through papaparse (quoted newlines, CRLF, ragged rows
 * as they are; blank lines skipped), the header first; a record longer than IMPORT_ROW_MAX_CHARS
 * comes as one for which isOversizedRecord holds, without having been held whole. The parser is
 * paused while a chunk's rows are consumed, so memory stays flat whatever the file's size.
 */
export async function* readCsvRecords(files: ImportFileStore, key: string, sniff: CsvSniff): AsyncGenerator<string[]> {
  // NUL and a random part: no cell of a real file is this.
  const marker = `\u0000oversized-record-${randomBytes(8).toString('hex')}\u0000`;
  // Records surely too long are dropped as bytes, before decoding; the text's guard then counts characters exactly.
  const bytes = boundRecordBytes(files.read(key), sniff.delimiter, surelyLongerBytes(IMPORT_ROW_MAX_CHARS), marker);
  const source = Readable.from(boundRecords(decodedText(bytes, sniff), sniff.delimiter, IMPORT_ROW_MAX_CHARS, marker));
  let rows: string[][] = [];
  let parser: Papa.Parser | undefined;
  let finished = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const signal = () => {
    wake?.();
    wake = undefined;
  };
  source.on('error', (err) => {
    failure = err;
    signal();
  });
  Papa.parse(source as unknown as File, {
    delimiter: sniff.delimiter,
    skipEmptyLines: 'greedy',
    header: false,
    chunk: (results: Papa.ParseResult<string[]>, p: Papa.Parser) => {
      parser = p;
      rows = rows.concat(results.data);
      p.pause();
      signal();
    },
    complete: () => {
      finished = true;
      signal();
    },
    error: (err: Error) => {
      failure = err;
      signal();
    },
  });
  try {
    for (;;) {
      if (rows.length) {
        const batch = rows;
        rows = [];
        for (const row of batch) yield row.length === 1 && row[0] === marker ? OVERSIZED_RECORD : row;
        continue;
      }
      if (failure) throw failure;
      if (finished) return;
      const waiting = new Promise<void>((resolve) => (wake = resolve));
      parser?.resume();
      await waiting;
    }
  } finally {
    if (!finished) {
      parser?.abort();
      source.destroy();
    }
  }
}

/** How many records follow the header (a first pass before the import, for the progress total). */
export async function countCsvRecords(files: ImportFileStore, key: string, sniff: CsvSniff): Promise<{ header: string[]; rows: number }> {
  let header: string[] | undefined;
  let rows = 0;
  for await (const row of readCsvRecords(files, key, sniff)) {
    if (!header) {
      if (isOversizedRecord(row)) throw new Error(IMPORT_MESSAGES.rowTooLong);
      header = row;
    } else rows++;
  }
  return { header: header ?? [], rows };
}
