// Run by hand (`npx node scripts/media/build-glyphs.mjs`) when the typefaces change: it turns the
// self-hosted Inter and Fraunces outlines into src/lib/product-art/glyphs.json, so the generated art
// draws its lettering as paths and looks the same in every browser, in sharp and in the videos.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { create } from 'fontkitten';
import { optimize } from 'svgo';

const here = dirname(fileURLToPath(import.meta.url));
const fonts = join(here, '..', '..', 'node_modules', '@fontsource-variable');
const FACES = {
  sans: join(fonts, 'inter', 'files', 'inter-latin-wght-normal.woff2'),
  serif: join(fonts, 'fraunces', 'files', 'fraunces-latin-wght-normal.woff2'),
};
const EXTRA = '·–—’“”é°×½¼¾®™';
const UNITS = 1000;

/** Scales an SVG path string from font units to 1000 units per em, rounding to integers. */
function scalePath(d, k) {
  return d
    .replace(/-?\d*\.?\d+(?:e-?\d+)?/g, (n) => String(Math.round(Number(n) * k)))
    .replace(/ -/g, '-');
}

/** Rewrites a path in svgo's shortest form (relative commands, shorthand curves). */
function compactPath(d) {
  if (!d) return d;
  const svg = optimize(`<svg xmlns="http://www.w3.org/2000/svg"><path d="${d}"/></svg>`, { plugins: ['convertPathData'], floatPrecision: 0 }).data;
  return /d="([^"]*)"/.exec(svg)[1];
}

const out = {};
for (const [name, file] of Object.entries(FACES)) {
  const font = create(readFileSync(file));
  const k = UNITS / font.unitsPerEm;
  const glyphs = {};
  const chars = [];
  for (let c = 32; c < 127; c++) chars.push(String.fromCodePoint(c));
  chars.push(...EXTRA);
  for (const ch of chars) {
    const g = font.glyphForCodePoint(ch.codePointAt(0));
    if (!g || g.id === 0) continue;
    // Font outlines are y-up; flip once here so the art can place them directly.
    const d = compactPath(scalePath(g.path.scale(1, -1).toSVG(), k));
    glyphs[ch] = [Math.round(g.advanceWidth * k), d];
  }
  out[name] = {
    ascent: Math.round(font.ascent * k),
    descent: Math.round(font.descent * k),
    capHeight: Math.round(font.capHeight * k),
    xHeight: Math.round(font.xHeight * k),
    glyphs,
  };
}
writeFileSync(join(here, '..', '..', 'src', 'lib', 'product-art', 'glyphs.json'), JSON.stringify(out));
console.log('glyphs.json', Object.fromEntries(Object.entries(out).map(([k, v]) => [k, Object.keys(v.glyphs).length])));
