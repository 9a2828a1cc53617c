// Spray equipment and applicators drawn in the shared studio. The product colour goes on the
// part a maker would colour (gun body, pump housing, tip handle, hose jacket, tape, roller cover).
import { createRandom, darkenColor, fitTextSize, formatNumber as n, lightenColor, mixColors } from './lib.mjs';
import { pickTextColor } from './containers.mjs';
import { drawBrandMark } from './marks.mjs';
import { findModelNumber } from './product-text.mjs';
import { MATERIALS, pathCylinder, pathFrontArc, shadeCylinder, shadeDome, shadeTopLit } from './studio.mjs';

/** The visual kinds drawn by this module. */
export const EQUIPMENT_KINDS = ['spray-gun', 'sprayer', 'tip', 'tip-guard', 'hose', 'respirator', 'cartridge', 'tape', 'roller', 'brush'];

/** A vertical metal gradient (for horizontal bars and tubes). */
function shadeMetalBar(id, base = MATERIALS.steel) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darkenColor(base, 0.3)}"/><stop offset=".25" stop-color="${lightenColor(base, 0.6)}"/><stop offset=".5" stop-color="${base}"/><stop offset=".85" stop-color="${darkenColor(base, 0.45)}"/><stop offset="1" stop-color="${darkenColor(base, 0.25)}"/></linearGradient>`;
}

/** An airless spray gun in profile, facing right. */
function drawSprayGun(doc, info) {
  const c = info.color;
  const head = doc.id('gh');
  const grip = doc.id('gg');
  const metal = doc.id('gm');
  const trig = doc.id('gt');
  doc.def(shadeTopLit(head, c, { spec: 0.35, dark: 0.5 }));
  doc.def(`<linearGradient id="${grip}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#16181b"/><stop offset=".35" stop-color="#4a4e55"/><stop offset=".6" stop-color="#2a2d31"/><stop offset="1" stop-color="#121315"/></linearGradient>`);
  doc.def(shadeMetalBar(metal));
  doc.def(`<linearGradient id="${trig}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7d8388"/><stop offset=".4" stop-color="#eef0f2"/><stop offset="1" stop-color="#8a9095"/></linearGradient>`);
  const p = [];
  // Inlet hose stub to the floor.
  p.push(`<path fill="none" stroke="#1d1f22" stroke-width="26" stroke-linecap="round" d="M318 640Q300 664 240 664L120 664"/>`);
  p.push(`<path fill="none" stroke="#555b62" stroke-width="4" stroke-linecap="round" opacity=".7" d="M312 636Q296 654 240 654L126 654"/>`);
  // Grip (handle) angled back.
  p.push(`<path fill="url(#${grip})" d="M292 350L384 350L360 590Q356 612 334 612L298 612Q276 612 278 590Z"/>`);
  for (let i = 0; i < 9; i++) p.push(`<path stroke="#000" stroke-opacity=".35" stroke-width="3" d="M${n(290 - i * 1.2)} ${n(400 + i * 21)}L${n(366 - i * 2.4)} ${n(400 + i * 21)}"/>`);
  // Swivel fitting under the grip.
  p.push(`<rect x="292" y="608" width="56" height="24" rx="3" fill="url(#${metal})"/><rect x="300" y="630" width="40" height="18" rx="2" fill="url(#${metal})"/>`);
  // Gun head.
  p.push(`<rect x="236" y="276" width="330" height="98" rx="34" fill="url(#${head})"/>`);
  p.push(`<rect x="262" y="284" width="270" height="10" rx="5" fill="#fff" opacity=".28"/>`);
  p.push(`<path fill="${darkenColor(c, 0.3)}" opacity=".55" d="M270 352L540 352Q556 352 560 340L560 360Q552 374 530 374L272 374Q250 374 244 358Z"/>`);
  // Fluid section and extension to the tip.
  p.push(`<rect x="548" y="300" width="82" height="50" rx="6" fill="url(#${metal})"/>`);
  p.push(`<rect x="626" y="288" width="40" height="74" rx="10" fill="#1e2024"/><rect x="630" y="292" width="8" height="66" rx="4" fill="#fff" opacity=".12"/>`);
  p.push(`<path fill="#26292d" d="M650 288L676 254L684 260L664 300Z"/><path fill="#26292d" d="M650 362L676 396L684 390L664 350Z"/>`);
  // Tip handle standing up out of the guard.
  p.push(`<rect x="636" y="222" width="22" height="72" rx="7" fill="${lightenColor(c, 0.08)}" stroke="${darkenColor(c, 0.35)}" stroke-width="1.5"/>`);
  // Trigger and its pivot.
  p.push(`<path fill="url(#${trig})" d="M418 366Q432 362 446 370Q474 460 448 566Q442 584 428 580Q420 576 424 560Q446 470 416 380Z"/>`);
  p.push(`<circle cx="430" cy="372" r="10" fill="#b7bcc1" stroke="#6d7277" stroke-width="2"/>`);
  // Trigger lock.
  p.push(`<rect x="382" y="376" width="26" height="12" rx="4" fill="#c53b2b"/>`);
  // Brand on the head.
  const on = pickTextColor(c);
  p.push(drawBrandMark(info.brand, { x: 276, y: 306, size: 30, color: on, accent: on === '#ffffff' ? lightenColor(c, 0.5) : darkenColor(c, 0.4) }));
  const model = findModelNumber(info.name) || info.brand.split(' ')[0];
  const label = info.brand.split(' ')[0].toUpperCase();
  p.push(doc.ink.text(label, { x: 316, y: 326, size: fitTextSize(label, { max: 18, maxWidth: 150, tracking: 160 }), fill: on, tracking: 160, weight: 0.5 }));
  p.push(doc.ink.text(model.toUpperCase(), { x: 317, y: 346, size: 12, fill: on, tracking: 200, opacity: 0.75 }));
  return p.join('');
}

/** An airless sprayer on a cart: wheel, tubular frame, motor housing, gauge, pump and suction tube. */
function drawSprayer(doc, info) {
  const c = info.color;
  const housing = doc.id('sh');
  const tyre = doc.id('st');
  const metal = doc.id('sm');
  doc.def(shadeTopLit(housing, c, { spec: 0.35, dark: 0.45 }));
  doc.def(`<radialGradient id="${tyre}" cx=".4" cy=".35" r=".7"><stop offset="0" stop-color="#4a4e54"/><stop offset=".7" stop-color="#1e2023"/><stop offset="1" stop-color="#0d0e10"/></radialGradient>`);
  doc.def(shadeMetalBar(metal, '#a7adb3'));
  const p = [];
  // Hose coil hanging behind on the handle.
  for (let i = 0; i < 4; i++) p.push(`<ellipse cx="${248 + i * 6}" cy="${330 + i * 4}" rx="${n(70 - i * 3)}" ry="${n(104 - i * 2)}" fill="none" stroke="#1a1c1f" stroke-width="11"/>`);
  p.push(`<ellipse cx="256" cy="332" rx="66" ry="100" fill="none" stroke="#5c6168" stroke-width="2" opacity=".6"/>`);
  // Frame.
  p.push(`<path fill="none" stroke="#2f3338" stroke-width="20" stroke-linecap="round" stroke-linejoin="round" d="M312 604L272 236Q268 204 236 200L196 198"/>`);
  p.push(`<path fill="none" stroke="#6b7178" stroke-width="4" stroke-linecap="round" opacity=".7" d="M306 598L266 238Q262 210 234 206"/>`);
  p.push(`<path fill="none" stroke="#2f3338" stroke-width="18" stroke-linecap="round" stroke-linejoin="round" d="M312 604L590 628L604 652"/>`);
  p.push(`<rect x="174" y="186" width="44" height="26" rx="12" fill="#141517"/>`);
  p.push(`<rect x="586" y="648" width="46" height="14" rx="6" fill="#141517"/>`);
  // Pump and suction tube.
  p.push(`<path fill="none" stroke="#3a3e44" stroke-width="22" stroke-linecap="round" d="M520 588Q526 640 600 650L684 652"/>`);
  p.push(`<rect x="476" y="500" width="96" height="96" rx="8" fill="url(#${metal})"/>`);
  p.push(`<rect x="568" y="520" width="34" height="22" rx="3" fill="url(#${metal})"/><rect x="598" y="514" width="14" height="34" rx="3" fill="#8a9096"/>`);
  // Motor housing.
  p.push(`<rect x="292" y="370" width="296" height="150" rx="26" fill="url(#${housing})"/>`);
  p.push(`<rect x="312" y="378" width="250" height="12" rx="6" fill="#fff" opacity=".25"/>`);
  for (let i = 0; i < 6; i++) p.push(`<rect x="${508 + i * 11}" y="410" width="5" height="62" rx="2.5" fill="${darkenColor(c, 0.55)}" opacity=".7"/>`);
  // Control panel: pressure knob and gauge.
  p.push(`<rect x="310" y="392" width="120" height="112" rx="14" fill="#1c1e21"/>`);
  p.push(`<circle cx="350" cy="430" r="22" fill="#f4f2ec" stroke="#9aa0a5" stroke-width="4"/><path stroke="#c53b2b" stroke-width="3" stroke-linecap="round" d="M350 430L364 416"/><circle cx="350" cy="430" r="3" fill="#222"/>`);
  p.push(`<circle cx="398" cy="474" r="18" fill="#3a3e44"/><circle cx="398" cy="474" r="12" fill="#5b6168"/><rect x="396" y="460" width="4" height="10" rx="2" fill="#e9e9e9"/>`);
  p.push(`<rect x="330" y="466" width="30" height="14" rx="3" fill="#c53b2b"/>`);
  // Brand.
  const on = pickTextColor(c);
  p.push(drawBrandMark(info.brand, { x: 446, y: 412, size: 26, color: on, accent: on === '#ffffff' ? lightenColor(c, 0.5) : darkenColor(c, 0.4) }));
  const label = info.brand.split(' ')[0].toUpperCase();
  p.push(doc.ink.text(label, { x: 446, y: 462, size: fitTextSize(label, { max: 15, maxWidth: 56, tracking: 80 }), fill: on, tracking: 80, weight: 0.4 }));
  const model = findModelNumber(info.name);
  if (model) p.push(doc.ink.text(model.toUpperCase(), { x: 446, y: 482, size: fitTextSize(model.toUpperCase(), { max: 12, maxWidth: 56 }), fill: on, opacity: 0.8 }));
  // Wheel.
  p.push(`<circle cx="312" cy="594" r="70" fill="url(#${tyre})"/><circle cx="312" cy="594" r="34" fill="#b9bec3"/><circle cx="312" cy="594" r="26" fill="#8c9197"/><circle cx="312" cy="594" r="9" fill="#e5e7e9"/>`);
  p.push(`<path fill="none" stroke="#fff" stroke-width="3" stroke-opacity=".18" d="M262 560A62 62 0 0 1 330 530"/>`);
  return p.join('');
}

/** A reversible spray tip: coloured turning handle over a barrel with the carbide orifice. */
function drawTip(doc, info, { cx = 400, base = 540, k = 1 } = {}) {
  const c = info.color;
  const paddle = doc.id('tp');
  const barrel = doc.id('tb');
  doc.def(`<linearGradient id="${paddle}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${darkenColor(c, 0.35)}"/><stop offset=".3" stop-color="${lightenColor(c, 0.3)}"/><stop offset=".55" stop-color="${c}"/><stop offset="1" stop-color="${darkenColor(c, 0.4)}"/></linearGradient>`);
  doc.def(shadeMetalBar(barrel, '#3a3d42'));
  const p = [];
  const w = 150 * k;
  const h = 330 * k;
  p.push(`<path fill="url(#${paddle})" d="M${n(cx - w / 2)} ${n(base - 40 * k)}L${n(cx - w / 2 + 14 * k)} ${n(base - h + 40 * k)}Q${n(cx - w / 2 + 18 * k)} ${n(base - h)} ${n(cx)} ${n(base - h)}Q${n(cx + w / 2 - 18 * k)} ${n(base - h)} ${n(cx + w / 2 - 14 * k)} ${n(base - h + 40 * k)}L${n(cx + w / 2)} ${n(base - 40 * k)}Z"/>`);
  p.push(`<path fill="#fff" opacity=".22" d="M${n(cx - w / 2 + 24 * k)} ${n(base - h + 50 * k)}Q${n(cx - w / 2 + 28 * k)} ${n(base - h + 14 * k)} ${n(cx - 10 * k)} ${n(base - h + 12 * k)}L${n(cx - 20 * k)} ${n(base - h + 30 * k)}Q${n(cx - w / 2 + 34 * k)} ${n(base - h + 34 * k)} ${n(cx - w / 2 + 34 * k)} ${n(base - h + 60 * k)}Z"/>`);
  // Direction arrow and size moulded into the handle.
  const on = pickTextColor(c);
  p.push(`<path fill="${on}" opacity=".85" d="M${n(cx)} ${n(base - h + 54 * k)}l${n(22 * k)} ${n(30 * k)}h${n(-14 * k)}v${n(34 * k)}h${n(-16 * k)}v${n(-34 * k)}h${n(-14 * k)}Z"/>`);
  const model = findModelNumber(info.name) || 'TIP';
  p.push(doc.ink.text(model.toUpperCase(), { x: cx, y: base - h * 0.38, size: fitTextSize(model.toUpperCase(), { max: 54 * k, maxWidth: w - 30 * k }), anchor: 'middle', fill: on, weight: 1.2 * k }));
  // Barrel.
  p.push(`<rect x="${n(cx - 150 * k)}" y="${n(base - 50 * k)}" width="${n(300 * k)}" height="${n(92 * k)}" rx="${n(14 * k)}" fill="url(#${barrel})"/>`);
  for (let i = 0; i < 5; i++) p.push(`<rect x="${n(cx - 140 * k + i * 10 * k)}" y="${n(base - 44 * k)}" width="${n(4 * k)}" height="${n(80 * k)}" fill="#000" opacity=".3"/>`);
  p.push(`<ellipse cx="${n(cx + 150 * k)}" cy="${n(base - 4 * k)}" rx="${n(16 * k)}" ry="${n(46 * k)}" fill="#55595f"/><ellipse cx="${n(cx + 152 * k)}" cy="${n(base - 4 * k)}" rx="${n(6 * k)}" ry="${n(14 * k)}" fill="#c9ccd0"/><ellipse cx="${n(cx + 153 * k)}" cy="${n(base - 4 * k)}" rx="${n(2 * k)}" ry="${n(4 * k)}" fill="#111"/>`);
  return p.join('');
}

/** A tip guard: coloured winged housing on a knurled nut, with a tip seated in it. */
function drawTipGuard(doc, info) {
  const c = info.color;
  const wing = doc.id('wg');
  const nut = doc.id('wn');
  doc.def(shadeTopLit(wing, c, { spec: 0.4, dark: 0.45 }));
  doc.def(shadeCylinder(nut, '#3b3e43', { spec: 0.6, dark: 0.6 }));
  const p = [];
  const tipInfo = { ...info, color: mixColors(c, '#e8742a', 0.15) };
  p.push(drawTip(doc, tipInfo, { cx: 400, base: 388, k: 0.6 }));
  // Wings (fan guard).
  p.push(`<path fill="url(#${wing})" d="M400 330L640 268Q664 262 664 286L664 372Q664 396 640 390L400 386L160 390Q136 396 136 372L136 286Q136 262 160 268Z"/>`);
  p.push(`<path fill="#fff" opacity=".25" d="M170 280L390 336L400 340L410 336L630 280L630 290L400 348L170 290Z"/>`);
  // Housing and knurled nut.
  p.push(`<rect x="320" y="330" width="160" height="110" rx="22" fill="url(#${wing})"/>`);
  p.push(`<path fill="url(#${nut})" d="${pathCylinder(400, 440, 620, 118, 24)}"/>`);
  for (let i = 0; i < 24; i++) {
    const x = 400 - 112 + (i / 23) * 224;
    const dy = 24 * Math.sqrt(Math.max(0, 1 - ((x - 400) / 118) ** 2));
    p.push(`<rect x="${n(x - 1.5)}" y="${n(452 + dy)}" width="3" height="150" fill="#000" opacity=".3"/>`);
  }
  p.push(`<path fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="2" d="${pathFrontArc(400, 446, 118, 24)}"/>`);
  p.push(`<ellipse cx="400" cy="440" rx="118" ry="24" fill="${darkenColor(c, 0.2)}"/>`);
  p.push(`<ellipse cx="400" cy="440" rx="80" ry="16" fill="${darkenColor(c, 0.45)}"/>`);
  const on = pickTextColor(c);
  p.push(drawBrandMark(info.brand, { x: 380, y: 352, size: 40, color: on, accent: on === '#ffffff' ? lightenColor(c, 0.5) : darkenColor(c, 0.4) }));
  return p.join('');
}

/** A coiled airless hose with swivel fittings at both ends. */
function drawHose(doc, info) {
  const c = info.color;
  const metal = doc.id('hm');
  doc.def(shadeMetalBar(metal, '#b0b5ba'));
  const p = [];
  const loops = 7;
  // The far end leaves the coil at the back left.
  p.push(`<path fill="none" stroke="${darkenColor(c, 0.45)}" stroke-width="26" stroke-linecap="round" d="M200 430Q140 420 130 360"/>`);
  p.push(`<path fill="none" stroke="${c}" stroke-width="20" stroke-linecap="round" d="M200 430Q140 420 130 360"/>`);
  p.push(`<rect x="112" y="300" width="36" height="64" rx="4" fill="url(#${metal})" transform="rotate(-8 130 332)"/>`);
  for (let i = 0; i < loops; i++) {
    const cy = 452 + i * 26;
    const rx = 236 - (i % 2) * 6;
    const ry = 84 - (i % 2) * 3;
    p.push(`<ellipse cx="400" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="${darkenColor(c, 0.5)}" stroke-width="26"/>`);
    p.push(`<ellipse cx="400" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="${c}" stroke-width="20"/>`);
    p.push(`<path fill="none" stroke="${lightenColor(c, 0.45)}" stroke-width="4" stroke-linecap="round" opacity=".55" d="M${n(400 - rx * 0.85)} ${n(cy + ry * 0.45)}A${rx} ${ry} 0 0 0 ${n(400 + rx * 0.6)} ${n(cy + ry * 0.75)}"/>`);
  }
  // The near end runs out to the right.
  const yEnd = 452 + (loops - 1) * 26 + 84;
  p.push(`<path fill="none" stroke="${darkenColor(c, 0.45)}" stroke-width="26" stroke-linecap="round" d="M520 ${yEnd - 6}Q620 ${yEnd} 650 ${yEnd - 20}"/>`);
  p.push(`<path fill="none" stroke="${c}" stroke-width="20" stroke-linecap="round" d="M520 ${yEnd - 6}Q620 ${yEnd} 650 ${yEnd - 20}"/>`);
  p.push(`<rect x="640" y="${yEnd - 42}" width="70" height="36" rx="4" fill="url(#${metal})" transform="rotate(-14 675 ${yEnd - 24})"/>`);
  const on = pickTextColor(c);
  const label = `${info.brand.split(' ')[0].toUpperCase()}  ${findModelNumber(info.name) ? info.shortName.toUpperCase() : 'AIRLESS HOSE'}`;
  p.push(doc.ink.text(label.slice(0, 40), { x: 400, y: yEnd + 4, size: fitTextSize(label.slice(0, 40), { max: 11, maxWidth: 260, tracking: 120 }), anchor: 'middle', fill: on, tracking: 120, opacity: 0.85 }));
  return p.join('');
}

/** A round filter cartridge seen from above at the studio angle; `band` colours its side label. */
function drawCartridgeAt(doc, { cx, bottom, rx, height, band, face = '#2b2e33' }) {
  const ry = rx * 0.22;
  const top = bottom - height;
  const side = doc.id('cc');
  const lid = doc.id('cl');
  doc.def(shadeCylinder(side, band, { spec: 0.35, dark: 0.5 }));
  doc.def(shadeDome(lid, face, { spec: 0.35, dark: 0.3 }));
  const p = [];
  p.push(`<path fill="url(#${side})" d="${pathCylinder(cx, top, bottom, rx, ry)}"/>`);
  p.push(`<path fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2" d="${pathFrontArc(cx, top + 10, rx, ry)}"/>`);
  p.push(`<ellipse cx="${cx}" cy="${top}" rx="${rx}" ry="${n(ry)}" fill="url(#${lid})"/>`);
  const holes = [];
  for (let ring = 1; ring <= 4; ring++) {
    const r = rx * (0.2 + ring * 0.17);
    const count = 8 + ring * 7;
    for (let i = 0; i < count; i++) {
      const a = (i / count) * Math.PI * 2;
      holes.push(`<ellipse cx="${n(cx + Math.cos(a) * r)}" cy="${n(top + Math.sin(a) * r * 0.22)}" rx="${n(rx * 0.028 + 1)}" ry="${n(rx * 0.008 + 0.6)}"/>`);
    }
  }
  p.push(`<g fill="#0d0e10" opacity=".8">${holes.join('')}</g>`);
  p.push(`<ellipse cx="${cx}" cy="${top}" rx="${n(rx * 0.16)}" ry="${n(ry * 0.16)}" fill="#55595f"/>`);
  return p.join('');
}

/** A half-face (or, when the name says so, full-face) respirator with twin cartridges. */
function drawRespirator(doc, info) {
  const c = info.color;
  const full = /full/i.test(info.name);
  const face = doc.id('rf');
  doc.def(shadeDome(face, mixColors('#5d6268', c, 0.25), { spec: 0.35, dark: 0.4 }));
  const p = [];
  // Head straps.
  p.push(`<path fill="none" stroke="#23262a" stroke-width="14" d="M300 330Q200 300 150 230M500 330Q600 300 650 230M300 480Q200 500 140 540M500 480Q600 500 660 540"/>`);
  if (full) {
    const lens = doc.id('rl');
    doc.def(`<linearGradient id="${lens}" x1="0" y1="0" x2=".6" y2="1"><stop offset="0" stop-color="#e8f1f6" stop-opacity=".9"/><stop offset=".5" stop-color="#b9cfdc" stop-opacity=".55"/><stop offset="1" stop-color="#8eaabb" stop-opacity=".7"/></linearGradient>`);
    p.push(`<path fill="#2a2d31" d="M400 150Q560 150 580 300Q592 420 520 500L280 500Q208 420 220 300Q240 150 400 150Z"/>`);
    p.push(`<path fill="url(#${lens})" d="M400 168Q548 168 562 302Q570 400 512 470L288 470Q230 400 238 302Q252 168 400 168Z"/>`);
    p.push(`<path fill="#fff" opacity=".55" d="M300 200Q360 178 420 182Q340 200 300 260Z"/>`);
  }
  // Face piece.
  p.push(`<path fill="url(#${face})" d="M400 ${full ? 330 : 250}Q460 ${full ? 330 : 250} 488 330L520 470Q528 560 400 590Q272 560 280 470L312 330Q340 ${full ? 330 : 250} 400 ${full ? 330 : 250}Z"/>`);
  p.push(`<path fill="none" stroke="#fff" stroke-opacity=".2" stroke-width="3" d="M330 340Q360 ${full ? 340 : 268} 400 ${full ? 340 : 266}"/>`);
  // Exhalation valve.
  p.push(`<rect x="360" y="480" width="80" height="70" rx="18" fill="#2a2d31"/>`);
  for (let i = 0; i < 5; i++) p.push(`<rect x="372" y="${492 + i * 10}" width="56" height="4" rx="2" fill="#000" opacity=".6"/>`);
  // Cartridges on both cheeks, seen nearly face-on.
  for (const s of [-1, 1]) {
    const x = 400 + s * 170;
    p.push(`<circle cx="${x}" cy="470" r="92" fill="${darkenColor(c, 0.35)}"/>`);
    p.push(`<circle cx="${x + s * 6}" cy="466" r="86" fill="${c}"/>`);
    p.push(`<circle cx="${x + s * 6}" cy="466" r="62" fill="#2b2e33"/>`);
    const holes = [];
    for (let ring = 1; ring <= 3; ring++) {
      const r = ring * 17;
      const count = 6 * ring;
      for (let i = 0; i < count; i++) {
        const a = (i / count) * Math.PI * 2;
        holes.push(`<circle cx="${n(x + s * 6 + Math.cos(a) * r)}" cy="${n(466 + Math.sin(a) * r)}" r="3.2"/>`);
      }
    }
    p.push(`<g fill="#0b0c0d">${holes.join('')}</g>`);
    p.push(`<path fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="4" d="M${x - 60} 420A86 86 0 0 1 ${x + 20} 382"/>`);
  }
  const on = pickTextColor(c);
  p.push(drawBrandMark(info.brand, { x: 556, y: 450, size: 28, color: on }));
  return p.join('');
}

/** A pair of filter cartridges: the colour code of the product on their side bands. */
function drawCartridges(doc, info) {
  return drawCartridgeAt(doc, { cx: 292, bottom: 600, rx: 130, height: 96, band: info.color }) + drawCartridgeAt(doc, { cx: 520, bottom: 650, rx: 130, height: 96, band: info.color });
}

/** A roll of masking tape lying flat, its loose end running towards the camera. */
function drawTape(doc, info) {
  const c = info.color;
  const side = doc.id('ts');
  const face = doc.id('tf');
  doc.def(shadeCylinder(side, c, { spec: 0.3, dark: 0.35 }));
  doc.def(`<radialGradient id="${face}" cx=".45" cy=".4" r=".65"><stop offset="0" stop-color="${lightenColor(c, 0.25)}"/><stop offset="1" stop-color="${darkenColor(c, 0.08)}"/></radialGradient>`);
  const cx = 400;
  const rx = 230;
  const ry = rx * 0.3;
  const bottom = 600;
  const top = bottom - 110;
  const p = [];
  // Loose end.
  p.push(`<path fill="${darkenColor(c, 0.06)}" d="M${cx + 40} ${n(bottom + ry - 6)}L${cx + 150} ${n(bottom + ry - 14)}L${cx + 200} 690L${cx + 70} 700Z"/>`);
  p.push(`<path fill="${c}" d="M${cx + 70} 700L${cx + 200} 690L${cx + 196} 684L${cx + 68} 694Z"/>`);
  p.push(`<path fill="url(#${side})" d="${pathCylinder(cx, top, bottom, rx, ry)}"/>`);
  p.push(`<ellipse cx="${cx}" cy="${top}" rx="${rx}" ry="${n(ry)}" fill="url(#${face})"/>`);
  for (let i = 1; i < 8; i++) p.push(`<ellipse cx="${cx}" cy="${top}" rx="${n(rx - i * 12)}" ry="${n(ry - i * 12 * 0.3)}" fill="none" stroke="${darkenColor(c, 0.2)}" stroke-opacity=".25"/>`);
  // Cardboard core and its hole.
  const cr = 140;
  p.push(`<ellipse cx="${cx}" cy="${top}" rx="${cr}" ry="${n(cr * 0.3)}" fill="#c7a77b"/>`);
  p.push(`<ellipse cx="${cx}" cy="${top + 2}" rx="${cr - 12}" ry="${n((cr - 12) * 0.3)}" fill="#8a6d48"/>`);
  p.push(`<path fill="#eae5dc" d="M${cx - cr + 12} ${top + 14}A${cr - 12} ${n((cr - 12) * 0.3)} 0 0 0 ${cx + cr - 12} ${top + 14}L${cx + cr - 12} ${top + 2}A${cr - 12} ${n((cr - 12) * 0.3)} 0 0 1 ${cx - cr + 12} ${top + 2}Z" opacity=".6"/>`);
  const label = `${info.brand.toUpperCase()}  ·  ${info.shortName.toUpperCase()}`;
  p.push(doc.ink.text(label, { x: cx, y: top + 8, size: fitTextSize(label, { max: 8, maxWidth: 200, tracking: 100 }), anchor: 'middle', fill: '#3d2e1c', tracking: 100, opacity: 0.8 }));
  return p.join('');
}

/** A paint roller lying on the floor, frame and handle rising to the right. */
function drawRoller(doc, info) {
  const c = info.color;
  const rnd = createRandom(`roller:${info.slug}`);
  const cover = doc.id('rc');
  const handle = doc.id('rh');
  const metal = doc.id('rm');
  doc.def(`<linearGradient id="${cover}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darkenColor(c, 0.25)}"/><stop offset=".28" stop-color="${lightenColor(c, 0.3)}"/><stop offset=".55" stop-color="${c}"/><stop offset="1" stop-color="${darkenColor(c, 0.45)}"/></linearGradient>`);
  doc.def(`<linearGradient id="${handle}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5a5f66"/><stop offset=".4" stop-color="#2a2d31"/><stop offset="1" stop-color="#111214"/></linearGradient>`);
  doc.def(shadeMetalBar(metal, '#b7bcc1'));
  const p = [];
  // Frame behind the cover.
  p.push(`<path fill="none" stroke="url(#${metal})" stroke-width="10" stroke-linecap="round" stroke-linejoin="round" d="M540 560L580 560Q600 560 600 540L600 380Q600 360 620 352L640 344"/>`);
  p.push(`<path fill="none" stroke="#6f757b" stroke-width="10" stroke-linecap="round" d="M540 560L580 560Q600 560 600 540L600 380Q600 360 620 352L640 344"/>`);
  p.push(`<path fill="none" stroke="#e4e7ea" stroke-width="3" stroke-linecap="round" d="M542 556L578 556Q596 556 596 538L596 380Q596 362 616 354"/>`);
  // Handle.
  p.push(`<path fill="url(#${handle})" d="M628 330L700 282Q722 268 734 288Q744 306 724 320L652 370Q634 378 626 362Q620 344 628 330Z"/>`);
  p.push(`<rect x="618" y="336" width="34" height="22" rx="4" fill="#b7bcc1" transform="rotate(-34 635 347)"/>`);
  // Cover.
  p.push(`<rect x="170" y="490" width="380" height="140" rx="20" fill="url(#${cover})"/>`);
  const nap = [];
  for (let i = 0; i < 320; i++) {
    const x = 176 + rnd() * 368;
    const y = 494 + rnd() * 132;
    const light = rnd() > 0.5;
    nap.push(`<path stroke="${light ? '#fff' : '#000'}" stroke-opacity="${n(light ? 0.12 + rnd() * 0.12 : 0.08 + rnd() * 0.1, 2)}" d="M${n(x)} ${n(y)}l${n(rnd() * 3 - 1.5)} ${n(3 + rnd() * 5)}"/>`);
  }
  p.push(`<g stroke-width="2" stroke-linecap="round">${nap.join('')}</g>`);
  p.push(`<ellipse cx="550" cy="560" rx="16" ry="70" fill="${darkenColor(c, 0.2)}"/><ellipse cx="552" cy="560" rx="10" ry="30" fill="#3b3f44"/><ellipse cx="553" cy="560" rx="4" ry="10" fill="#b7bcc1"/>`);
  return p.join('');
}

/** A flat paint brush lying on the diagonal: painted handle, crimped ferrule, tapered bristles. */
function drawBrush(doc, info) {
  const c = info.color;
  const rnd = createRandom(`brush:${info.slug}`);
  const handle = doc.id('bh');
  const ferrule = doc.id('bf');
  const bristle = doc.id('bb');
  doc.def(`<linearGradient id="${handle}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lightenColor(c, 0.4)}"/><stop offset=".35" stop-color="${c}"/><stop offset="1" stop-color="${darkenColor(c, 0.45)}"/></linearGradient>`);
  doc.def(shadeMetalBar(ferrule, '#c2c6ca'));
  doc.def(`<linearGradient id="${bristle}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8e6a3e"/><stop offset=".6" stop-color="#d8b98a"/><stop offset="1" stop-color="#b8935f"/></linearGradient>`);
  const p = [];
  p.push('<g transform="rotate(-28 400 420)">');
  // Bristles (left), ferrule, handle (right) laid out horizontally before rotation.
  p.push(`<path fill="url(#${bristle})" d="M60 372Q52 420 60 468L250 484L250 356Z"/>`);
  const hairs = [];
  for (let i = 0; i < 60; i++) {
    const y = 362 + rnd() * 116;
    hairs.push(`<path stroke="${rnd() > 0.5 ? '#5e4424' : '#f1dfc0'}" stroke-opacity="${n(0.25 + rnd() * 0.35, 2)}" d="M${n(62 + rnd() * 20)} ${n(y)}L250 ${n(y + (rnd() - 0.5) * 4)}"/>`);
  }
  p.push(`<g stroke-width="1.2">${hairs.join('')}</g>`);
  p.push(`<rect x="246" y="346" width="130" height="148" rx="10" fill="url(#${ferrule})"/>`);
  for (const x of [276, 300, 324]) p.push(`<rect x="${x}" y="346" width="4" height="148" fill="#7d8388" opacity=".6"/>`);
  p.push(`<path fill="url(#${handle})" d="M372 372Q420 360 470 380Q560 400 660 396Q712 394 716 420Q712 446 660 444Q560 440 470 460Q420 480 372 468Z"/>`);
  p.push(`<circle cx="670" cy="420" r="11" fill="#efe9df" stroke="${darkenColor(c, 0.4)}" stroke-width="2"/>`);
  p.push(`<path fill="#fff" opacity=".3" d="M400 378Q460 374 520 392Q600 408 690 402Q600 414 520 404Q460 392 400 388Z"/>`);
  const on = pickTextColor(c);
  const label = info.brand.split(' ')[0].toUpperCase();
  p.push(doc.ink.text(label, { x: 480, y: 428, size: fitTextSize(label, { max: 20, maxWidth: 150, tracking: 160 }), fill: on, tracking: 160, weight: 0.4 }));
  p.push('</g>');
  return p.join('');
}

const DRAWERS = {
  'spray-gun': drawSprayGun,
  sprayer: drawSprayer,
  tip: (doc, info) => drawTip(doc, info),
  'tip-guard': drawTipGuard,
  hose: drawHose,
  respirator: drawRespirator,
  cartridge: drawCartridges,
  tape: drawTape,
  roller: drawRoller,
  brush: drawBrush,
};

/** The equipment object of `info.kind` in the studio's coordinates (800x800, floor at GROUND_Y). */
export function drawEquipment(doc, info) {
  return (DRAWERS[info.kind] ?? drawTip)(doc, info);
}
