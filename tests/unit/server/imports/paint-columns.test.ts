import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, TEMPLATE_COLUMNS } from '../../../../src/lib/schemas/admin-imports';
import type { AdminProduct } from '../../../../src/lib/schemas/admin-catalog';
import { readProductFiles } from '../../../../src/server/catalog/content-files';
import { checkProductRow, parsePackSizeCell, parseSpreadRateCell, productToTemplateCells } from '../../../../src/server/imports/product-rows';

const products = readProductFiles(process.cwd()).map((p) => p.product);
const asAdmin = (id: string): AdminProduct => ({ ...products.find((p) => p.id === id)!, version: 1, createdAt: '2026-11-29T00:00:00.000Z', updatedAt: '2026-11-29T00:00:00.000Z' });
const row = (cells: string[]) => Object.fromEntries(TEMPLATE_COLUMNS.map((c, i) => [c, cells[i] ?? '']));

describe('the paint columns of the CSV template (issue 24)', () => {
  it('reads pack sizes and spread rates as written, and nothing else', () => {
    expect(parsePackSizeCell('5 gal')).toEqual({ value: 5, unit: 'gal' });
    expect(parsePackSizeCell('2.5L')).toEqual({ value: 2.5, unit: 'L' });
    expect(parsePackSizeCell('five gallons')).toBeUndefined();
    expect(parseSpreadRateCell('350-400 ft2/gal')).toEqual({ min: 350, max: 400, unit: 'ft2/gal' });
    expect(parseSpreadRateCell('9 m2/L')).toEqual({ min: 9, max: 9, unit: 'm2/L' });
    expect(parseSpreadRateCell('350 sq ft per gallon')).toBeUndefined();
  });

  it('exports a family member and imports it back unchanged', () => {
    const product = asAdmin('dc-ultra-interior-eggshell-5g');
    const cells = productToTemplateCells(product);
    const at = (c: string) => cells[TEMPLATE_COLUMNS.indexOf(c as never)];
    expect([at('family'), at('packSize'), at('spreadRate'), at('recommendedCoats'), at('primerAdvised')]).toEqual(['dc-ultra-interior-eggshell', '5 gal', '350-400 ft2/gal', '2', 'true']);
    const check = checkProductRow(row(cells), undefined, 'GEN-1');
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.input).toMatchObject({ family: 'dc-ultra-interior-eggshell', packSize: { value: 5, unit: 'gal' }, spreadRate: { min: 350, max: 400, unit: 'ft2/gal' }, recommendedCoats: 2, primerAdvised: true });
  });

  it('keeps what the product has when the cells are blank, and refuses text it cannot read', () => {
    const product = asAdmin('dc-ultra-interior-eggshell-1g');
    const cells = productToTemplateCells(product).map((c, i) => (['family', 'packSize', 'spreadRate', 'recommendedCoats', 'primerAdvised'].includes(TEMPLATE_COLUMNS[i]!) ? '' : c));
    const kept = checkProductRow(row(cells), product, 'GEN-2');
    expect(kept.ok && kept.input).toMatchObject({ family: 'dc-ultra-interior-eggshell', packSize: { value: 1, unit: 'gal' }, recommendedCoats: 2, primerAdvised: true });
    const bad = [...cells];
    bad[TEMPLATE_COLUMNS.indexOf('packSize')] = 'a big tin';
    expect(checkProductRow(row(bad), product, 'GEN-3')).toEqual({ ok: false, message: IMPORT_MESSAGES.packSize });
    bad[TEMPLATE_COLUMNS.indexOf('packSize')] = '';
    bad[TEMPLATE_COLUMNS.indexOf('spreadRate')] = '400-350 ft2/gal';
    expect(checkProductRow(row(bad), product, 'GEN-4')).toEqual({ ok: false, message: "The spread rate's minimum (400) must not be more than its maximum (350)." });
  });
});
