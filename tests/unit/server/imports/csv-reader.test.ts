import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMPORT_ROW_MAX_CHARS } from '../../../../src/lib/schemas/admin-imports';
import { boundRecords, countCsvRecords, isOversizedRecord, readCsvRecords } from '../../../../src/server/imports/csv-reader';
import { importFileKey, LocalImportFileStore } from '../../../../src/server/imports/import-files';

/** The guard's output of `chunks` as one text. */
async function bounded(chunks: string[], maxChars: number): Promise<string> {
  let out = '';
  for await (const text of boundRecords((async function* () { yield* chunks; })(), ',', maxChars, '#MARK#')) out += text;
  return out;
}

describe('boundRecords', () => {
  it('passes records within the limit through unchanged, however the chunks cut them', async () => {
    const text = 'a,b,c\r\n"x\r\ny","q""uote",3\r\nlast,row,"with, comma"';
    for (const size of [1, 2, 3, 7, 1000]) {
      const chunks = text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!;
      expect(await bounded(chunks, 40)).toBe(text);
    }
  });

  it('replaces a record over the limit by the marker, the line break kept, whether its length is quoted or not', async () => {
    const long = 'z'.repeat(50);
    expect(await bounded(['h1,h2\n', `"${long}\n${long}",1\n`, 'ok,2\n'], 40)).toBe('h1,h2\n#MARK#\nok,2\n');
    expect(await bounded(['h1,h2\r\n', `${long},1\r\nok,2`], 40)).toBe('h1,h2\r\n#MARK#\r\nok,2');
    // An unclosed quote runs to the end of the file: one record, replaced.
    expect(await bounded(['h1,h2\n', `"${long}\nmore,rows\n`], 40)).toBe('h1,h2\n#MARK#');
  });

  it('treats a quote inside an unquoted field as a character, as papaparse does', async () => {
    expect(await bounded(['ab"c,d\n', 'e,f\n'], 10)).toBe('ab"c,d\ne,f\n');
  });
});

describe('readCsvRecords', () => {
  it('gives a row past IMPORT_ROW_MAX_CHARS as an oversized record and the rows around it as they are', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'csv-reader-'));
    const files = new LocalImportFileStore(dir);
    const key = importFileKey(randomUUID());
    writeFileSync(join(dir, key), `name,description\nfirst,one\nhuge,"${'lacquer, '.repeat(IMPORT_ROW_MAX_CHARS / 4)}"\nlast,three\n`);
    const records: string[][] = [];
    for await (const cells of readCsvRecords(files, key, { encoding: 'utf-8', delimiter: ',' })) records.push(cells);
    expect(records).toHaveLength(4);
    expect(records[1]).toEqual(['first', 'one']);
    expect(isOversizedRecord(records[2]!)).toBe(true);
    expect(records[3]).toEqual(['last', 'three']);
    expect(await countCsvRecords(files, key, { encoding: 'utf-8', delimiter: ',' })).toEqual({ header: ['name', 'description'], rows: 3 });
  });
});
