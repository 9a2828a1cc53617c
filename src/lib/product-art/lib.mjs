// Small helpers shared by the media generators (scripts/media) and the server's product art
// (src/server/media/product-art.ts): colour maths, a seeded random source, lettering drawn as
// paths, number formatting that keeps the SVG short and the output byte-for-byte stable.
// Imported, not read from disk: the server bundles this code to draw product art on demand
// (src/server/media/product-art.ts), where no glyphs.json sits beside the bundle.
import GLYPHS from './glyphs.json' with { type: 'json' };

/** Rounds to at most `digits` decimals and prints without trailing zeros. */
export function formatNumber(n, digits = 1) {
  const k = 10 ** digits;
  const v = Math.round(n * k) / k;
  return Object.is(v, -0) ? '0' : String(v);
}

/** Lower-cases a name and turns every run of non-alphanumerics into one '-'. */
export function slugifyName(name) {
  return String(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Escapes text for use inside XML content or attributes. */
export function escapeXml(s) {
  return String(s).replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]);
}

/** A 32-bit hash of a string (FNV-1a), used to seed per-item randomness. */
export function hashString(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A deterministic random source (mulberry32) seeded by a string or number; returns () => [0,1). */
export function createRandom(seed) {
  let a = typeof seed === 'number' ? seed >>> 0 : hashString(String(seed));
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Parses '#rrggbb' (or '#rgb') into [r, g, b] 0-255; anything else gives neutral grey. */
export function parseHex(hex) {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(String(hex ?? '').trim());
  if (!m) return [150, 150, 150];
  let h = m[1];
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
}

/** Prints [r, g, b] as '#rrggbb'. */
export function toHex([r, g, b]) {
  return `#${[r, g, b].map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('')}`;
}

/** Mixes two colours: t=0 gives a, t=1 gives b. */
export function mixColors(a, b, t) {
  const ca = parseHex(a);
  const cb = parseHex(b);
  return toHex(ca.map((v, i) => v + (cb[i] - v) * t));
}

/** Lightens a colour towards white by t (0-1). */
export function lightenColor(c, t) {
  return mixColors(c, '#ffffff', t);
}

/** Darkens a colour towards black by t (0-1). */
export function darkenColor(c, t) {
  return mixColors(c, '#000000', t);
}

/** Relative luminance (WCAG) of a colour, 0 (black) to 1 (white). */
export function measureLuminance(c) {
  const [r, g, b] = parseHex(c).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Normalises a colour to lower-case '#rrggbb', falling back to `fallback` when it is not one. */
export function normalizeColor(c, fallback = '#9a9a96') {
  return /^#[0-9a-f]{6}$/i.test(String(c ?? '')) ? String(c).toLowerCase() : fallback;
}

/** Width in em-thousandths of `text` in the face, with extra `tracking` (em/1000) between letters. */
export function measureText(text, face = 'sans', tracking = 0) {
  const f = GLYPHS[face];
  let w = 0;
  for (const ch of text) w += (f.glyphs[ch] ?? f.glyphs['?'])[0] + tracking;
  return w - (text.length ? tracking : 0);
}

/**
 * Lettering drawn as glyph outlines (Inter as 'sans', Fraunces as 'serif') so no font is needed.
 * Each glyph used is defined once in <defs> and placed with <use>; call defs() after the text.
 */
export function createLettering() {
  const used = new Map();
  return {
    /**
     * Sets `text` at `size` user units with its baseline at y, anchored start/middle/end at x.
     * `weight` > 0 thickens the strokes (faux bold; only the regular masters are bundled).
     */
    text(text, { x = 0, y = 0, size = 16, face = 'sans', anchor = 'start', fill = '#111', tracking = 0, weight = 0, opacity } = {}) {
      const f = GLYPHS[face];
      const str = String(text);
      let pen = 0;
      const uses = [];
      for (const ch of str) {
        const key = f.glyphs[ch] ? ch : '?';
        const g = f.glyphs[key];
        if (g[1]) {
          const id = `${face === 'serif' ? 'f' : 'i'}${key.codePointAt(0)}`;
          used.set(id, g[1]);
          uses.push(`<use href="#${id}"${pen ? ` x="${Math.round(pen)}"` : ''}/>`);
        }
        pen += g[0] + tracking;
      }
      const width = (pen - (str.length ? tracking : 0)) * (size / 1000);
      const x0 = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
      const stroke = weight > 0 ? ` stroke="${fill}" stroke-width="${formatNumber(weight * 1000 / size, 0)}" stroke-linejoin="round"` : '';
      const op = opacity !== undefined ? ` opacity="${formatNumber(opacity, 2)}"` : '';
      return `<g transform="translate(${formatNumber(x0, 2)} ${formatNumber(y, 2)}) scale(${formatNumber(size / 1000, 5)})" fill="${fill}"${stroke}${op}>${uses.join('')}</g>`;
    },
    /** The <path> definitions of every glyph set so far, to go inside <defs>. */
    defs() {
      return [...used.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, d]) => `<path id="${id}" d="${d}"/>`).join('');
    },
  };
}

/** Breaks words into lines greedily: a line takes the next word while `fits` says it still fits (a word too long for any line gets one of its own). */
export function breakLines(words, fits) {
  const lines = [];
  let line = '';
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    if (fits(next) || !line) line = next;
    else {
      lines.push(line);
      line = w;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Splits text into at most `maxLines` lines no wider than `maxWidth` at `size`; what does not fit is left out. */
export function wrapText(text, { size, maxWidth, face = 'sans', tracking = 0, maxLines = 2 }) {
  const words = String(text).split(/\s+/).filter(Boolean);
  return breakLines(words, (s) => (measureText(s, face, tracking) * size) / 1000 <= maxWidth).slice(0, maxLines);
}

/** The largest size (≤ max) at which `text` fits in `maxWidth`. */
export function fitTextSize(text, { max, min = 6, maxWidth, face = 'sans', tracking = 0 }) {
  const w = measureText(String(text), face, tracking) / 1000;
  if (w <= 0) return max;
  return Math.max(min, Math.min(max, maxWidth / w));
}

/** Wraps SVG body markup in a root element with viewBox and width/height. */
export function wrapSvg(width, height, body, { title } = {}) {
  const t = title ? `<title>${escapeXml(title)}</title>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${t}${body}</svg>`;
}
