// The three images of every product: the studio shot, the colour swatch (or an equipment
// close-up) and the label/technical detail card.
import { createLettering, createRandom, darkenColor, escapeXml, fitTextSize, formatNumber as n, lightenColor, mixColors, normalizeColor, wrapSvg, wrapText } from './lib.mjs';
import { drawAerosol, drawBottle, drawCan, drawDrum, drawKit, drawPail, pickTextColor } from './containers.mjs';
import { drawEquipment, EQUIPMENT_KINDS } from './equipment.mjs';
import { drawBrandMark } from './marks.mjs';
import { drawDots } from './paint-marks.mjs';
import { describePackSize, shortenProductName, stripPackSize } from './product-text.mjs';
import { drawBackdrop, drawGroundShadow, GROUND_Y, MATERIALS, PRODUCT_SIZE } from './studio.mjs';

/** The colour drawn for products without a `visual`. */
export const NEUTRAL_COLOR = '#9a9b97';

const CONTAINERS = {
  can: { draw: drawCan, shadow: [[400, 160]] },
  pail: { draw: drawPail, shadow: [[400, 156]] },
  drum: { draw: drawDrum, shadow: [[400, 168]] },
  aerosol: { draw: drawAerosol, shadow: [[400, 88]] },
  bottle: { draw: drawBottle, shadow: [[400, 132]] },
  kit: { draw: drawKit, shadow: [[330, 142, 628], [530, 106, 672]] },
};

/** What the drawings need to know about a product, with safe defaults for missing data. */
export function describeProduct(product) {
  const visual = product && typeof product.visual === 'object' && product.visual ? product.visual : {};
  const known = Object.hasOwn(CONTAINERS, visual.kind) || EQUIPMENT_KINDS.includes(visual.kind);
  const kind = known ? visual.kind : 'can';
  const brand = String(product?.brand || 'Graphene Coatings');
  const name = String(product?.name || product?.slug || 'Product');
  return {
    slug: String(product?.slug ?? ''),
    kind,
    color: normalizeColor(visual.color, NEUTRAL_COLOR),
    colorName: visual.colorName ? String(visual.colorName) : '',
    brand,
    name,
    shortName: stripPackSize(shortenProductName(name, brand)),
    finish: String(product?.finish || ''),
    pack: describePackSize(name, kind),
    specs: Array.isArray(product?.technicalSpecs) ? product.technicalSpecs.filter((s) => s && s.name && s.value) : [],
    coverage: String(product?.coverage || ''),
    sku: String(product?.sku || ''),
    certifications: Array.isArray(product?.certifications) ? product.certifications.map(String) : [],
  };
}

/** A drawing context: unique ids, collected <defs> and the lettering of one SVG document. */
export function createDoc() {
  let i = 0;
  const defs = [];
  const ink = createLettering();
  return {
    ink,
    id: (prefix) => `${prefix}${(i++).toString(36)}`,
    def: (s) => defs.push(s),
    /** The finished document with every definition collected while drawing. */
    finish: (w, h, body, title) => wrapSvg(w, h, `<defs>${defs.join('')}${ink.defs()}</defs>${body}`, { title }),
  };
}

/** The object alone (no backdrop) as markup, for reuse in close-ups and scenes. */
export function drawProductObject(doc, info) {
  if (CONTAINERS[info.kind]) return CONTAINERS[info.kind].draw(doc, info);
  return drawEquipment(doc, info);
}

/** The main studio shot, 800x800. */
export function renderProductMain(info) {
  const doc = createDoc();
  const bd = drawBackdrop('bd');
  doc.def(bd.defs);
  const shadows = (CONTAINERS[info.kind]?.shadow ?? [[400, 170]]).map(([cx, rx, y], i) => {
    const s = drawGroundShadow(cx, rx, { id: `g${i}`, y: y ?? GROUND_Y });
    doc.def(s.defs);
    return s.body;
  });
  const object = drawProductObject(doc, info);
  return doc.finish(PRODUCT_SIZE, PRODUCT_SIZE, bd.body + shadows.join('') + object, `${info.name}${info.colorName ? `, ${info.colorName}` : ''}`);
}

/** The finish family that decides how light plays on the paint film. */
function classifyFinish(finish) {
  const f = finish.toLowerCase();
  if (f === 'gloss' || f === 'semi-gloss') return 'gloss';
  if (f === 'satin' || f === 'eggshell') return 'satin';
  if (f === 'metallic') return 'metallic';
  if (f === 'textured') return 'textured';
  return 'matt';
}

/** A brush-out of the paint on a drawdown card: bristle streaks, a finish-true sheen, the colour named. */
export function renderSwatch(info) {
  if (!CONTAINERS[info.kind]) return renderCloseUp(info);
  const doc = createDoc();
  const rnd = createRandom(`swatch:${info.slug}:${info.color}`);
  const c = info.color;
  const bd = drawBackdrop('bd', { tone: '#efeae2' });
  doc.def(bd.defs);
  const p = [bd.body];
  // The card, lying slightly rotated, with a soft shadow.
  const sh = doc.id('cs');
  doc.def(`<filter id="${sh}" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="12"/></filter>`);
  p.push(`<g transform="rotate(-4 400 400)"><rect x="112" y="92" width="590" height="640" rx="6" fill="#3a2c20" opacity=".22" filter="url(#${sh})"/>`);
  p.push(`<rect x="104" y="80" width="592" height="640" rx="4" fill="${MATERIALS.paper}"/>`);
  // Brush-out: a wide stroke with a ragged, dry-brushed right edge.
  let edge = '';
  const top = 120;
  const bottom = 600;
  const steps = 28;
  for (let i = 0; i <= steps; i++) {
    const y = top + ((bottom - top) * i) / steps;
    const x = 640 + Math.sin(i * 0.9) * 8 + (rnd() - 0.5) * 22 - (i === 0 || i === steps ? 30 : 0);
    edge += `L${n(x)} ${n(y)}`;
  }
  const strokePath = `M150 ${top + 6}Q144 ${top} 160 ${top}${edge}L160 ${bottom}Q144 ${bottom} 150 ${bottom - 8}Z`;
  const fg = doc.id('bf');
  doc.def(`<linearGradient id="${fg}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lightenColor(c, 0.05)}"/><stop offset="1" stop-color="${darkenColor(c, 0.08)}"/></linearGradient>`);
  p.push(`<path fill="url(#${fg})" d="${strokePath}"/>`);
  // Dry-brush fingers trailing off the edge.
  for (let i = 0; i < 14; i++) {
    const y = top + 20 + rnd() * (bottom - top - 40);
    const len = 20 + rnd() * 60;
    p.push(`<path fill="${c}" opacity="${n(0.5 + rnd() * 0.4, 2)}" d="M630 ${n(y)}l${n(len)} ${n(rnd() * 2 - 1)}l0 ${n(1.5 + rnd() * 3)}l-${n(len)} ${n(rnd() * 2)}Z"/>`);
  }
  // Bristle streaks in the direction of the stroke.
  const streaks = [];
  for (let i = 0; i < 70; i++) {
    const y = top + 4 + rnd() * (bottom - top - 8);
    const x1 = 160 + rnd() * 120;
    const x2 = x1 + 160 + rnd() * 320;
    const light = rnd() > 0.5;
    streaks.push(`<path stroke="${light ? '#fff' : '#000'}" stroke-opacity="${n(light ? 0.05 + rnd() * 0.07 : 0.04 + rnd() * 0.06, 3)}" stroke-width="${n(0.8 + rnd() * 2.2)}" d="M${n(x1)} ${n(y)}L${n(Math.min(x2, 630))} ${n(y + (rnd() - 0.5) * 3)}"/>`);
  }
  p.push(`<g fill="none" stroke-linecap="round">${streaks.join('')}</g>`);
  const family = classifyFinish(info.finish);
  if (family === 'gloss') {
    const hg = doc.id('hg');
    doc.def(`<linearGradient id="${hg}" x1="0" y1="0" x2="1" y2="1"><stop offset=".25" stop-color="#fff" stop-opacity="0"/><stop offset=".42" stop-color="#fff" stop-opacity=".55"/><stop offset=".47" stop-color="#fff" stop-opacity=".75"/><stop offset=".55" stop-color="#fff" stop-opacity="0"/></linearGradient>`);
    p.push(`<path fill="url(#${hg})" d="${strokePath}"/>`);
    p.push(`<path fill="#fff" opacity=".5" d="M220 ${top + 40}L480 ${top + 40}L470 ${top + 52}L230 ${top + 54}Z"/>`);
  } else if (family === 'satin') {
    const hg = doc.id('hs');
    doc.def(`<radialGradient id="${hg}" cx=".38" cy=".3" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".32"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`);
    p.push(`<path fill="url(#${hg})" d="${strokePath}"/>`);
  } else if (family === 'metallic') {
    const hg = doc.id('hm');
    doc.def(`<linearGradient id="${hg}" x1="0" y1="0" x2="1" y2=".35"><stop offset="0" stop-color="#000" stop-opacity=".25"/><stop offset=".3" stop-color="#fff" stop-opacity=".45"/><stop offset=".45" stop-color="#000" stop-opacity=".1"/><stop offset=".68" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#000" stop-opacity=".3"/></linearGradient>`);
    p.push(`<path fill="url(#${hg})" d="${strokePath}"/>`);
    const flakes = [[], [], []];
    for (let i = 0; i < 150; i++) flakes[i % 3].push([170 + rnd() * 450, top + 10 + rnd() * (bottom - top - 20)]);
    flakes.forEach((pts, k) => p.push(drawDots(pts, { size: 1.6 + k * 1.1, color: '#fff', opacity: 0.75 - k * 0.2 })));
  } else if (family === 'textured') {
    // Roller stipple: light peaks and shadowed pits in three sizes, each bucket one path.
    for (const [tone, op] of [[lightenColor(c, 0.25), 0.55], [darkenColor(c, 0.22), 0.6]]) {
      const buckets = [[], [], []];
      for (let i = 0; i < 210; i++) buckets[i % 3].push([165 + rnd() * 460, top + 6 + rnd() * (bottom - top - 12)]);
      buckets.forEach((pts, k) => p.push(drawDots(pts, { size: 3 + k * 2.6, color: tone, opacity: op - k * 0.1 })));
    }
  }
  // Card print: colour name, finish, hex.
  const on = MATERIALS.ink;
  p.push(drawBrandMark(info.brand, { x: 150, y: 628, size: 30, color: on, accent: c }));
  const title = info.colorName || info.shortName;
  p.push(doc.ink.text(title, { x: 196, y: 652, size: fitTextSize(title, { max: 26, maxWidth: 380, face: 'sans' }), face: 'sans', fill: on }));
  p.push(doc.ink.text(`${info.finish ? `${info.finish.toUpperCase()} FINISH  ·  ` : ''}${c.toUpperCase()}`, { x: 197, y: 680, size: 11, fill: on, tracking: 160, opacity: 0.65 }));
  p.push(`<rect x="590" y="628" width="62" height="62" rx="3" fill="${c}"/><rect x="590" y="628" width="62" height="62" rx="3" fill="none" stroke="#000" stroke-opacity=".12"/>`);
  p.push('</g>');
  return doc.finish(PRODUCT_SIZE, PRODUCT_SIZE, p.join(''), `${title}: ${info.finish || 'paint'} brush-out`);
}

/** For equipment: the studio shot enlarged on its working end. */
function renderCloseUp(info) {
  const doc = createDoc();
  const bd = drawBackdrop('bd', { tone: '#ebe6de' });
  doc.def(bd.defs);
  const object = drawProductObject(doc, info);
  const [fx, fy, k] = { 'spray-gun': [560, 330, 2.1], sprayer: [420, 430, 1.9], tip: [400, 360, 1.6], 'tip-guard': [400, 380, 1.7], hose: [560, 520, 2], respirator: [400, 420, 1.7], cartridge: [410, 560, 1.45], tape: [400, 520, 1.45], roller: [390, 500, 1.5], brush: [330, 450, 1.7] }[info.kind] ?? [400, 400, 1.6];
  const blur = doc.id('db');
  doc.def(`<radialGradient id="${blur}" cx=".5" cy=".5" r=".72"><stop offset=".6" stop-color="#1b1510" stop-opacity="0"/><stop offset="1" stop-color="#1b1510" stop-opacity=".28"/></radialGradient>`);
  const body = `${bd.body}<g transform="translate(${n(400 - fx * k)} ${n(400 - fy * k)}) scale(${k})">${object}</g><rect width="800" height="800" fill="url(#${blur})"/>`;
  return doc.finish(PRODUCT_SIZE, PRODUCT_SIZE, body, `${info.name}: close-up`);
}

/** The label / technical detail card: brand, name, colour chip and the first specification rows. */
export function renderDetail(info) {
  const doc = createDoc();
  const c = info.color;
  const bd = drawBackdrop('bd', { tone: '#ece7df' });
  doc.def(bd.defs);
  const p = [bd.body];
  const sh = doc.id('ds');
  doc.def(`<filter id="${sh}" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="14"/></filter>`);
  p.push(`<rect x="96" y="96" width="620" height="620" rx="10" fill="#3a2c20" opacity=".2" filter="url(#${sh})"/>`);
  p.push(`<rect x="90" y="84" width="620" height="620" rx="8" fill="${MATERIALS.paper}"/>`);
  // Colour band down the left edge, as on a technical data sheet.
  p.push(`<path fill="${c}" d="M98 84L150 84L150 704L98 704Q90 704 90 696L90 92Q90 84 98 84Z"/>`);
  p.push(drawBrandMark(info.brand, { x: 182, y: 124, size: 34, color: MATERIALS.ink, accent: c }));
  p.push(doc.ink.text(info.brand.toUpperCase(), { x: 228, y: 148, size: fitTextSize(info.brand.toUpperCase(), { max: 14, maxWidth: 300, tracking: 200 }), fill: MATERIALS.ink, tracking: 200, weight: 0.4 }));
  p.push(doc.ink.text(info.sku ? `SKU ${info.sku}` : 'TECHNICAL DATA', { x: 670, y: 148, size: 11, anchor: 'end', fill: MATERIALS.ink, tracking: 120, opacity: 0.6 }));
  const lines = wrapText(info.shortName, { size: 38, maxWidth: 480, face: 'sans', maxLines: 2 });
  const size = Math.min(38, ...lines.map((l) => fitTextSize(l, { max: 38, maxWidth: 480, face: 'sans' })));
  let y = 214;
  for (const l of lines) {
    p.push(doc.ink.text(l, { x: 182, y, size, face: 'sans', fill: MATERIALS.ink }));
    y += size * 1.15;
  }
  const sub = [info.colorName, info.finish].filter(Boolean).join('  ·  ');
  if (sub) {
    p.push(doc.ink.text(sub, { x: 183, y: y + 4, size: fitTextSize(sub, { max: 15, maxWidth: 480 }), fill: MATERIALS.ink, opacity: 0.72 }));
    y += 26;
  }
  y += 22;
  p.push(`<rect x="182" y="${n(y)}" width="488" height="1.5" fill="${MATERIALS.ink}"/>`);
  y += 8;
  const rows = [];
  if (info.coverage) rows.push(['Coverage', info.coverage]);
  for (const s of info.specs) if (!(info.coverage && /^coverage$/i.test(String(s.name).trim()))) rows.push([String(s.name), `${s.value}${s.unit ? ` ${s.unit}` : ''}`]);
  if (!rows.length) rows.push(['Finish', info.finish || '—']);
  const maxRows = Math.max(1, Math.min(rows.length, Math.floor((640 - y) / 40)));
  for (const [label, value] of rows.slice(0, maxRows)) {
    y += 30;
    p.push(doc.ink.text(label.toUpperCase(), { x: 182, y, size: fitTextSize(label.toUpperCase(), { max: 11, maxWidth: 210, tracking: 140 }), fill: MATERIALS.ink, tracking: 140, opacity: 0.62 }));
    p.push(doc.ink.text(value, { x: 670, y, size: fitTextSize(value, { max: 17, maxWidth: 260 }), anchor: 'end', fill: MATERIALS.ink }));
    y += 10;
    p.push(`<rect x="182" y="${n(y)}" width="488" height="1" fill="${MATERIALS.ink}" opacity=".14"/>`);
  }
  // Where the data leaves room: the colour in four tints, as a fan deck shows a family.
  if (y < 520) {
    const cw = 488 / 4;
    [0, 0.25, 0.5, 0.72].forEach((t, i) => {
      p.push(`<rect x="${n(182 + i * cw)}" y="${n(y + 40)}" width="${n(cw - 8)}" height="76" rx="3" fill="${mixColors(c, '#ffffff', t)}"/>`);
      p.push(doc.ink.text(i === 0 ? 'FULL' : `${Math.round((1 - t) * 100)}%`, { x: 190 + i * cw, y: y + 134, size: 10, fill: MATERIALS.ink, tracking: 120, opacity: 0.55 }));
    });
    p.push(`<rect x="182" y="${n(y + 40)}" width="${n(488 - 8)}" height="76" rx="3" fill="none" stroke="#000" stroke-opacity=".08"/>`);
  }
  // Certifications as small outlined badges along the foot of the card.
  let bx = 182;
  for (const cert of info.certifications.slice(0, 3)) {
    const s = 10;
    const w = Math.min(240, (cert.length * 6.4 + 28));
    if (bx + w > 672) break;
    p.push(`<rect x="${n(bx)}" y="644" width="${n(w)}" height="28" rx="14" fill="none" stroke="${MATERIALS.ink}" stroke-opacity=".35"/>`);
    p.push(doc.ink.text(cert.toUpperCase(), { x: bx + w / 2, y: 662, size: fitTextSize(cert.toUpperCase(), { max: s, maxWidth: w - 20, tracking: 80 }), anchor: 'middle', fill: MATERIALS.ink, tracking: 80, opacity: 0.8 }));
    bx += w + 10;
  }
  return doc.finish(PRODUCT_SIZE, PRODUCT_SIZE, p.join(''), `${info.name}: technical detail`);
}



