import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { sniffCsv, type CsvSniff } from './csv-formats';

/** Bytes read to sniff a stored file. */
export const SNIFF_BYTES = 64 * 1024;

/** How a stored file is read, from its first bytes; null when it is not a CSV. */
export async function sniffFile(path: string): Promise<CsvSniff | null> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return sniffCsv(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** The file's text, decoded as sniffed, chunk by chunk (a multi-byte character split across chunks kept whole), without a BOM. */
async function* decodedText(path: string, sniff: CsvSniff): AsyncGenerator<string> {
  const decoder = new TextDecoder(sniff.encoding, { ignoreBOM: false });
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * The records of a stored CSV file, streamed through papaparse (quoted newlines, CRLF, ragged rows
 * as they are; blank lines skipped), the header first. The parser is paused while a chunk's rows
 * are consumed, so memory stays flat whatever the file's size.
 */
export async function* readCsvRecords(path: string, sniff: CsvSniff): AsyncGenerator<string[]> {
  const source = Readable.from(decodedText(path, sniff));
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
        for (const row of batch) yield row;
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
export async function countCsvRecords(path: string, sniff: CsvSniff): Promise<{ header: string[]; rows: number }> {
  let header: string[] | undefined;
  let rows = 0;
  for await (const row of readCsvRecords(path, sniff)) {
    if (!header) header = row;
    else rows++;
  }
  return { header: header ?? [], rows };
}
