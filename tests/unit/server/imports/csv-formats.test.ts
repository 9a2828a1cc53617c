import { describe, expect, it } from 'vitest';
import { createRecordMapper, detectFormat, htmlToText, normaliseNumber, sniffCsv } from '../../../../src/server/imports/csv-formats';
import { checkProductRow, csvCell, joinListCell, parseCsvBoolean, restoreCell, splitList } from '../../../../src/server/imports/product-rows';
import { IMPORT_MESSAGES } from '../../../../src/lib/schemas/admin-imports';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('sniffCsv', () => {
  it('reads comma, semicolon and tab files, with a BOM, in UTF-8 or a legacy encoding', () => {
    expect(sniffCsv(bytes('name,description,price\r\nA,B,1\r\n'))).toEqual({ encoding: 'utf-8', delimiter: ',' });
    expect(sniffCsv(bytes('\ufeffname;description;price\nA;B;1,5\n'))).toEqual({ encoding: 'utf-8', delimiter: ';' });
    expect(sniffCsv(bytes('name\tdescription\tprice\n'))).toEqual({ encoding: 'utf-8', delimiter: '\t' });
    expect(sniffCsv(Uint8Array.from([...bytes('name,description,price\nCaf'), 0xe9, ...bytes(',x,1\n')]))?.encoding).toBe('windows-1252');
  });

  it('counts delimiters outside quotes only', () => {
    expect(sniffCsv(bytes('"a;b;c",d\n'))?.delimiter).toBe(',');
  });

  it('refuses binary files, JSON, HTML and single-column text', () => {
    expect(sniffCsv(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBeNull();
    expect(sniffCsv(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14]))).toBeNull();
    expect(sniffCsv(bytes('%PDF-1.7\n'))).toBeNull();
    expect(sniffCsv(bytes('{"a":1,"b":2}'))).toBeNull();
    expect(sniffCsv(bytes('<html><body>a,b</body></html>'))).toBeNull();
    expect(sniffCsv(bytes('just one column\nof text\n'))).toBeNull();
    expect(sniffCsv(bytes('a,b\u0000c\n'))).toBeNull();
    expect(sniffCsv(new Uint8Array())).toBeNull();
  });
});

describe('detectFormat', () => {
  it('recognises each platform by its headers', () => {
    expect(detectFormat(['Handle', 'Title', 'Body (HTML)', 'Vendor'])).toBe('shopify');
    expect(detectFormat(['Title', 'URL handle', 'Description'])).toBe('shopify');
    expect(detectFormat(['ID', 'Type', 'SKU', 'Name', 'Regular price'])).toBe('woocommerce');
    expect(detectFormat(['name          ', ' "slug" ', 'sku', 'price', 'optionGroups', 'optionValues'])).toBe('vendure');
    expect(detectFormat(['name:en', 'sku', 'price', 'optionValues:en'])).toBe('vendure');
    expect(detectFormat(['Product Id', 'Product Title', 'Variant Sku'])).toBe('medusa');
    expect(detectFormat(['Name', 'Description', 'Price'])).toBe('template');
    expect(detectFormat(['foo', 'bar'])).toBeNull();
  });
});

describe('cells', () => {
  it('normalises numbers spreadsheets mangle', () => {
    expect(normaliseNumber('$1,299.00')).toBe('1299');
    expect(normaliseNumber('1.299,50')).toBe('1299.5');
    expect(normaliseNumber('25,5')).toBe('25.5');
    expect(normaliseNumber(' 19.99 ')).toBe('19.99');
    expect(normaliseNumber('2.5E+1')).toBe('25');
    expect(normaliseNumber('')).toBe('');
    expect(normaliseNumber('abc')).toBe('abc');
  });

  it('turns HTML descriptions into text, scripts and tags removed', () => {
    expect(htmlToText('<p>Hard <strong>wearing</strong> &amp; washable.</p><script>alert(1)</script><ul><li>One</li><li>Two</li></ul>')).toBe('Hard wearing & washable.\n• One\n• Two');
  });

  it("splits lists on semicolons ('\\;' inside an entry) and joins them back", () => {
    expect(splitList(' a; b ;;c\\;d ')).toEqual(['a', 'b', 'c;d']);
    expect(splitList(joinListCell(['Dries in 30 minutes; topcoat in 1 hour', 'x']))).toEqual(['Dries in 30 minutes; topcoat in 1 hour', 'x']);
  });

  it("reads booleans as true only for 'true' in any case", () => {
    expect(['true', 'TRUE', ' True '].map(parseCsvBoolean)).toEqual([true, true, true]);
    expect(['1', 'yes', 'false', ''].map(parseCsvBoolean)).toEqual([false, false, false, false]);
  });

  it('neutralises formulas in exported cells and restores them on import', () => {
    for (const text of ['=SUM(A1)', '+1', '-2', '@x', '\tTab']) {
      const cell = csvCell(text);
      expect(cell.replace(/^"|"$/g, '').startsWith("'")).toBe(true);
      expect(restoreCell(cell.replace(/^"|"$/g, ''))).toBe(text);
    }
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
  });
});

describe('checkProductRow', () => {
  it("refuses a row without name, description or a non-zero price with the spec's message", () => {
    for (const fields of [{ description: 'x long enough', price: '3' }, { name: 'Paint', price: '3' }, { name: 'Paint', description: 'long enough', price: '0' }, { name: 'Paint', description: 'long enough' }]) {
      expect(checkProductRow(fields, undefined, 'GEN')).toEqual({ ok: false, message: IMPORT_MESSAGES.missingRequired });
    }
  });

  it('applies the spec §5 defaults to a new product', () => {
    const check = checkProductRow({ name: 'Harbour Grey', description: 'A floor enamel.', price: '12.5' }, undefined, 'PRODUCT-1');
    expect(check.ok && check.input).toMatchObject({ category: 'Diamond Collection', brand: 'Harbour Grey', sku: 'PRODUCT-1', rating: 0, reviews: 0, isNew: false, isPopular: false });
    expect(check.ok && check.inStock).toBe(true);
  });
});

describe('variants become products', () => {
  it('Shopify: one product per variant row, image-only rows add none', () => {
    const m = createRecordMapper(['Handle', 'Title', 'Body (HTML)', 'Vendor', 'Option1 Value', 'Variant SKU', 'Variant Price', 'Variant Compare At Price', 'Image Src']);
    const first = m.map(['tee', 'Tee', '<p>Soft cotton tee.</p>', 'Acme', 'Small', 'T-S', '10', '12', 'https://cdn.example/a.jpg']);
    const second = m.map(['tee', '', '', '', 'Large', 'T-L', '11', '11', '']);
    const image = m.map(['tee', '', '', '', '', '', '', '', 'https://cdn.example/b.jpg']);
    expect(first).toEqual({ kind: 'product', fields: expect.objectContaining({ name: 'Tee - Small', description: 'Soft cotton tee.', price: '10', originalPrice: '12', sku: 'T-S', brand: 'Acme', image: 'https://cdn.example/a.jpg' }) });
    expect(second).toEqual({ kind: 'product', fields: expect.objectContaining({ name: 'Tee - Large', description: 'Soft cotton tee.', originalPrice: '' }) });
    expect(image).toEqual({ kind: 'skip' });
  });

  it('WooCommerce: variable parents give their name and description to variations', () => {
    const m = createRecordMapper(['ID', 'Type', 'SKU', 'Name', 'Description', 'Regular price', 'Sale price', 'Parent', 'Attribute 1 value(s)', 'Images']);
    expect(m.map(['44', 'variable', 'tee', 'V-Neck', 'A tee with a v-neck.', '', '', '', 'Red, Blue', ''])).toEqual({ kind: 'skip' });
    expect(m.map(['45', 'variation', 'tee-red', '', '', '20', '18', 'id:44', 'Red', ''])).toEqual({ kind: 'product', fields: expect.objectContaining({ name: 'V-Neck - Red', description: 'A tee with a v-neck.', price: '18', originalPrice: '20' }) });
  });
});
