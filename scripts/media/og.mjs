// The default Open Graph image (1200x630): the brand on ink with a fan of real paint colours.
import { createRandom, fitTextSize } from '../../src/lib/product-art/lib.mjs';
import { drawBrushStroke } from '../../src/lib/product-art/paint-marks.mjs';
import { drawBrandMark } from '../../src/lib/product-art/marks.mjs';
import { createDoc } from '../../src/lib/product-art/products.mjs';

const COLORS = ['#1f4f7a', '#c9b79c', '#b32428', '#3b5e3a', '#e5be01', '#2a6478', '#d0542c'];

/** The OG image as SVG (rasterised to PNG by the generator). */
export function renderOgImage(site = {}) {
  const doc = createDoc();
  const rnd = createRandom('og');
  const name = String(site.name || 'Graphene Coatings');
  const tagline = String(site.tagline || 'Professional paints, coatings and spray equipment');
  const p = ['<rect width="1200" height="630" fill="#17212e"/>'];
  COLORS.forEach((c, i) => {
    p.push(drawBrushStroke(rnd, { x1: 640 + i * 18, y1: 40 + i * 84, x2: 1260, y2: 30 + i * 84 + (rnd() - 0.5) * 30, width: 78, color: c, streaks: 12 }));
  });
  p.push(drawBrandMark(name, { x: 72, y: 150, size: 64, color: '#ffffff', accent: '#e5be01' }));
  const size = fitTextSize(name, { max: 64, maxWidth: 560 });
  p.push(doc.ink.text(name, { x: 72, y: 300, size, fill: '#ffffff', weight: 2.2, tracking: -10 }));
  const ts = fitTextSize(tagline, { max: 24, maxWidth: 540 });
  p.push(doc.ink.text(tagline, { x: 74, y: 350, size: ts, fill: '#c9d1da' }));
  const city = [site.address?.city, site.address?.region].filter(Boolean).join(', ');
  if (city) p.push(doc.ink.text(`${city.toUpperCase()}${site.founded ? `  ·  SINCE ${site.founded}` : ''}`, { x: 74, y: 520, size: 14, fill: '#e5be01', tracking: 240, weight: 0.4 }));
  return doc.finish(1200, 630, p.join(''));
}
