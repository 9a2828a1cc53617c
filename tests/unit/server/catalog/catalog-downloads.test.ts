import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCatalogDownloads } from '../../../../src/server/catalog/catalog-downloads';
import { ContentError } from '../../../../src/server/catalog/content-files';

let root: string;

/** Writes public/Catalog/catalogs.json (as text when given a string) and the named PDFs. */
function writeCatalogue(list: unknown, pdfs: readonly string[] = []) {
  const dir = join(root, 'public', 'Catalog');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'catalogs.json'), typeof list === 'string' ? list : JSON.stringify(list));
  for (const name of pdfs) writeFileSync(join(dir, name), '%PDF-1.7\n');
}

const paints = {
  name: 'Diamond Paints Catalog',
  description: 'Architectural paints, primers and coatings.',
  file: '/Catalog/diamond_paints_catalog.pdf',
  size: 103555,
  pages: 24,
};
const equipment = {
  name: 'Airless Spray Equipment Catalog',
  description: 'Airless sprayers, spray guns and tips.',
  file: 'airless_spray_equipment_catalog.pdf',
  size: 222929,
  pages: 21,
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'catalog-downloads-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('readCatalogDownloads', () => {
  it('lists the catalogues in file order, each with the public path of its PDF', () => {
    writeCatalogue([paints, equipment], ['diamond_paints_catalog.pdf', 'airless_spray_equipment_catalog.pdf']);
    expect(readCatalogDownloads(root)).toEqual([
      { ...paints, href: '/Catalog/diamond_paints_catalog.pdf' },
      { ...equipment, href: '/Catalog/airless_spray_equipment_catalog.pdf' },
    ]);
  });

  it('names the command that writes the list when it is missing', () => {
    expect(() => readCatalogDownloads(root)).toThrow(ContentError);
    expect(() => readCatalogDownloads(root)).toThrow(
      'public/Catalog/catalogs.json is missing. Run `npm run media` first (`npm run build` does).',
    );
  });

  it('says when the list is not JSON', () => {
    writeCatalogue('[{"name": ');
    expect(() => readCatalogDownloads(root)).toThrow(/^public\/Catalog\/catalogs\.json: not valid JSON \(/);
  });

  it('names the entry and field that break the schema', () => {
    writeCatalogue([paints, { ...equipment, pages: 0 }], ['diamond_paints_catalog.pdf', 'airless_spray_equipment_catalog.pdf']);
    expect(() => readCatalogDownloads(root)).toThrow(/^public\/Catalog\/catalogs\.json is malformed: [\s\S]*at \[1\]\.pages/);
  });

  it('refuses an empty list', () => {
    writeCatalogue([]);
    expect(() => readCatalogDownloads(root)).toThrow(ContentError);
    expect(() => readCatalogDownloads(root)).toThrow(/is malformed/);
  });

  it('names a listed PDF that is not in public/', () => {
    writeCatalogue([paints, equipment], ['diamond_paints_catalog.pdf']);
    expect(() => readCatalogDownloads(root)).toThrow(
      'public/Catalog/catalogs.json names /Catalog/airless_spray_equipment_catalog.pdf, which is not in public/. Run `npm run media`.',
    );
  });
});
