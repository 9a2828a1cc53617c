import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMPORT_ROW_MAX_CHARS } from '../../../../src/lib/schemas/admin-imports';
import { boundRecordBytes, boundRecords, countCsvRecords, isOversizedRecord, readCsvRecords } from '../../../../src/server/imports/csv-reader';
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

/** The byte guard's output of `chunks` as one text (UTF-8). */
async function boundedBytes(chunks: Buffer[], maxBytes: number): Promise<string> {
  const out: Buffer[] = [];
  for await (const bytes of boundRecordBytes((async function* () { yield* chunks; })(), ';', maxBytes, '#MARK#')) out.push(bytes);
  return Buffer.concat(out).toString('utf8');
}

/** `bytes` cut into pieces of `size`. */
const cut = (bytes: Buffer, size: number) => Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));

describe('boundRecordBytes', () => {
  it('replaces records over the limit in bytes by the marker and passes the rest unchanged, however the chunks cut them (characters of several bytes too)', async () => {
    const long = 'é'.repeat(30);
    const text = `h1;h2\r\n"x\r\ny";"q""uoté";3\r\n"${long}\n${long}";1\r\n${long};2\nab"c;d\nlast;"with; semi"`;
    const expected = 'h1;h2\r\n"x\r\ny";"q""uoté";3\r\n#MARK#\r\n#MARK#\nab"c;d\nlast;"with; semi"';
    for (const size of [1, 2, 3, 7, 1000]) expect(await boundedBytes(cut(Buffer.from(text), size), 40)).toBe(expected);
    // An unclosed quote runs to the end of the file: one record, replaced.
    expect(await boundedBytes([Buffer.from(`h1;h2\n"${long}\nmore;rows\n`)], 40)).toBe('h1;h2\n#MARK#');
  });
});

describe('readCsvRecords', () => {
  it("counts a row's length in characters, not bytes: a row of multi-byte characters under the limit is read whole, one over it is not", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'csv-reader-'));
    const files = new LocalImportFileStore(dir);
    const key = importFileKey(randomUUID());
    // Three bytes a character: the first row is within the limit in characters, past it in bytes.
    const within = '€'.repeat(IMPORT_ROW_MAX_CHARS - 10);
    const over = '€'.repeat(IMPORT_ROW_MAX_CHARS + 1);
    writeFileSync(join(dir, key), `\uFEFFname,description\nwithin,${within}\nover,"${over}"\nlast,three\n`);
    const records: string[][] = [];
    for await (const cells of readCsvRecords(files, key, { encoding: 'utf-8', delimiter: ',' })) records.push(cells);
    expect(records).toHaveLength(4);
    expect(records[0]).toEqual(['name', 'description']);
    expect(records[1]).toEqual(['within', within]);
    expect(isOversizedRecord(records[2]!)).toBe(true);
    expect(records[3]).toEqual(['last', 'three']);
  });

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
