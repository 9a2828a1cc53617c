// Painterly building blocks for the scenes: brush strokes with bristle streaks, drips, stipple,
// spray mist and dot fields, all seeded so every build draws the same marks.
import { darkenColor, formatNumber as n, lightenColor } from './lib.mjs';

/** A wall or backdrop gradient in `tone`, lit from the upper left. */
export function drawWall(doc, w, h, tone, { light = 0.35, dark = 0.12 } = {}) {
  const g = doc.id('wl');
  const l = doc.id('wk');
  doc.def(`<linearGradient id="${g}" x1="0" y1="0" x2=".3" y2="1"><stop offset="0" stop-color="${lightenColor(tone, light * 0.4)}"/><stop offset="1" stop-color="${darkenColor(tone, dark)}"/></linearGradient>`);
  doc.def(`<radialGradient id="${l}" cx=".3" cy=".2" r=".9"><stop offset="0" stop-color="#fff" stop-opacity="${n(light, 2)}"/><stop offset=".6" stop-color="#fff" stop-opacity="0"/></radialGradient>`);
  return `<rect width="${w}" height="${h}" fill="url(#${g})"/><rect width="${w}" height="${h}" fill="url(#${l})"/>`;
}

/** A fine film grain over the whole picture (turbulence noise at low opacity). */
export function drawGrain(doc, w, h, { opacity = 0.08, seed = 3 } = {}) {
  const f = doc.id('gr');
  doc.def(`<filter id="${f}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency=".85" numOctaves="2" seed="${seed}" stitchTiles="stitch"/><feColorMatrix values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1.6 -0.55"/></filter>`);
  return `<rect width="${w}" height="${h}" filter="url(#${f})" opacity="${n(opacity, 2)}"/>`;
}

/**
 * A loaded brush stroke from (x1,y1) to (x2,y2), `width` wide: wavy edges, dry-brushed ragged
 * ends and bristle streaks in the direction of travel.
 */
export function drawBrushStroke(rnd, { x1, y1, x2, y2, width, color, streaks = 26, opacity = 1 }) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.hypot(dx, dy);
  const ux = dx / len;
  const uy = dy / len;
  const nx = -uy;
  const ny = ux;
  const steps = 16;
  const top = [];
  const bottom = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const taper = 1 - 0.18 * Math.abs(t - 0.35) - (t > 0.9 ? (t - 0.9) * 2.5 : 0);
    const half = (width / 2) * taper;
    const cx = x1 + dx * t;
    const cy = y1 + dy * t;
    const j1 = (rnd() - 0.5) * width * 0.06;
    const j2 = (rnd() - 0.5) * width * 0.06;
    top.push([cx + nx * (half + j1), cy + ny * (half + j1)]);
    bottom.push([cx - nx * (half + j2), cy - ny * (half + j2)]);
  }
  // Ragged tail: bristle fingers at the end of the stroke.
  const tail = [];
  const fingers = 7;
  for (let i = 0; i <= fingers; i++) {
    const s = 1 - (2 * i) / fingers;
    const reach = 10 + rnd() * width * 0.5;
    const bx = x2 + nx * s * width * 0.36 + ux * (i % 2 ? reach : reach * 0.3);
    const by = y2 + ny * s * width * 0.36 + uy * (i % 2 ? reach : reach * 0.3);
    tail.push([bx, by]);
  }
  const pts = [...top, ...tail, ...bottom.reverse()];
  const d = `M${pts.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}Z`;
  const lines = [];
  for (let i = 0; i < streaks; i++) {
    const off = (rnd() - 0.5) * width * 0.85;
    const a = rnd() * 0.3;
    const b = 0.55 + rnd() * 0.45;
    const light = rnd() > 0.45;
    lines.push(`<path stroke="${light ? '#fff' : '#000'}" stroke-opacity="${n(0.05 + rnd() * 0.1, 2)}" stroke-width="${n(1 + rnd() * 3)}" d="M${n(x1 + dx * a + nx * off)} ${n(y1 + dy * a + ny * off)}L${n(x1 + dx * b + nx * off)} ${n(y1 + dy * b + ny * off)}"/>`);
  }
  return `<g opacity="${n(opacity, 2)}"><path fill="${color}" d="${d}"/><g fill="none" stroke-linecap="round">${lines.join('')}</g></g>`;
}

/** A drip running down from y with a rounded bead at its end. */
export function drawDrip(x, y, length, width, color) {
  const w = width / 2;
  const e = y + length;
  return `<path fill="${color}" d="M${n(x - w * 1.6)} ${n(y)}Q${n(x - w)} ${n(y + 10)} ${n(x - w)} ${n(y + length * 0.3)}L${n(x - w * 0.85)} ${n(e - w)}A${n(w * 1.25)} ${n(w * 1.25)} 0 1 0 ${n(x + w * 0.85)} ${n(e - w)}L${n(x + w)} ${n(y + length * 0.3)}Q${n(x + w)} ${n(y + 10)} ${n(x + w * 1.6)} ${n(y)}Z"/><path fill="#fff" opacity=".35" d="M${n(x - w * 0.45)} ${n(y + 16)}L${n(x - w * 0.35)} ${n(e - w * 1.2)}L${n(x - w * 0.1)} ${n(e - w * 1.2)}L${n(x - w * 0.2)} ${n(y + 16)}Z"/>`;
}

/** Round dots as one path (zero-length segments with round caps), compact for thousands of dots. */
export function drawDots(points, { size = 4, color = '#000', opacity = 1 } = {}) {
  if (!points.length) return '';
  const d = points.map(([x, y]) => `M${n(x)} ${n(y)}h0`).join('');
  return `<path fill="none" stroke="${color}" stroke-width="${n(size)}" stroke-linecap="round" opacity="${n(opacity, 2)}" d="${d}"/>`;
}

/** A spray fan from a nozzle at (x, y) towards angle `dir` (degrees), `spread` degrees wide, as mist dots. */
export function drawSprayFan(rnd, { x, y, dir = 0, spread = 40, length = 800, count = 900, color, size = 3 }) {
  const pts = [];
  const pts2 = [];
  for (let i = 0; i < count; i++) {
    const t = Math.sqrt(rnd());
    const a = ((dir + (rnd() - 0.5) * spread * (0.6 + 0.4 * t)) * Math.PI) / 180;
    const r = t * length;
    (i % 3 ? pts : pts2).push([x + Math.cos(a) * r, y + Math.sin(a) * r]);
  }
  const g = `fan${Math.round(x)}${Math.round(y)}`;
  return `<defs><radialGradient id="${g}" cx="${n(x)}" cy="${n(y)}" r="${n(length)}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${color}" stop-opacity=".7"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient></defs>` +
    `<path fill="url(#${g})" d="M${n(x)} ${n(y)}L${n(x + Math.cos(((dir - spread / 2) * Math.PI) / 180) * length)} ${n(y + Math.sin(((dir - spread / 2) * Math.PI) / 180) * length)}A${length} ${length} 0 0 1 ${n(x + Math.cos(((dir + spread / 2) * Math.PI) / 180) * length)} ${n(y + Math.sin(((dir + spread / 2) * Math.PI) / 180) * length)}Z" opacity=".35"/>` +
    drawDots(pts, { size, color, opacity: 0.55 }) + drawDots(pts2, { size: size * 1.8, color, opacity: 0.35 });
}
