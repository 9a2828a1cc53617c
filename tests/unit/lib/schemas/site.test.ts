import { describe, expect, it } from 'vitest';
import { catalogDownloadSchema } from '../../../../src/lib/schemas/site';

const entry = {
  name: 'Diamond Paints Catalog',
  description: 'Architectural paints, primers and coatings with colours, finishes and prices.',
  file: '/Catalog/diamond_paints_catalog.pdf',
  size: 103555,
  pages: 24,
};

describe('catalogDownloadSchema', () => {
  it('accepts a catalogue entry with name, description, file, size and pages', () => {
    expect(catalogDownloadSchema.parse(entry)).toEqual(entry);
  });

  it('accepts the file as a /Catalog/ path or a bare PDF file name', () => {
    expect(catalogDownloadSchema.parse({ ...entry, file: 'airless_spray_equipment_catalog.pdf' }).file).toBe(
      'airless_spray_equipment_catalog.pdf',
    );
    expect(catalogDownloadSchema.safeParse({ ...entry, file: '/Catalog/Paints.PDF' }).success).toBe(true);
  });

  it('refuses a file that is not a PDF under /Catalog/', () => {
    for (const file of ['/images/paints.pdf', 'paints.zip', '/Catalog/sub/paints.pdf', '', 'https://example.com/a.pdf']) {
      const result = catalogDownloadSchema.safeParse({ ...entry, file });
      expect(result.success, file).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['file']);
    }
  });

  it('refuses a size or page count that is not a positive whole number', () => {
    for (const bad of [0, -1, 1.5]) {
      expect(catalogDownloadSchema.safeParse({ ...entry, size: bad }).success, `size ${bad}`).toBe(false);
      expect(catalogDownloadSchema.safeParse({ ...entry, pages: bad }).success, `pages ${bad}`).toBe(false);
    }
  });

  it('refuses an entry without a name or description', () => {
    expect(catalogDownloadSchema.safeParse({ ...entry, name: '' }).success).toBe(false);
    const { description: _, ...withoutDescription } = entry;
    expect(catalogDownloadSchema.safeParse(withoutDescription).success).toBe(false);
  });
});
