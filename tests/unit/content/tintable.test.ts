import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRODUCT_FILES, readProductFiles } from '../../../src/server/catalog/content-files';

// The real content, read the way the build reads it.
const root = process.cwd();
const products = readProductFiles(root).map((p) => p.product);
const byId = new Map(products.map((p) => [p.id, p]));

describe('tintable paints in content/', () => {
  it('writes "tintable" right after "primerAdvised" in every product', () => {
    for (const file of PRODUCT_FILES) {
      const list = JSON.parse(readFileSync(`${root}/content/products/${file}`, 'utf8')) as Record<string, unknown>[];
      for (const p of list) {
        const keys = Object.keys(p);
        expect(keys[keys.indexOf('primerAdvised') + 1], String(p.id)).toBe('tintable');
        expect(typeof p.tintable, String(p.id)).toBe('boolean');
      }
    }
  });

  it('tints wall, trim and floor paints, and every size of a tintable family alike', () => {
    for (const id of ['dc-ultra-interior-eggshell-1g', 'dc-ultra-interior-eggshell-5g', 'dc-trim-door-enamel-semigloss-1q', 'premera-100-solids-epoxy-floor-3g-kit', 'safetex-zero-voc-interior-matt-1g']) {
      expect(byId.get(id)?.tintable, id).toBe(true);
    }
    const families = Map.groupBy(products.filter((p) => p.family), (p) => p.family!);
    for (const [slug, members] of families) expect(new Set(members.map((m) => m.tintable)).size, slug).toBe(1);
    expect(products.filter((p) => p.tintable).length).toBeGreaterThanOrEqual(40);
  });

  it('tints no primer, aerosol, cleaner, clear coat or equipment', () => {
    for (const p of products) {
      if (/primer(?! & finish)|spray|aerosol|cleaner|degreaser|remover|clear|lacquer|varnish|respirator|tape|hose|tip\b|gun\b/i.test(p.name)) {
        expect(p.tintable, `${p.id}: ${p.name}`).toBe(false);
      }
      if (!p.packSize) expect(p.tintable, p.id).toBe(false);
    }
  });
});
