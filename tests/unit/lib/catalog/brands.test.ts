import { describe, expect, it } from 'vitest';
import { listBrands } from '../../../../src/lib/catalog/brands';

describe('listBrands', () => {
  it('lists each brand once, in order of first appearance', () => {
    const products = [{ brand: 'Zinsser' }, { brand: 'Graco' }, { brand: 'Zinsser' }, { brand: 'AFM Safecoat' }, { brand: 'Graco' }];
    expect(listBrands(products)).toEqual(['Zinsser', 'Graco', 'AFM Safecoat']);
  });

  it('trims names, so spacing does not make a second brand', () => {
    expect(listBrands([{ brand: ' Kretus' }, { brand: 'Kretus  ' }])).toEqual(['Kretus']);
  });

  it('leaves out blank brand names', () => {
    expect(listBrands([{ brand: '' }, { brand: '   ' }, { brand: 'Devoe' }])).toEqual(['Devoe']);
  });

  it('tells brands apart by letter case, as the catalogue writes them', () => {
    expect(listBrands([{ brand: 'GEMINI' }, { brand: 'Gemini' }])).toEqual(['GEMINI', 'Gemini']);
  });

  it('gives an empty list for no products', () => {
    expect(listBrands([])).toEqual([]);
  });
});
