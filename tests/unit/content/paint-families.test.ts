import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { familySamplePots } from '../../../src/lib/paint/family';
import { packSizeToLitres, spreadRateToM2PerL } from '../../../src/lib/paint/units';
import { formatContentJson } from '../../../src/server/catalog/catalog.service';
import { PRODUCT_FILES, readProductFiles } from '../../../src/server/catalog/content-files';

// The real content, read the way the build reads it.
const root = process.cwd();
const products = readProductFiles(root).map((p) => p.product);
const families = Map.groupBy(
  products.filter((p) => p.family),
  (p) => p.family!,
);

describe('paint families and coverage in content/', () => {
  it('groups the same paint in several pack sizes: at least 8 families of 2 or more sizes, one brand and rate each', () => {
    expect(families.size).toBeGreaterThanOrEqual(8);
    for (const [slug, members] of families) {
      expect(members.length, slug).toBeGreaterThanOrEqual(2);
      expect(new Set(members.map((m) => m.brand)).size, slug).toBe(1);
      expect(new Set(members.map((m) => JSON.stringify(m.spreadRate))).size, slug).toBe(1);
      const litres = members.map((m) => packSizeToLitres(m.packSize!));
      expect(new Set(litres).size, `${slug}: one member per size`).toBe(members.length);
    }
    expect(families.get('dc-ultra-interior-eggshell')!.map((p) => p.sku).sort()).toEqual(['DC-INT-EGG-1G', 'DC-INT-EGG-5G', 'DC-INT-EGG-SP']);
  });

  it('offers a sample pot in three tintable families: an in-stock tester of at most half a litre, priced like one', () => {
    const pots = [...families.values()].flatMap((members) => familySamplePots(members.map((m) => ({ ...m, packSize: m.packSize! }))));
    expect(pots.map((p) => p.family).sort()).toEqual(['dc-pure-zero-voc-interior-eggshell', 'dc-ultra-interior-eggshell', 'safetex-zero-voc-interior-eggshell']);
    for (const pot of pots) {
      expect(pot.tintable, pot.id).toBe(true);
      expect(pot.inStock, pot.id).toBe(true);
      expect(pot.price, pot.id).toBeGreaterThan(5);
      expect(pot.price, pot.id).toBeLessThan(10);
      expect(pot.name, pot.id).toMatch(/ Sample Pot 8 fl oz$/);
    }
  });

  it('leaves no product of several sizes outside a family (the name without its size is unique among singles)', () => {
    const stem = (name: string) => name.replace(/\s+\d+(?:\.\d+)?\s*(gal|qt|oz|lb|mL)\b(\s+(Kit|Drum))?$/i, '');
    const singles = products.filter((p) => !p.family && p.packSize);
    const seen = Map.groupBy(singles, (p) => `${p.brand}|${stem(p.name)}`);
    for (const [key, list] of seen) expect(list.length, key).toBe(1);
  });

  it('gives every paint (a product with a spread rate) a pack size, coats and a rate read from its coverage text', () => {
    const paints = products.filter((p) => p.spreadRate);
    expect(paints.length).toBeGreaterThanOrEqual(120);
    for (const p of paints) {
      expect(p.packSize, p.id).not.toBeNull();
      expect(p.recommendedCoats, p.id).toBeGreaterThanOrEqual(1);
      const m2PerL = spreadRateToM2PerL(p.spreadRate!.min);
      expect(m2PerL, p.id).toBeGreaterThan(1);
    }
    const eggshell = products.find((p) => p.id === 'dc-ultra-interior-eggshell-1g')!;
    expect(eggshell.coverage).toBe('350-400 sq ft per gallon');
    expect(eggshell.spreadRate).toEqual({ min: 350, max: 400, unit: 'ft2/gal' });
    // A quart's '150-200 sq ft per quart' is 600-800 per gallon.
    expect(products.find((p) => p.id === 'dc-pearl-glaze-feature-finish-1q')!.spreadRate).toEqual({ min: 600, max: 800, unit: 'ft2/gal' });
  });

  it('gives equipment no pack size, rate or coats', () => {
    const gun = products.find((p) => p.id === 'dc-pro-3600-airless-spray-gun')!;
    expect([gun.family, gun.packSize, gun.spreadRate, gun.recommendedCoats, gun.primerAdvised]).toEqual([null, null, null, null, false]);
  });

  it('writes every product with the five keys right after "sku", so an export reproduces the files byte for byte', () => {
    for (const file of PRODUCT_FILES) {
      const text = readFileSync(`${root}/content/products/${file}`, 'utf8');
      const list = JSON.parse(text) as Record<string, unknown>[];
      for (const p of list) {
        const keys = Object.keys(p);
        const at = keys.indexOf('sku');
        expect(keys.slice(at + 1, at + 6), String(p.id)).toEqual(['family', 'packSize', 'spreadRate', 'recommendedCoats', 'primerAdvised']);
      }
      expect(formatContentJson(list, text.endsWith('\n'))).toBe(text);
    }
  });
});
