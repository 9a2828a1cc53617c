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

/** The file's text, decoded as sniffed, chunk by chunk (a multi-byte character split across chunks kept whole), without a BOM. */
async function* decodedText(files: ImportFileStore, key: string, sniff: CsvSniff): AsyncGenerator<string> {
  const decoder = new TextDecoder(sniff.encoding, { ignoreBOM: false });
  for await (const chunk of files.read(key)) {
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

/**
 * The text with every record longer than `maxChars` replaced by a line holding only `marker`, the
 * rest unchanged. Records are told apart as papaparse does (a quote opens a quoted field only at the
 * field's start; `""` inside one is a quote; a line break ends a record outside quotes), and only
 * the record being read is held, at most `maxChars` of it: papaparse would otherwise gather an
 * endless cell whole and parse it again at every chunk (a 50 MB cell took minutes).
 */
export async function* boundRecords(chunks: AsyncIterable<string>, delimiter: string, maxChars: number, marker: string): AsyncGenerator<string> {
  // The next character that matters outside quotes; inside them only a quote does. Both searches
  // run natively, so a long cell costs one search per chunk rather than a step per character.
  const special = new RegExp(`["\\r\\n${delimiter}]`, 'g');
  let held: string[] = [];
  let length = 0;
  let dropping = false;
  let inQuotes = false;
  let quoteSeen = false;
  let fieldStart = true;
  for await (const text of chunks) {
    let out = '';
    let from = 0;
    let i = 0;
    while (i < text.length) {
      if (quoteSeen) {
        quoteSeen = false;
        // `""` is a quote inside the field; anything else after a quote closes it.
        if (text.charCodeAt(i) === QUOTE) {
          i++;
          length++;
          continue;
        }
        inQuotes = false;
      }
      if (inQuotes) {
        const quote = text.indexOf('"', i);
        const next = quote < 0 ? text.length : quote + 1;
        length += next - i;
        i = next;
        quoteSeen = quote >= 0;
        if (length > maxChars) dropping = true;
        continue;
      }
      special.lastIndex = i;
      const found = special.exec(text);
      const at = found ? found.index : text.length;
      if (at > i) fieldStart = false;
      length += at - i;
      if (length > maxChars) dropping = true;
      if (!found) break;
      const c = text.charCodeAt(at);
      i = at + 1;
      if (c === LF || c === CR) {
        out += dropping ? `${marker}${text[at]}` : held.join('') + text.slice(from, i);
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
      if (length > maxChars) dropping = true;
    }
    if (dropping) held = [];
    else if (from < text.length) held.push(text.slice(from));
    if (out) yield out;
  }
  if (dropping) yield marker;
  else if (held.length) yield held.join('');
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
  const source = Readable.from(boundRecords(decodedText(files, key, sniff), sniff.delimiter, IMPORT_ROW_MAX_CHARS, marker));
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
