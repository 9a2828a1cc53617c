/**
 * The first rows of a chosen CSV as the Bulk Upload preview shows them, read in the browser from the
 * file's first bytes (the server's dry run validates every row; this only lets staff see their
 * columns land on the right fields before they start). papaparse runs in a worker of its own
 * (./csv-preview.worker.ts), started on first use.
 */
import { TEMPLATE_COLUMNS, type TemplateColumn } from '../../../lib/schemas/admin-imports';

/** Bytes read for the preview: enough for a header and a few rows of any real export. */
const PREVIEW_BYTES = 64 * 1024;
/** Product rows the preview shows. */
export const PREVIEW_ROWS = 5;

/** One column of the file: its header and the template field it fills (null: not a template column). */
export interface PreviewColumn {
  header: string;
  field: TemplateColumn | null;
}

/** The first rows of a file, cells by column. */
export interface FilePreview {
  columns: PreviewColumn[];
  rows: string[][];
}

/** The template field a header names (any case, spaces around ignored), or null. */
export function templateFieldOf(header: string): TemplateColumn | null {
  const key = header.trim().toLowerCase();
  return TEMPLATE_COLUMNS.find((c) => c.toLowerCase() === key) ?? null;
}

/** Decodes the first bytes: UTF-8 when valid (a cut last character allowed), else Windows-1252 as spreadsheets write it. */
function decode(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Splits CSV text into its first `rows` records (papaparse's rules). */
export type CsvRowsParser = (text: string, rows: number) => Promise<string[][]>;

/** The browser's parser: papaparse in a worker, ended once it has answered. */
const parseInWorker: CsvRowsParser = (text, rows) =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./csv-preview.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<string[][]>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The file could not be read.'));
    };
    worker.postMessage({ text, rows });
  });

/** Reads a file's header and first rows; null when it has no readable header. */
export async function readFilePreview(file: Blob, parse: CsvRowsParser = parseInWorker): Promise<FilePreview | null> {
  const text = decode(new Uint8Array(await file.slice(0, PREVIEW_BYTES).arrayBuffer()));
  const [header, ...body] = await parse(text, PREVIEW_ROWS + 1);
  if (!header || header.length < 2) return null;
  const columns = header.map((h) => ({ header: h.trim(), field: templateFieldOf(h) }));
  return { columns, rows: body.filter((r) => r.some((cell) => cell.trim() !== '')) };
}
