// Brand logos (240x80 wordmarks) and the brand-grid tiles (800x500) of the nine catalogue brands.
import { createRandom, darkenColor, fitTextSize, formatNumber as n, hashString, lightenColor, measureLuminance, mixColors, slugifyName } from '../../src/lib/product-art/lib.mjs';
import { drawBrandMark } from '../../src/lib/product-art/marks.mjs';
import { createDoc } from '../../src/lib/product-art/products.mjs';
import { MATERIALS } from '../../src/lib/product-art/studio.mjs';

const PALETTE = ['#1f4f7a', '#7a1f12', '#0c5e3f', '#5b2a86', '#6b4e16', '#123a6b', '#3a3f47', '#8a3b12', '#245e6b'];

/** The '#rrggbb' colours named in a CSS gradient, in order. */
export function readGradientColors(gradient) {
  return (String(gradient ?? '').match(/#[0-9a-f]{6}\b/gi) ?? []).map((c) => c.toLowerCase());
}

/** The colour a brand is shown in: its category gradient's deeper tone, else a stable pick. */
export function chooseBrandColor(brand, categories = []) {
  const cat = categories.find((c) => slugifyName(c.name) === slugifyName(brand) || c.id === slugifyName(brand));
  const colors = cat ? readGradientColors(cat.gradient) : [];
  if (colors.length) {
    // The darkest stop is often near-black; the richer of the two reads better as a brand colour.
    const [a, b = a] = colors;
    return measureLuminance(a) < 0.02 ? b : a;
  }
  return PALETTE[hashString(slugifyName(brand)) % PALETTE.length];
}

/** A 240x80 wordmark: the brand's geometric mark and its name, first word large, the rest in spaced capitals. */
export function renderLogo(brand, color) {
  const doc = createDoc();
  const ink = MATERIALS.ink;
  const p = [drawBrandMark(brand, { x: 10, y: 18, size: 44, color, accent: lightenColor(color, 0.45) })];
  const words = String(brand).trim().split(/\s+/);
  const maxW = 240 - 72 - 8;
  const style = hashString(slugifyName(brand)) % 2;
  if (words.length === 1) {
    const text = style ? brand.toUpperCase() : brand;
    const tracking = style ? 120 : -10;
    const size = fitTextSize(text, { max: 30, maxWidth: maxW, tracking });
    p.push(doc.ink.text(text, { x: 72, y: 40 + size * 0.36, size, fill: ink, tracking, weight: style ? 0.9 : 1.3 }));
  } else {
    const first = words[0];
    const rest = words.slice(1).join(' ').toUpperCase();
    const size = fitTextSize(first, { max: 28, maxWidth: maxW, tracking: -10 });
    p.push(doc.ink.text(first, { x: 72, y: 44, size, fill: ink, tracking: -10, weight: 1.3 }));
    const rs = fitTextSize(rest, { max: 10.5, maxWidth: maxW, tracking: 320 });
    p.push(doc.ink.text(rest, { x: 73, y: 61, size: rs, fill: color, tracking: 320, weight: 0.3 }));
  }
  return doc.finish(240, 80, p.join(''), `${brand} logo`);
}

/** An 800x500 brand tile in the category's gradient: a fan of colour cards, a brush sweep, the mark and name. */
export function renderBrandTile(category) {
  const doc = createDoc();
  const colors = readGradientColors(category.gradient);
  const [a, b] = [colors[0] ?? '#1f2a38', colors[1] ?? colors[0] ?? '#4a6d8c'];
  const rnd = createRandom(`tile:${category.id}`);
  const bg = doc.id('tg');
  doc.def(`<linearGradient id="${bg}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`);
  const glow = doc.id('tl');
  doc.def(`<radialGradient id="${glow}" cx=".78" cy=".2" r=".7"><stop offset="0" stop-color="#fff" stop-opacity=".22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`);
  const sh = doc.id('ts');
  doc.def(`<filter id="${sh}" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="9"/></filter>`);
  const p = [`<rect width="800" height="500" fill="url(#${bg})"/>`, `<rect width="800" height="500" fill="url(#${glow})"/>`];
  // A wide dry-brush sweep in a lighter tone of the brand.
  const sweep = [];
  for (let i = 0; i < 26; i++) {
    const y = 300 + i * 5 + rnd() * 4;
    const x1 = -20 + rnd() * 40;
    const x2 = 520 + rnd() * 160;
    sweep.push(`<path d="M${n(x1)} ${n(y + 40)}Q${n((x1 + x2) / 2)} ${n(y - 70)} ${n(x2)} ${n(y - 150 + rnd() * 10)}" stroke-width="${n(2 + rnd() * 5)}" stroke-opacity="${n(0.05 + rnd() * 0.1, 2)}"/>`);
  }
  p.push(`<g fill="none" stroke="#fff" stroke-linecap="round">${sweep.join('')}</g>`);
  // The fan deck: cards rotating about a pivot at the lower right.
  const tones = [lightenColor(b, 0.75), lightenColor(b, 0.5), lightenColor(b, 0.25), b, mixColors(a, b, 0.5), darkenColor(a, 0.1)];
  const px = 700;
  const py = 470;
  tones.forEach((t, i) => {
    const ang = -62 + i * 11;
    p.push(`<g transform="rotate(${ang} ${px} ${py})"><rect x="${px - 36}" y="${py - 380}" width="84" height="400" rx="8" fill="#000" opacity=".35" filter="url(#${sh})"/><rect x="${px - 42}" y="${py - 390}" width="84" height="400" rx="8" fill="#fbf9f5"/><rect x="${px - 36}" y="${py - 384}" width="72" height="300" rx="4" fill="${t}"/><rect x="${px - 36}" y="${py - 74}" width="40" height="3" fill="#17212e" opacity=".35"/><rect x="${px - 36}" y="${py - 66}" width="26" height="3" fill="#17212e" opacity=".2"/></g>`);
  });
  p.push(`<circle cx="${px}" cy="${py}" r="9" fill="#d9d4ca" stroke="#8e877b" stroke-width="2"/>`);
  // Mark and name.
  p.push(drawBrandMark(category.name, { x: 56, y: 56, size: 64, color: '#ffffff', accent: lightenColor(b, 0.6) }));
  const size = fitTextSize(category.name, { max: 54, maxWidth: 420, tracking: -10 });
  p.push(doc.ink.text(category.name, { x: 56, y: 420, size, fill: '#ffffff', tracking: -10, weight: 1.6 }));
  p.push(`<rect x="58" y="440" width="56" height="3" fill="#fff" opacity=".7"/>`);
  return doc.finish(800, 500, p.join(''), `${category.name}`);
}
