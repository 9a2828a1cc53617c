import { describe, expect, it } from 'vitest';
import { slugifyBrand } from '../../../src/lib/slug';

describe('slugifyBrand', () => {
  it('lower-cases a brand name and joins its words with hyphens', () => {
    expect(slugifyBrand('Diamond Collection')).toBe('diamond-collection');
    expect(slugifyBrand('AFM Safecoat')).toBe('afm-safecoat');
    expect(slugifyBrand('GEMINI')).toBe('gemini');
  });

  it('turns each run of other characters into a single hyphen', () => {
    expect(slugifyBrand('Rust-Oleum')).toBe('rust-oleum');
    expect(slugifyBrand('Sherwin & Williams')).toBe('sherwin-williams');
    expect(slugifyBrand("Benjamin Moore's  Aura")).toBe('benjamin-moore-s-aura');
  });

  it('keeps digits', () => {
    expect(slugifyBrand('3M')).toBe('3m');
    expect(slugifyBrand('Krud Kutter 2')).toBe('krud-kutter-2');
  });

  it('leaves no hyphen at either end', () => {
    expect(slugifyBrand('  Zinsser  ')).toBe('zinsser');
    expect(slugifyBrand('(Premera)')).toBe('premera');
  });

  it('drops letters outside a-z, as the logo file names do', () => {
    expect(slugifyBrand('Émaux Café')).toBe('maux-caf');
  });

  it('gives an empty slug for a name without letters or digits', () => {
    expect(slugifyBrand(' - ')).toBe('');
  });
});
