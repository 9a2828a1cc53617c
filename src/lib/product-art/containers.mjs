// Paint containers drawn in the shared studio: gallon can, 5-gallon pail, 55-gallon drum,
// aerosol, jug and two-part kit. The label always carries the product's own colour.
import { darkenColor, fitTextSize, formatNumber as n, lightenColor, measureLuminance, measureText, mixColors, wrapText } from './lib.mjs';
import { drawBrandMark } from './marks.mjs';
import { MATERIALS, pathBand, pathCylinder, pathFrontArc, shadeCylinder, shadeDome, shadeOverlay, shadeTopLit } from './studio.mjs';

/** Text colour that reads on a background colour (ink on light, white on dark). */
export function pickTextColor(bg) {
  return measureLuminance(bg) > 0.42 ? MATERIALS.ink : '#ffffff';
}

/**
 * A printed label wrapped round a (possibly tapered) cylinder between y1 and y2: paper top with
 * brand and product name, a block of the paint colour below with the colour name, finish and size.
 */
export function drawWrapLabel(doc, { cx, y1, y2, rx1, rx2 = rx1, ry, info, compact = false }) {
  const { color, brand, shortName, colorName, finish, pack } = info;
  const H = y2 - y1;
  const rxm = (rx1 + rx2) / 2;
  const shade = doc.id('lo');
  doc.def(shadeOverlay(shade));
  const split = y1 + H * (compact ? 0.5 : 0.5);
  const rxs = rx1 + (rx2 - rx1) * ((split - y1) / H);
  const textOn = pickTextColor(color);
  const parts = [];
  parts.push(`<path fill="${MATERIALS.paper}" d="${pathBand(cx, y1, y2, rx1, ry, rx2)}"/>`);
  parts.push(`<path fill="${color}" d="${pathBand(cx, split, y2, rxs, ry * (rxs / rx1), rx2)}"/>`);
  // A hairline where colour meets paper, as a printed label has.
  parts.push(`<path fill="none" stroke="${darkenColor(color, 0.25)}" stroke-width="1.2" opacity=".5" d="${pathFrontArc(cx, split, rxs, ry * (rxs / rx1))}"/>`);
  const front = ry * 0.92;
  const w = rxm * 1.45;
  // Brand line: mark and spaced capitals, then the product name in up to two lines.
  const markSize = Math.min(26, H * 0.09);
  const brandText = brand.toUpperCase();
  const bSize = fitTextSize(brandText, { max: Math.min(13, H * 0.045), maxWidth: w - markSize - 8, tracking: 200 });
  const brandW = (measureText(brandText, 'sans', 200) * bSize) / 1000;
  const lineW = markSize + 8 + brandW;
  let y = y1 + front + H * 0.045 + markSize;
  parts.push(drawBrandMark(brand, { x: cx - lineW / 2, y: y - markSize, size: markSize, color: MATERIALS.ink, accent: color }));
  parts.push(doc.ink.text(brandText, { x: cx - lineW / 2 + markSize + 8, y: y - markSize / 2 + bSize * 0.36, size: bSize, fill: MATERIALS.ink, tracking: 200, weight: 0.45 }));
  const nameMax = Math.min(30, H * 0.105);
  const lines = wrapText(shortName, { size: nameMax, maxWidth: w, maxLines: 3 });
  const fitted = Math.min(nameMax, ...lines.map((l) => fitTextSize(l, { max: nameMax, maxWidth: w })));
  const room = split + front * 0.55 - y - 10;
  const size = Math.min(fitted, room / (lines.length * 1.15 + 0.25));
  y += (room - size * (lines.length * 1.15 - 0.15)) / 2 + size * 0.9;
  for (const line of lines) {
    parts.push(doc.ink.text(line, { x: cx, y, size, anchor: 'middle', fill: MATERIALS.ink, weight: size * 0.022 }));
    y += size * 1.15;
  }
  // Colour block: colour name, finish, pack size.
  let yb = split + front + H * 0.12;
  const cn = colorName || '';
  if (cn) {
    const cs = fitTextSize(cn, { max: Math.min(24, H * 0.075), maxWidth: w, face: 'sans' });
    parts.push(doc.ink.text(cn, { x: cx, y: yb, size: cs, face: 'sans', anchor: 'middle', fill: textOn }));
    yb += cs * 1.3;
  }
  const fin = String(finish || '').toUpperCase();
  if (fin) {
    const fs = fitTextSize(fin, { max: Math.min(13, H * 0.045), maxWidth: w, tracking: 220 });
    parts.push(doc.ink.text(fin, { x: cx, y: yb, size: fs, anchor: 'middle', fill: textOn, tracking: 220, weight: 0.35, opacity: 0.9 }));
    yb += fs * 1.7;
  }
  const packText = pack.filter(Boolean).join('  ·  ');
  if (packText && yb < y2 - 4) {
    const ps = Math.min(11, H * 0.04);
    parts.push(doc.ink.text(packText, { x: cx, y: Math.min(y2 + front * 0.5 - 10, yb + ps), size: ps, anchor: 'middle', fill: textOn, tracking: 120, opacity: 0.8 }));
  }
  parts.push(`<path fill="url(#${shade})" d="${pathBand(cx, y1, y2, rx1, ry, rx2)}"/>`);
  return parts.join('');
}

/** A vertical specular streak for glossy cylinders. */
function drawSpecular(doc, { x, y1, y2, w, opacity = 0.5 }) {
  const g = doc.id('sp');
  doc.def(`<linearGradient id="${g}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset=".5" stop-color="#fff" stop-opacity="${opacity}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`);
  return `<rect x="${n(x)}" y="${n(y1)}" width="${n(w)}" height="${n(y2 - y1)}" fill="url(#${g})"/>`;
}

/** A gallon paint can with wire bail, lid, chime and a wrapped label. */
export function drawCan(doc, info, { cx = 400, bottom = 630, rx = 158, height = 330, drip = true } = {}) {
  const ry = rx * 0.2;
  const top = bottom - height;
  const tin = doc.id('tn');
  const lid = doc.id('ld');
  doc.def(shadeCylinder(tin, MATERIALS.tin, { spec: 0.55, dark: 0.55 }));
  doc.def(shadeDome(lid, '#cfd2d4', { spec: 0.6, dark: 0.3 }));
  const p = [];
  // Bail handle raised behind the can.
  p.push(`<path fill="none" stroke="#8d9296" stroke-width="5" d="M${n(cx - rx - 4)} ${n(top + 52)}C${n(cx - rx - 10)} ${n(top - 150)} ${n(cx + rx + 10)} ${n(top - 150)} ${n(cx + rx + 4)} ${n(top + 52)}"/>`);
  p.push(`<path fill="none" stroke="#e7e9ea" stroke-width="1.6" opacity=".8" d="M${n(cx - rx - 5)} ${n(top + 48)}C${n(cx - rx - 10)} ${n(top - 146)} ${n(cx + rx + 10)} ${n(top - 146)} ${n(cx + rx + 3)} ${n(top + 48)}"/>`);
  p.push(`<rect x="${n(cx - 34)}" y="${n(top - 122)}" width="68" height="16" rx="8" fill="${MATERIALS.rubber}"/><rect x="${n(cx - 30)}" y="${n(top - 120)}" width="60" height="4" rx="2" fill="#fff" opacity=".18"/>`);
  p.push(`<path fill="url(#${tin})" d="${pathCylinder(cx, top, bottom, rx, ry)}"/>`);
  // Bottom bead and top chime.
  p.push(`<path fill="none" stroke="#6f7478" stroke-width="2" opacity=".55" d="${pathFrontArc(cx, bottom - 10, rx, ry)}"/>`);
  p.push(`<path fill="none" stroke="#fff" stroke-width="1.4" opacity=".55" d="${pathFrontArc(cx, bottom - 13, rx, ry)}"/>`);
  p.push(drawWrapLabel(doc, { cx, y1: top + 30, y2: bottom - 26, rx1: rx, ry, info }));
  p.push(`<path fill="none" stroke="#7d8286" stroke-width="2" opacity=".6" d="${pathFrontArc(cx, top + 18, rx, ry)}"/>`);
  // Ears of the bail.
  for (const s of [-1, 1]) p.push(`<rect x="${n(cx + s * rx - 7)}" y="${n(top + 38)}" width="14" height="26" rx="5" fill="#a7acb0" stroke="#6f7478" stroke-width="1"/>`);
  p.push(`<ellipse cx="${cx}" cy="${n(top)}" rx="${rx}" ry="${n(ry)}" fill="#b9bdc0"/>`);
  p.push(`<ellipse cx="${cx}" cy="${n(top + 1)}" rx="${rx - 6}" ry="${n(ry - 2)}" fill="#8e9397"/>`);
  p.push(`<ellipse cx="${cx}" cy="${n(top + 3)}" rx="${rx - 12}" ry="${n(ry - 4)}" fill="url(#${lid})"/>`);
  p.push(`<ellipse cx="${cx}" cy="${n(top + 3)}" rx="${rx - 34}" ry="${n(ry - 9)}" fill="none" stroke="#9ba0a4" stroke-width="2"/>`);
  p.push(`<ellipse cx="${cx}" cy="${n(top + 2)}" rx="${rx - 36}" ry="${n(ry - 10)}" fill="none" stroke="#eef0f1" stroke-width="1.2" opacity=".8"/>`);
  if (drip) {
    // A dab of the colour on the rim: the can has been opened and used.
    const c = info.color;
    const x = cx + rx * 0.42;
    const yy = top + ry * 0.9;
    p.push(`<path fill="${c}" d="M${n(x - 26)} ${n(yy - 4)}Q${n(x)} ${n(yy + 6)} ${n(x + 30)} ${n(yy - 6)}L${n(x + 24)} ${n(yy + 14)}Q${n(x + 20)} ${n(yy + 40)} ${n(x + 12)} ${n(yy + 44)}Q${n(x + 4)} ${n(yy + 40)} ${n(x + 4)} ${n(yy + 18)}Q${n(x - 6)} ${n(yy + 16)} ${n(x - 12)} ${n(yy + 22)}Q${n(x - 20)} ${n(yy + 12)} ${n(x - 26)} ${n(yy - 4)}Z"/>`);
    p.push(`<path fill="#fff" opacity=".45" d="M${n(x + 8)} ${n(yy + 20)}Q${n(x + 10)} ${n(yy + 34)} ${n(x + 13)} ${n(yy + 38)}Q${n(x + 14)} ${n(yy + 28)} ${n(x + 12)} ${n(yy + 18)}Z"/>`);
  }
  p.push(drawSpecular(doc, { x: cx - rx * 0.55, y1: top + 8, y2: bottom - 6, w: rx * 0.18, opacity: 0.28 }));
  return p.join('');
}

/** A 5-gallon plastic pail: tapered body, ribbed rim, coloured lid, wire handle and label. */
export function drawPail(doc, info, { cx = 400, bottom = 632, rxTop = 178, rxBottom = 150, height = 380 } = {}) {
  const ry = rxTop * 0.2;
  const top = bottom - height;
  const body = doc.id('pb');
  const lid = doc.id('pl');
  const lidSide = doc.id('ps');
  const plastic = mixColors(MATERIALS.plastic, info.color, 0.05);
  doc.def(shadeCylinder(body, plastic, { spec: 0.3, dark: 0.32 }));
  doc.def(shadeDome(lid, info.color, { spec: 0.35, dark: 0.25 }));
  doc.def(shadeCylinder(lidSide, info.color, { spec: 0.3, dark: 0.45 }));
  const p = [];
  p.push(`<path fill="none" stroke="#7d8287" stroke-width="5" d="M${n(cx - rxTop + 4)} ${n(top + 70)}C${n(cx - rxTop - 40)} ${n(top - 170)} ${n(cx + rxTop + 40)} ${n(top - 170)} ${n(cx + rxTop - 4)} ${n(top + 70)}"/>`);
  p.push(`<rect x="${n(cx - 48)}" y="${n(top - 116)}" width="96" height="22" rx="11" fill="${MATERIALS.rubber}"/><rect x="${n(cx - 42)}" y="${n(top - 113)}" width="84" height="5" rx="2.5" fill="#fff" opacity=".2"/>`);
  p.push(`<path fill="url(#${body})" d="${pathCylinder(cx, top, bottom, rxTop, ry, rxBottom)}"/>`);
  // Stacking ribs below the lid.
  for (let i = 0; i < 3; i++) {
    const y = top + 40 + i * 14;
    const r = rxTop - (rxTop - rxBottom) * ((y - top) / height);
    p.push(`<path fill="none" stroke="${darkenColor(plastic, 0.3)}" stroke-width="3" opacity=".5" d="${pathFrontArc(cx, y, r, ry * (r / rxTop))}"/>`);
    p.push(`<path fill="none" stroke="#fff" stroke-width="1.5" opacity=".7" d="${pathFrontArc(cx, y - 3, r, ry * (r / rxTop))}"/>`);
  }
  const y1 = top + 96;
  const y2 = bottom - 30;
  const r1 = rxTop - (rxTop - rxBottom) * ((y1 - top) / height);
  const r2 = rxTop - (rxTop - rxBottom) * ((y2 - top) / height);
  p.push(drawWrapLabel(doc, { cx, y1, y2, rx1: r1, rx2: r2, ry: ry * (r1 / rxTop), info }));
  for (const s of [-1, 1]) p.push(`<circle cx="${n(cx + s * (rxTop - 4))}" cy="${n(top + 70)}" r="9" fill="${darkenColor(plastic, 0.2)}"/>`);
  // Lid: a coloured skirt and a slightly domed top.
  p.push(`<path fill="url(#${lidSide})" d="${pathCylinder(cx, top - 8, top + 26, rxTop + 6, ry + 1)}"/>`);
  for (let i = 0; i < 16; i++) {
    const a = -Math.PI + ((i + 0.5) / 16) * Math.PI;
    const x = cx + Math.cos(a + Math.PI) * (rxTop + 6) * -1;
    p.push(`<rect x="${n(x - 1.5)}" y="${n(top + 4 + Math.sin(-a) * ry)}" width="3" height="14" fill="${darkenColor(info.color, 0.35)}" opacity=".35"/>`);
  }
  p.push(`<ellipse cx="${cx}" cy="${n(top - 8)}" rx="${rxTop + 6}" ry="${n(ry + 1)}" fill="url(#${lid})"/>`);
  p.push(`<ellipse cx="${cx}" cy="${n(top - 9)}" rx="${rxTop - 20}" ry="${n(ry - 5)}" fill="none" stroke="${darkenColor(info.color, 0.2)}" stroke-width="2" opacity=".6"/>`);
  p.push(`<ellipse cx="${cx + 40}" cy="${n(top - 12)}" rx="26" ry="7" fill="${darkenColor(info.color, 0.18)}"/><ellipse cx="${cx + 40}" cy="${n(top - 14)}" rx="22" ry="5.5" fill="${lightenColor(info.color, 0.18)}"/>`);
  p.push(drawSpecular(doc, { x: cx - rxTop * 0.58, y1: top + 30, y2: bottom - 8, w: rxTop * 0.14, opacity: 0.32 }));
  return p.join('');
}

/** A 55-gallon steel drum painted in the product colour, with rolling hoops, bungs and a sticker. */
export function drawDrum(doc, info, { cx = 400, bottom = 636, rx = 165, height = 470 } = {}) {
  const ry = rx * 0.2;
  const top = bottom - height;
  const paint = doc.id('dr');
  doc.def(shadeCylinder(paint, info.color, { spec: 0.38, dark: 0.55 }));
  const p = [];
  p.push(`<path fill="url(#${paint})" d="${pathCylinder(cx, top, bottom, rx, ry)}"/>`);
  for (const f of [0.02, 0.34, 0.66, 0.98]) {
    const y = top + height * f;
    p.push(`<path fill="none" stroke="${darkenColor(info.color, 0.45)}" stroke-width="${f === 0.02 || f === 0.98 ? 6 : 4}" opacity=".7" d="${pathFrontArc(cx, y + 3, rx, ry)}"/>`);
    p.push(`<path fill="none" stroke="${lightenColor(info.color, 0.5)}" stroke-width="2.5" opacity=".7" d="${pathFrontArc(cx, y - 2, rx, ry)}"/>`);
  }
  // A square sticker on the front panel.
  const sx = cx - 102;
  const sy = top + height * 0.4;
  const sw = 204;
  const sh = height * 0.23;
  p.push(`<path fill="${MATERIALS.paper}" d="M${n(sx)} ${n(sy + ry * 0.7)}Q${n(cx)} ${n(sy + ry * 1.15)} ${n(sx + sw)} ${n(sy + ry * 0.7)}L${n(sx + sw)} ${n(sy + sh + ry * 0.7)}Q${n(cx)} ${n(sy + sh + ry * 1.15)} ${n(sx)} ${n(sy + sh + ry * 0.7)}Z"/>`);
  p.push(`<rect x="${n(sx + 12)}" y="${n(sy + ry + 6)}" width="10" height="${n(sh - 20)}" fill="${info.color}"/>`);
  p.push(drawBrandMark(info.brand, { x: sx + 34, y: sy + ry + 8, size: 24, color: MATERIALS.ink, accent: info.color }));
  p.push(doc.ink.text(info.brand.toUpperCase(), { x: sx + 66, y: sy + ry + 26, size: fitTextSize(info.brand.toUpperCase(), { max: 12, maxWidth: sw - 80, tracking: 120 }), fill: MATERIALS.ink, tracking: 120, weight: 0.3 }));
  const lines = wrapText(info.shortName, { size: 17, maxWidth: sw - 50, face: 'sans', maxLines: 2 });
  const size = Math.min(17, ...lines.map((l) => fitTextSize(l, { max: 17, maxWidth: sw - 50, face: 'sans' })));
  lines.forEach((l, i) => p.push(doc.ink.text(l, { x: sx + 34, y: sy + ry + 56 + i * size * 1.15, size, face: 'sans', fill: MATERIALS.ink })));
  p.push(doc.ink.text(info.pack.filter(Boolean).join('  ·  '), { x: sx + 34, y: sy + sh + ry * 0.7 - 6, size: 9, fill: MATERIALS.ink, tracking: 120, opacity: 0.7 }));
  const ov = doc.id('do');
  doc.def(shadeOverlay(ov, { strength: 0.5 }));
  p.push(`<path fill="url(#${ov})" d="${pathCylinder(cx, top, bottom, rx, ry)}"/>`);
  // Lid with two bungs.
  p.push(`<ellipse cx="${cx}" cy="${n(top)}" rx="${rx}" ry="${n(ry)}" fill="${darkenColor(info.color, 0.2)}"/>`);
  p.push(`<ellipse cx="${cx}" cy="${n(top + 2)}" rx="${rx - 10}" ry="${n(ry - 3)}" fill="${lightenColor(info.color, 0.12)}"/>`);
  p.push(`<ellipse cx="${n(cx - 90)}" cy="${n(top + 2)}" rx="18" ry="5" fill="#8f9498"/><ellipse cx="${n(cx - 90)}" cy="${n(top)}" rx="14" ry="3.6" fill="#c9ccce"/>`);
  p.push(`<ellipse cx="${n(cx + 70)}" cy="${n(top + 6)}" rx="26" ry="7" fill="#8f9498"/><ellipse cx="${n(cx + 70)}" cy="${n(top + 3)}" rx="21" ry="5" fill="#c9ccce"/>`);
  p.push(drawSpecular(doc, { x: cx - rx * 0.56, y1: top + 10, y2: bottom - 6, w: rx * 0.16, opacity: 0.3 }));
  return p.join('');
}

/** An aerosol can: printed body, domed shoulder and a cap in the product colour. */
export function drawAerosol(doc, info, { cx = 400, bottom = 636, rx = 84, height = 400 } = {}) {
  const ry = rx * 0.2;
  const top = bottom - height;
  const tin = doc.id('at');
  const cap = doc.id('ac');
  const dome = doc.id('ad');
  doc.def(shadeCylinder(tin, MATERIALS.tin, { spec: 0.55, dark: 0.55 }));
  doc.def(shadeCylinder(cap, info.color, { spec: 0.5, dark: 0.45 }));
  doc.def(shadeDome(dome, '#c9ccce', { spec: 0.6, dark: 0.4 }));
  const p = [];
  p.push(`<path fill="url(#${tin})" d="${pathCylinder(cx, top, bottom, rx, ry)}"/>`);
  p.push(drawWrapLabel(doc, { cx, y1: top + 14, y2: bottom - 18, rx1: rx, ry, info, compact: true }));
  // Shoulder dome and valve cup.
  p.push(`<path fill="url(#${dome})" d="M${n(cx - rx)} ${n(top)}Q${n(cx - rx)} ${n(top - 48)} ${n(cx - 40)} ${n(top - 56)}L${n(cx + 40)} ${n(top - 56)}Q${n(cx + rx)} ${n(top - 48)} ${n(cx + rx)} ${n(top)}A${n(rx)} ${n(ry)} 0 0 1 ${n(cx - rx)} ${n(top)}Z"/>`);
  const ct = top - 150;
  p.push(`<path fill="url(#${cap})" d="${pathCylinder(cx, ct, top - 44, rx - 8, ry - 1.5)}"/>`);
  p.push(`<ellipse cx="${cx}" cy="${n(ct)}" rx="${rx - 8}" ry="${n(ry - 1.5)}" fill="${lightenColor(info.color, 0.22)}"/>`);
  p.push(`<path fill="none" stroke="${darkenColor(info.color, 0.3)}" stroke-width="2" opacity=".6" d="${pathFrontArc(cx, top - 54, rx - 8, ry - 1.5)}"/>`);
  p.push(drawSpecular(doc, { x: cx - rx * 0.56, y1: ct + 4, y2: bottom - 6, w: rx * 0.2, opacity: 0.35 }));
  return p.join('');
}

/** A one-gallon plastic jug with handle, cap and a front label. */
export function drawBottle(doc, info, { cx = 400, bottom = 640 } = {}) {
  const w = 250;
  const h = 380;
  const x0 = cx - w / 2;
  const top = bottom - h;
  const g = doc.id('bj');
  const capG = doc.id('bc');
  const plastic = mixColors('#f3f1ea', info.color, 0.04);
  doc.def(`<linearGradient id="${g}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${darkenColor(plastic, 0.3)}"/><stop offset=".12" stop-color="${darkenColor(plastic, 0.06)}"/><stop offset=".3" stop-color="#fff"/><stop offset=".7" stop-color="${darkenColor(plastic, 0.06)}"/><stop offset=".92" stop-color="${darkenColor(plastic, 0.28)}"/><stop offset="1" stop-color="${darkenColor(plastic, 0.18)}"/></linearGradient>`);
  doc.def(shadeCylinder(capG, info.color, { spec: 0.4, dark: 0.45 }));
  const p = [];
  // Body with the handle loop at the back right; the hole shows the backdrop.
  const body = `M${n(x0 + 18)} ${n(bottom)}Q${n(x0)} ${n(bottom)} ${n(x0)} ${n(bottom - 20)}L${n(x0)} ${n(top + 110)}Q${n(x0)} ${n(top + 70)} ${n(x0 + 40)} ${n(top + 52)}L${n(cx - 40)} ${n(top + 30)}L${n(cx - 36)} ${n(top)}L${n(cx + 8)} ${n(top)}L${n(cx + 12)} ${n(top + 26)}L${n(x0 + w - 40)} ${n(top + 18)}Q${n(x0 + w)} ${n(top + 20)} ${n(x0 + w)} ${n(top + 70)}L${n(x0 + w)} ${n(bottom - 20)}Q${n(x0 + w)} ${n(bottom)} ${n(x0 + w - 18)} ${n(bottom)}Z`;
  const hole = `M${n(cx + 28)} ${n(top + 56)}L${n(x0 + w - 46)} ${n(top + 48)}Q${n(x0 + w - 22)} ${n(top + 50)} ${n(x0 + w - 22)} ${n(top + 80)}L${n(x0 + w - 22)} ${n(top + 120)}Q${n(x0 + w - 30)} ${n(top + 100)} ${n(x0 + w - 60)} ${n(top + 100)}L${n(cx + 30)} ${n(top + 104)}Z`;
  p.push(`<path fill="url(#${g})" fill-rule="evenodd" d="${body}${hole}"/>`);
  p.push(`<path fill="none" stroke="${darkenColor(plastic, 0.25)}" stroke-width="1.5" opacity=".6" d="${hole}"/>`);
  // Cap.
  p.push(`<rect x="${n(cx - 44)}" y="${n(top - 40)}" width="60" height="46" rx="6" fill="url(#${capG})"/>`);
  for (let i = 0; i < 7; i++) p.push(`<rect x="${n(cx - 40 + i * 8)}" y="${n(top - 36)}" width="2" height="38" fill="#000" opacity=".12"/>`);
  // Front label (flat with soft curvature shading).
  const ly = top + 130;
  const lh = h - 160;
  const ov = doc.id('bo');
  doc.def(shadeOverlay(ov, { strength: 0.6 }));
  p.push(`<rect x="${n(x0 + 14)}" y="${n(ly)}" width="${w - 28}" height="${n(lh)}" rx="6" fill="${MATERIALS.paper}"/>`);
  p.push(`<rect x="${n(x0 + 14)}" y="${n(ly + lh * 0.5)}" width="${w - 28}" height="${n(lh * 0.5)}" rx="6" fill="${info.color}"/>`);
  p.push(`<rect x="${n(x0 + 14)}" y="${n(ly + lh * 0.5)}" width="${w - 28}" height="8" fill="${info.color}"/>`);
  p.push(drawBrandMark(info.brand, { x: cx - 13, y: ly + 14, size: 26, color: MATERIALS.ink, accent: info.color }));
  const bs = fitTextSize(info.brand.toUpperCase(), { max: 11, maxWidth: w - 60, tracking: 160 });
  p.push(doc.ink.text(info.brand.toUpperCase(), { x: cx, y: ly + 56, size: bs, anchor: 'middle', fill: MATERIALS.ink, tracking: 160, weight: 0.3 }));
  const lines = wrapText(info.shortName, { size: 22, maxWidth: w - 56, face: 'sans', maxLines: 2 });
  const size = Math.min(22, ...lines.map((l) => fitTextSize(l, { max: 22, maxWidth: w - 56, face: 'sans' })));
  lines.forEach((l, i) => p.push(doc.ink.text(l, { x: cx, y: ly + 82 + i * size * 1.1, size, face: 'sans', anchor: 'middle', fill: MATERIALS.ink })));
  const on = pickTextColor(info.color);
  if (info.colorName) p.push(doc.ink.text(info.colorName, { x: cx, y: ly + lh * 0.5 + 34, size: fitTextSize(info.colorName, { max: 16, maxWidth: w - 56, face: 'sans' }), face: 'sans', anchor: 'middle', fill: on }));
  p.push(doc.ink.text(info.pack.filter(Boolean).join('  ·  '), { x: cx, y: ly + lh - 16, size: 9.5, anchor: 'middle', fill: on, tracking: 120, opacity: 0.85 }));
  p.push(`<rect x="${n(x0)}" y="${n(top + 40)}" width="${w}" height="${n(h - 40)}" fill="url(#${ov})" opacity=".7"/>`);
  return p.join('');
}

/** A two-part kit: a larger Part A can behind and a smaller Part B can in front. */
export function drawKit(doc, info) {
  const a = { ...info, shortName: info.shortName, pack: ['PART A', 'RESIN'] };
  const b = { ...info, shortName: 'Part B Hardener', colorName: '', color: mixColors(info.color, '#d9d2c3', 0.65), pack: ['PART B', 'HARDENER'] };
  return drawCan(doc, a, { cx: 330, bottom: 600, rx: 140, height: 300 }) + drawCan(doc, b, { cx: 530, bottom: 650, rx: 104, height: 220, drip: false });
}
