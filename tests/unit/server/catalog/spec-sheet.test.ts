import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../src/lib/schemas/catalog';
import { readProductFiles } from '../../../../src/server/catalog/content-files';
import { buildSpecSheet, wrapText } from '../../../../src/server/catalog/spec-sheet';
import { readPdfText } from '../../../helpers/pdf-text';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const site = JSON.parse(readFileSync(join(ROOT, 'content', 'site.json'), 'utf8'));
const products: Product[] = readProductFiles(ROOT).map((f) => f.product);
const NOW = new Date('2026-11-22T10:00:00Z');

/** How much text a product puts on its sheet. */
const textSize = (p: Product) =>
  JSON.stringify([p.name, p.description, p.features, p.technicalSpecs, p.certifications, p.usageInstructions, p.coverage]).length;
const longest = [...products].sort((a, b) => textSize(b) - textSize(a))[0]!;

describe('buildSpecSheet', () => {
  it('fits the product with the most text in content/products on one page, with every section present', async () => {
    const { pageCount, lines } = await readPdfText(await buildSpecSheet(longest, { site, now: NOW }));
    expect(pageCount).toBe(1);
    const all = lines.join('\n');
    expect(all).toContain('Graphene Coatings');
    expect(all).toContain(site.phone);
    expect(all).toContain(site.email);
    expect(all).toContain('TECHNICAL DATA SHEET');
    expect(all).toContain(longest.name.split(' ')[0]);
    expect(all).toContain(`SKU  ${longest.sku}`);
    expect(all).toContain(`Brand  ${longest.brand}`);
    expect(all).toContain(`Category  ${longest.category}`);
    expect(all).toContain(`$${longest.price.toFixed(2)}`);
    for (const heading of ['DESCRIPTION', 'FEATURES', 'USAGE INSTRUCTIONS', 'TECHNICAL SPECIFICATIONS', 'COVERAGE', 'FINISH']) expect(lines).toContain(heading);
    for (const spec of longest.technicalSpecs) {
      expect(lines).toContain(spec.value.replace(/≤/g, '<=').replace(/≥/g, '>='));
      if (spec.unit) expect(lines).toContain(spec.unit);
    }
    expect(lines).toContain(longest.finish);
    expect(all).toContain('Generated 22 November 2026');
    // Content text fits without being cut.
    expect(all).not.toContain('…');
  });

  it('shows the hazard section (pictogram names, signal word, statements, UFI, transport) and the VOC label line', async () => {
    const aerosol = products.find((p) => p.id === 'rustoleum-painters-touch-2x-flat-black-12oz')!;
    const { pageCount, lines } = await readPdfText(await buildSpecSheet(aerosol, { site, now: NOW }));
    expect(pageCount).toBe(1);
    const all = lines.join('\n');
    expect(lines).toContain('HAZARDS');
    expect(all).toContain('Flame (GHS02), Exclamation mark (GHS07)');
    expect(lines).toContain('DANGER');
    expect(all).toContain('H222 Extremely flammable aerosol.');
    expect(all).toContain(`UFI: ${aerosol.hazard!.ufi}`);
    expect(all).toContain('Transport: UN1950, division 2.1, aerosol, limited quantity');
    expect(all).toContain('Always read the label and product information before use.');
    const paint = products.find((p) => p.id === 'dc-ultra-interior-eggshell-1g')!;
    const sheet = (await readPdfText(await buildSpecSheet(paint, { site, now: NOW }))).lines.join(' ');
    expect(sheet).toContain('EU limit value for this product (cat. A/b): 100 g/l (2010). This product contains max 50 g/l VOC.');
    expect(sheet).not.toContain('HAZARDS');
  });

  it("says 'Price on request' for a quote-only product", async () => {
    const quoteOnly = products.find((p) => p.requestQuoteOnly)!;
    const { lines } = await readPdfText(await buildSpecSheet(quoteOnly, { site, now: NOW }));
    expect(lines).toContain('Price on request');
    expect(lines.join(' ')).not.toContain(`$${quoteOnly.price.toFixed(2)}`);
  });

  it('cuts overlong text with an ellipsis and stays on one page', async () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
    const huge: Product = {
      ...longest,
      name: `An Extremely Long Product Name ${words(40)}`,
      description: words(600),
      features: Array.from({ length: 30 }, (_, i) => `Feature ${i} ${words(30)}`),
      technicalSpecs: Array.from({ length: 60 }, (_, i) => ({ name: `Property ${i} ${words(10)}`, value: `${i} ${words(8)}`, unit: `unit ${words(6)}` })),
      certifications: Array.from({ length: 40 }, (_, i) => `Certificate ${i}`),
      usageInstructions: words(800),
      coverage: words(100),
    };
    const { pageCount, lines } = await readPdfText(await buildSpecSheet(huge, { site, now: NOW }));
    expect(pageCount).toBe(1);
    expect(lines.filter((l) => l.endsWith('…')).length).toBeGreaterThan(3);
    // The footer is still drawn after all that text.
    expect(lines.join('\n')).toContain('Generated 22 November 2026');
  });
});

describe('wrapText', () => {
  it('wraps at the width and ends the last kept line with an ellipsis when text is cut', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const lines = wrapText('one two three four five six seven eight nine ten', font, 10, 60, 2);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(60);
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect(wrapText('short text', font, 10, 200, 3)).toEqual(['short text']);
  });
});
