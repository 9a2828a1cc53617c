import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { readFilePreview as readInBrowser, templateFieldOf } from '../../../../src/components/admin/import/file-preview';
import { formatBytes, formatEta, formatPerProduct, formatShare, formatSpeed, products, rows } from '../../../../src/components/admin/import/import-format';

// The browser parses in a worker; here papaparse runs in the test's own thread with the same options.
const readFilePreview = (file: Blob) => readInBrowser(file, async (text, count) => Papa.parse<string[]>(text, { preview: count, skipEmptyLines: 'greedy' }).data);

describe('how the Bulk Upload section writes figures', () => {
  it('writes the time left short, and a dash while it is unknown', () => {
    expect(formatEta(null)).toBe('—');
    expect(formatEta(0.4)).toBe('under 1 s');
    expect(formatEta(42)).toBe('42 s');
    expect(formatEta(185)).toBe('3 min 5 s');
    expect(formatEta(120)).toBe('2 min');
    expect(formatEta(4320)).toBe('1 h 12 min');
  });

  it('writes speeds per minute, shares as percentages, time per product and file sizes', () => {
    expect(formatSpeed(12345.6)).toBe('12,346/min');
    expect(formatShare(0.125)).toBe('12.5%');
    expect(formatShare(0)).toBe('0%');
    expect(formatPerProduct(0.42)).toBe('0.4 ms');
    expect(formatPerProduct(120.4)).toBe('120 ms');
    expect(formatPerProduct(2500)).toBe('2.5 s');
    expect(formatBytes(840)).toBe('840 B');
    expect(formatBytes(12_700)).toBe('12.4 KB');
    expect(formatBytes(3_250_000)).toBe('3.1 MB');
  });

  it('counts products and rows in words', () => {
    expect(products(1)).toBe('1 product');
    expect(products(12480)).toBe('12,480 products');
    expect(rows(1)).toBe('1 row');
    expect(rows(0)).toBe('0 rows');
  });
});

describe('the preview of a chosen file', () => {
  it('names the template field of a header in any case, and none for other columns', () => {
    expect(templateFieldOf(' Name ')).toBe('name');
    expect(templateFieldOf('INSTOCK')).toBe('inStock');
    expect(templateFieldOf('Colour')).toBeNull();
  });

  it('reads the header and the first five rows (BOM, CRLF and quoted newlines included)', async () => {
    const lines = ['name,Price,sku,Colour', '"Floor Enamel, Grey",42.50,HG-1,"Grey\nmid"', ...Array.from({ length: 8 }, (_, i) => `Tape ${i},6.99,T-${i},`)];
    const preview = await readFilePreview(new Blob([`\ufeff${lines.join('\r\n')}\r\n`]));
    expect(preview?.columns).toEqual([
      { header: 'name', field: 'name' },
      { header: 'Price', field: 'price' },
      { header: 'sku', field: 'sku' },
      { header: 'Colour', field: null },
    ]);
    expect(preview?.rows).toHaveLength(5);
    expect(preview?.rows[0]).toEqual(['Floor Enamel, Grey', '42.50', 'HG-1', 'Grey\nmid']);
  });

  it('reads a Windows-1252 file as a spreadsheet wrote it, and gives nothing for a file without a header row', async () => {
    const latin = await readFilePreview(new Blob([new Uint8Array([...Buffer.from('name;price\n'), 0x43, 0x72, 0xe8, 0x6d, 0x65, ...Buffer.from(';4\n')])]));
    expect(latin?.rows[0]).toEqual(['Crème', '4']);
    expect(await readFilePreview(new Blob(['just one cell\n']))).toBeNull();
  });
});
