/**
 * CSV text for downloads staff open in a spreadsheet (RFC 4180, CRLF lines). Text cells that a
 * spreadsheet would run as a formula (starting with = + - @, tab or carriage return) are
 * neutralised with a leading apostrophe; numbers are written as they are. Pure.
 */

/** One cell: text (neutralised and quoted when needed) or a number. */
export function formatCsvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV document: a header row then the rows, each line ended with CRLF. */
export function formatCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return [header, ...rows].map((row) => row.map(formatCsvCell).join(',')).join('\r\n') + '\r\n';
}
