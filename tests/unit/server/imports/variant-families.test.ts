import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_COLUMNS } from '../../../../src/lib/schemas/admin-imports';
import { createRecordMapper, packSizeFromOptions, type TemplateRecord } from '../../../../src/server/imports/csv-formats';
import { checkProductRow, productToTemplateCells } from '../../../../src/server/imports/product-rows';
import { PRODUCT_CSV_FIXTURES as FIXTURES } from '../../../helpers/shared-fixtures';

/** The products a fixture maps to, as template records. */
function mapFixture(file: string): TemplateRecord[] {
  const text = readFileSync(`${FIXTURES}/${file}`, 'utf8').replace(/^\ufeff/, '');
  const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  const mapper = createRecordMapper(rows[0]!);
  return rows.slice(1).flatMap((row) => {
    const mapped = mapper.map(row);
    return mapped.kind === 'product' ? [mapped.fields] : [];
  });
}

/** Family → the names of its products. */
function families(records: TemplateRecord[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of records) if (r.family) out.set(r.family, [...(out.get(r.family) ?? []), r.name ?? '']);
  return out;
}

describe('variants become a family instead of unrelated products (issue 24)', () => {
  it.each([
    ['shopify/shopify_product_template_2023.csv'],
    ['woocommerce/woocommerce_sample_products.csv'],
    ['vendure/vendure_products.csv'],
    ['medusa/medusa_exported-products-comma.csv'],
  ])('%s: each product with several variants is one family of them', (file) => {
    const records = mapFixture(file);
    const found = families(records);
    const multi = [...found.values()].filter((names) => names.length >= 2);
    expect(multi.length, JSON.stringify([...found])).toBeGreaterThanOrEqual(1);
    for (const names of multi) {
      // The variants of one product share the product's name before ' - options'.
      expect(new Set(names.map((n) => n.split(' - ')[0])).size, names.join(' | ')).toBe(1);
    }
    // Every family is a valid slug the dialog accepts.
    for (const slug of found.keys()) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('reads a pack size from an option value and nothing from other options', () => {
    expect(packSizeFromOptions(['Blue', '5 L'])).toBe('5 L');
    expect(packSizeFromOptions(['1 Gallon'])).toBe('1 gal');
    expect(packSizeFromOptions(['946ml'])).toBe('946 mL');
    expect(packSizeFromOptions(['2,5 Litres'])).toBe('2.5 L');
    expect(packSizeFromOptions(['Large', '13 inch', 'Default Title'])).toBe('');
  });

  it('imports a Shopify paint sold in two sizes as a family of two with their pack sizes, and exports it back the same', () => {
    const csv = [
      'Handle,Title,Body (HTML),Vendor,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty',
      'harbour-grey,Harbour Grey Floor Enamel,<p>A hard-wearing enamel for floors.</p>,Diamond Collection,Size,1 Gallon,HG-1G,54.99,10',
      'harbour-grey,,,,,5 Gallon,HG-5G,239.99,4',
    ].join('\n');
    const rows = Papa.parse<string[]>(csv).data;
    const mapper = createRecordMapper(rows[0]!);
    const checked = rows.slice(1).map((row) => {
      const mapped = mapper.map(row);
      if (mapped.kind !== 'product') throw new Error('skipped');
      return checkProductRow(mapped.fields, undefined, 'GEN');
    });
    const inputs = checked.map((c) => (c.ok ? c.input : c.message));
    expect(inputs).toMatchObject([
      { name: 'Harbour Grey Floor Enamel - 1 Gallon', sku: 'HG-1G', family: 'harbour-grey', packSize: { value: 1, unit: 'gal' } },
      { name: 'Harbour Grey Floor Enamel - 5 Gallon', sku: 'HG-5G', family: 'harbour-grey', packSize: { value: 5, unit: 'gal' } },
    ]);
    // Our own export of the family carries the same family and sizes, and reads back unchanged.
    for (const c of checked) {
      if (!c.ok) continue;
      const product = { ...c.input, id: c.input.sku, slug: c.input.sku.toLowerCase(), originalPrice: undefined, inStock: true, brandLogo: '', version: 1, createdAt: '', updatedAt: '' } as never;
      const cells = productToTemplateCells(product);
      const again = checkProductRow(Object.fromEntries(TEMPLATE_COLUMNS.map((col, i) => [col, cells[i]!])), undefined, 'GEN');
      expect(again.ok && { family: again.input.family, packSize: again.input.packSize }).toEqual({ family: c.input.family, packSize: c.input.packSize });
    }
  });
});
