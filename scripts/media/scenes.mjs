// Marketing scene illustrations (1600x1000): compositions of paint and the places it goes.
// Each scene is drawn from a fixed seed, so the same build always yields the same bytes.
import { createRandom, darkenColor, formatNumber as n, lightenColor, mixColors } from '../../src/lib/product-art/lib.mjs';
import { drawAerosol, drawCan, drawPail, drawKit } from '../../src/lib/product-art/containers.mjs';
import { drawEquipment } from '../../src/lib/product-art/equipment.mjs';
import { drawBrushStroke, drawDots, drawDrip, drawGrain, drawSprayFan, drawWall } from '../../src/lib/product-art/paint-marks.mjs';
import { createDoc, describeProduct } from '../../src/lib/product-art/products.mjs';
import { drawGroundShadow } from '../../src/lib/product-art/studio.mjs';

/** Scene size: 16:10. */
export const SCENE_W = 1600;
export const SCENE_H = 1000;

// Colours drawn from the RAL standard, so swatches carry real paint colours.
const RAL = ['#1f4f7a', '#b32428', '#e5be01', '#3b5e3a', '#c9b79c', '#d0542c', '#6c7156', '#0e518d', '#9e9764', '#a65e2e', '#5d9b9b', '#8a9597', '#c2b078', '#763c28', '#2a6478', '#f4f4f4', '#cb2821', '#497e76', '#b5b8b1', '#6d3f5b', '#f39f18', '#26252d', '#c6a664', '#317f43'];

/** One product illustration placed at (x, y) with scale k, with its own ground shadow. */
function placeProduct(doc, product, { x, y, k = 1, shadowRx = 160 }) {
  const info = describeProduct(product);
  const s = drawGroundShadow(400, shadowRx, { id: doc.id('ps') });
  doc.def(s.defs);
  const body = info.kind === 'can' ? drawCan(doc, info) : info.kind === 'pail' ? drawPail(doc, info) : info.kind === 'aerosol' ? drawAerosol(doc, info) : info.kind === 'kit' ? drawKit(doc, info) : drawEquipment(doc, info);
  return `<g transform="translate(${n(x - 400 * k)} ${n(y - 664 * k)}) scale(${n(k, 3)})">${s.body}${body}</g>`;
}

const sample = (name, kind, color, colorName, finish = 'Satin', brand = 'Diamond Collection') => ({ name, brand, finish, slug: name.toLowerCase().replace(/\W+/g, '-'), visual: { kind, color, colorName } });

/** A floor plane with perspective lines and a glossy reflection band. */
function drawFloor(doc, { y0, color, gloss = 0.5, lines = 'none', rnd }) {
  const g = doc.id('fl');
  doc.def(`<linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darkenColor(color, 0.15)}"/><stop offset="1" stop-color="${lightenColor(color, 0.1)}"/></linearGradient>`);
  const p = [`<rect y="${y0}" width="${SCENE_W}" height="${SCENE_H - y0}" fill="url(#${g})"/>`];
  if (lines === 'planks') {
    for (let i = -14; i <= 14; i++) p.push(`<path stroke="${darkenColor(color, 0.35)}" stroke-opacity=".45" stroke-width="2" d="M${800 + i * 40} ${y0}L${800 + i * 170} ${SCENE_H}"/>`);
    for (let j = 0; j < 9; j++) {
      const yy = y0 + (SCENE_H - y0) * ((j + 1) / 10) ** 1.6;
      for (let i = -14; i < 14; i += 2) {
        const t = (yy - y0) / (SCENE_H - y0);
        const x = 800 + (i + (j % 2)) * (40 + 130 * t);
        p.push(`<path stroke="${darkenColor(color, 0.35)}" stroke-opacity=".4" stroke-width="1.5" d="M${n(x)} ${n(yy)}L${n(x + 40 + 130 * t)} ${n(yy)}"/>`);
      }
    }
  } else if (lines === 'tiles') {
    for (let i = -10; i <= 10; i++) p.push(`<path stroke="#fff" stroke-opacity=".12" stroke-width="2" d="M${800 + i * 60} ${y0}L${800 + i * 260} ${SCENE_H}"/>`);
  }
  if (gloss > 0) {
    const r = doc.id('fr');
    doc.def(`<linearGradient id="${r}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="${n(gloss * 0.7, 2)}"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/></linearGradient>`);
    // Window reflections stretched across the glossy floor.
    for (let i = 0; i < 4; i++) {
      const x = 260 + i * 320;
      p.push(`<path fill="url(#${r})" d="M${x} ${y0}L${x + 120} ${y0}L${x + 200 + i * 30} ${SCENE_H}L${x - 40 + i * 30} ${SCENE_H}Z"/>`);
    }
  }
  return p.join('');
}

/** A room in one-point perspective (back wall with windows, side walls, ceiling lights) over a finished floor. */
function drawRoom(doc, rnd, { wall = '#e7e4de', floor, style }) {
  const vx = 800;
  const vy = 430;
  const [bx1, bx2, by1, by2] = [380, 1220, 170, 600];
  const toBottom = (x, y, ty) => vx + ((x - vx) * (ty - vy)) / (y - vy);
  const p = [];
  const bw = doc.id('bw');
  doc.def(`<linearGradient id="${bw}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lightenColor(wall, 0.2)}"/><stop offset="1" stop-color="${darkenColor(wall, 0.05)}"/></linearGradient>`);
  p.push(`<rect width="${SCENE_W}" height="${SCENE_H}" fill="${darkenColor(wall, 0.12)}"/>`);
  p.push(`<path fill="${darkenColor(wall, 0.08)}" d="M0 0L${bx1} ${by1}L${bx1} ${by2}L0 ${SCENE_H}Z"/><path fill="${darkenColor(wall, 0.16)}" d="M${SCENE_W} 0L${bx2} ${by1}L${bx2} ${by2}L${SCENE_W} ${SCENE_H}Z"/>`);
  p.push(`<path fill="${lightenColor(wall, 0.3)}" d="M0 0L${SCENE_W} 0L${bx2} ${by1}L${bx1} ${by1}Z"/>`);
  p.push(`<rect x="${bx1}" y="${by1}" width="${bx2 - bx1}" height="${by2 - by1}" fill="url(#${bw})"/>`);
  // Ceiling light strips converging on the vanishing point.
  for (const k of [0.25, 0.5, 0.75]) {
    const y0 = by1 * k;
    const xa = vx - (vx - bx1) * (1 + (1 - k) * 1.2) * 0.35;
    const xb = vx + (bx2 - vx) * (1 + (1 - k) * 1.2) * 0.35;
    p.push(`<rect x="${n(xa)}" y="${n(y0)}" width="${n(xb - xa)}" height="${n(6 + (1 - k) * 10)}" rx="3" fill="#fff" opacity=".9"/>`);
  }
  const windows = [[460, 620], [700, 900], [980, 1140]];
  for (const [x1, x2] of windows) {
    p.push(`<rect x="${x1}" y="230" width="${x2 - x1}" height="300" fill="#f7fafc"/><path stroke="${darkenColor(wall, 0.2)}" stroke-width="6" d="M${(x1 + x2) / 2} 230V530M${x1} 380H${x2}"/>`);
  }
  p.push(`<rect x="${bx1}" y="${by2 - 14}" width="${bx2 - bx1}" height="14" fill="${darkenColor(wall, 0.25)}"/>`);
  // Floor.
  const fg = doc.id('fg');
  doc.def(`<linearGradient id="${fg}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darkenColor(floor, 0.12)}"/><stop offset="1" stop-color="${lightenColor(floor, 0.08)}"/></linearGradient>`);
  const floorPath = `M${bx1} ${by2}L${bx2} ${by2}L${SCENE_W} ${SCENE_H}L0 ${SCENE_H}Z`;
  p.push(`<path fill="url(#${fg})" d="${floorPath}"/>`);
  const clip = doc.id('fc');
  doc.def(`<clipPath id="${clip}"><path d="${floorPath}"/></clipPath>`);
  p.push(`<g clip-path="url(#${clip})">`);
  if (style === 'planks') {
    const lines = [];
    for (let i = -18; i <= 18; i++) {
      const x = vx + i * 48;
      lines.push(`M${n(x)} ${by2}L${n(toBottom(x, by2, SCENE_H))} ${SCENE_H}`);
    }
    p.push(`<path stroke="${darkenColor(floor, 0.35)}" stroke-opacity=".5" stroke-width="2" d="${lines.join('')}"/>`);
    const joints = [];
    for (let r = 0; r < 14; r++) {
      const y = by2 + (SCENE_H - by2) * ((r + 1) / 14) ** 1.7;
      for (let i = -18; i < 18; i += 3) {
        const x = vx + (i + (r % 3)) * 48;
        const xa = toBottom(x, by2, y);
        const xb = toBottom(x + 48, by2, y);
        joints.push(`M${n(xa)} ${n(y)}L${n(xb)} ${n(y)}`);
      }
    }
    p.push(`<path stroke="${darkenColor(floor, 0.35)}" stroke-opacity=".45" stroke-width="1.5" d="${joints.join('')}"/>`);
    const grain = [];
    for (let i = 0; i < 160; i++) {
      const x = vx + (rnd() - 0.5) * 1700;
      const y = by2 + rnd() * (SCENE_H - by2);
      const len = 20 + rnd() * 60;
      grain.push(`M${n(x)} ${n(y)}l${n((x - vx) * 0.04)} ${n(len * 0.3)}`);
    }
    p.push(`<path stroke="${darkenColor(floor, 0.25)}" stroke-opacity=".25" d="${grain.join('')}"/>`);
  }
  // Window reflections on the floor: the gloss of the finish.
  const gloss = style === 'planks' ? 0.28 : 0.6;
  const rg = doc.id('rg');
  doc.def(`<linearGradient id="${rg}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="${gloss}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`);
  for (const [x1, x2] of windows) {
    const yb = 940;
    // A reflection stays under its window, widening a little towards the viewer.
    const widen = (x) => x + (x - vx) * 0.35;
    p.push(`<path fill="url(#${rg})" d="M${x1} ${by2 + 4}L${x2} ${by2 + 4}L${n(widen(x2))} ${yb}L${n(widen(x1))} ${yb}Z"/>`);
  }
  if (style === 'epoxy') {
    // Metallic epoxy: slow translucent swirls in the cast.
    const sw = [];
    for (let i = 0; i < 7; i++) {
      const y = by2 + 60 + i * 50;
      sw.push(`<path fill="none" stroke="#fff" stroke-opacity="${n(0.03 + rnd() * 0.05, 2)}" stroke-width="${n(10 + rnd() * 40)}" stroke-linecap="round" d="M${n(100 + rnd() * 200)} ${n(y + 60)}C${n(500 + rnd() * 200)} ${n(y - 40)} ${n(900 + rnd() * 200)} ${n(y + 120)} ${n(1450 + rnd() * 100)} ${n(y + 20)}"/>`);
    }
    p.push(sw.join(''));
  }
  p.push('</g>');
  return p.join('');
}

/** A row of townhouse façades for the ateliers. */
function drawFacades(doc, rnd, { style, colors, sky }) {
  const p = [];
  const sg = doc.id('sk');
  doc.def(`<linearGradient id="${sg}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>`);
  p.push(`<rect width="${SCENE_W}" height="${SCENE_H}" fill="url(#${sg})"/>`);
  const base = 900;
  let x = -40;
  let i = 0;
  while (x < SCENE_W) {
    const w = style === 'oslo' ? 230 + rnd() * 40 : style === 'london' ? 260 : 300 + rnd() * 60;
    const h = style === 'oslo' ? 430 + rnd() * 80 : style === 'london' ? 560 : 600 + rnd() * 160;
    const c = colors[i % colors.length];
    const top = base - h;
    if (style === 'oslo') {
      // Wooden gabled houses with vertical cladding.
      p.push(`<path fill="${c}" d="M${n(x)} ${base}L${n(x)} ${n(top)}L${n(x + w / 2)} ${n(top - w * 0.45)}L${n(x + w)} ${n(top)}L${n(x + w)} ${base}Z"/>`);
      const boards = [];
      for (let b = x + 12; b < x + w; b += 14) boards.push(`M${n(b)} ${n(top + Math.max(0, w * 0.45 - Math.abs(b - x - w / 2) * 0.9) * -1 + 6)}L${n(b)} ${base}`);
      p.push(`<path stroke="${darkenColor(c, 0.3)}" stroke-opacity=".35" stroke-width="2" d="${boards.join('')}"/>`);
      p.push(`<path fill="none" stroke="#f7f3ea" stroke-width="10" d="M${n(x - 4)} ${n(top + 4)}L${n(x + w / 2)} ${n(top - w * 0.45)}L${n(x + w + 4)} ${n(top + 4)}"/>`);
      for (let r = 0; r < 3; r++) for (let k = 0; k < 2; k++) {
        const wx = x + w * (0.22 + k * 0.36);
        const wy = top + 40 + r * 120;
        if (wy + 80 > base - 40) continue;
        p.push(`<rect x="${n(wx)}" y="${n(wy)}" width="${n(w * 0.22)}" height="80" fill="#f7f3ea"/><rect x="${n(wx + 6)}" y="${n(wy + 6)}" width="${n(w * 0.22 - 12)}" height="68" fill="#2c3a44"/><path stroke="#f7f3ea" stroke-width="4" d="M${n(wx + w * 0.11)} ${n(wy)}v80M${n(wx)} ${n(wy + 40)}h${n(w * 0.22)}"/>`);
      }
    } else if (style === 'london') {
      // Georgian terrace: stucco ground floor, brick above, coloured front doors.
      p.push(`<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="${n(h)}" fill="#b9876a"/>`);
      p.push(`<rect x="${n(x)}" y="${n(base - 200)}" width="${n(w)}" height="200" fill="#f1ede4"/>`);
      p.push(`<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="26" fill="#ece7dc"/>`);
      const bricks = [];
      for (let by = top + 40; by < base - 200; by += 14) bricks.push(`M${n(x)} ${n(by)}h${n(w)}`);
      p.push(`<path stroke="#8c5e46" stroke-opacity=".35" stroke-width="1.5" d="${bricks.join('')}"/>`);
      for (let r = 0; r < 2; r++) for (let k = 0; k < 2; k++) {
        const wx = x + 40 + k * 120;
        const wy = top + 60 + r * 150;
        p.push(`<rect x="${n(wx - 6)}" y="${n(wy - 6)}" width="82" height="122" fill="#f1ede4"/><rect x="${n(wx)}" y="${n(wy)}" width="70" height="110" fill="#26333d"/><path stroke="#f1ede4" stroke-width="4" d="M${n(wx + 35)} ${n(wy)}v110M${n(wx)} ${n(wy + 37)}h70M${n(wx)} ${n(wy + 74)}h70"/>`);
      }
      p.push(`<rect x="${n(x + 40)}" y="${n(base - 170)}" width="76" height="170" rx="38" fill="#f7f4ee"/><rect x="${n(x + 48)}" y="${n(base - 150)}" width="60" height="150" fill="${c}"/><circle cx="${n(x + 98)}" cy="${n(base - 76)}" r="4" fill="#c6a25a"/>`);
      p.push(`<rect x="${n(x + 150)}" y="${n(base - 150)}" width="80" height="100" fill="#26333d"/><path stroke="#f1ede4" stroke-width="4" d="M${n(x + 190)} ${n(base - 150)}v100"/>`);
      p.push(`<path stroke="#1b1e22" stroke-width="3" d="M${n(x)} ${base - 20}h${n(w)}${Array.from({ length: 13 }, (_, k) => `M${n(x + 10 + k * 20)} ${base - 20}v20`).join('')}"/>`);
    } else {
      // New York loft: cast-iron front, tall windows, fire escape.
      p.push(`<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="${n(h)}" fill="${c}"/>`);
      p.push(`<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="30" fill="${darkenColor(c, 0.25)}"/>`);
      const cols = 4;
      for (let r = 0; r < 5; r++) for (let k = 0; k < cols; k++) {
        const wx = x + 24 + k * ((w - 48) / cols);
        const wy = top + 60 + r * 108;
        if (wy + 80 > base - 120) continue;
        p.push(`<rect x="${n(wx)}" y="${n(wy)}" width="${n((w - 48) / cols - 18)}" height="80" fill="#1f2b35"/><rect x="${n(wx)}" y="${n(wy)}" width="${n((w - 48) / cols - 18)}" height="10" fill="${lightenColor(c, 0.3)}"/>`);
      }
      if (i % 2 === 0) {
        const fx = x + w * 0.25;
        for (let r = 0; r < 4; r++) {
          const fy = top + 150 + r * 108;
          if (fy > base - 160) continue;
          p.push(`<path fill="none" stroke="#15181b" stroke-width="4" d="M${n(fx)} ${n(fy)}h${n(w * 0.5)}M${n(fx)} ${n(fy - 30)}h${n(w * 0.5)}M${n(fx + 20)} ${n(fy)}l${n(w * 0.4)} 78"/>`);
        }
      }
      p.push(`<rect x="${n(x)}" y="${n(base - 120)}" width="${n(w)}" height="120" fill="#1c2126"/><rect x="${n(x + 20)}" y="${n(base - 100)}" width="${n(w - 40)}" height="80" fill="#38505f"/>`);
    }
    x += w + (style === 'oslo' ? 6 : 0);
    i++;
  }
  p.push(`<rect y="${base}" width="${SCENE_W}" height="${SCENE_H - base}" fill="#5b5d5c"/><rect y="${base}" width="${SCENE_W}" height="14" fill="#8c8d89"/>`);
  return p.join('');
}

// Rough outlines of the continents as [longitude, latitude] pairs: enough for a dot map.
const LAND = [
  [[-168, 66], [-160, 71], [-140, 70], [-125, 70], [-95, 72], [-80, 68], [-62, 60], [-55, 52], [-66, 45], [-70, 42], [-76, 35], [-81, 31], [-80, 25], [-84, 30], [-90, 29], [-97, 26], [-97, 20], [-92, 18], [-87, 21], [-83, 15], [-78, 8], [-83, 9], [-92, 15], [-105, 20], [-110, 24], [-112, 30], [-117, 33], [-124, 40], [-124, 48], [-130, 55], [-140, 60], [-152, 58], [-165, 60]],
  [[-50, 60], [-42, 60], [-20, 70], [-18, 78], [-30, 83], [-60, 82], [-72, 77], [-55, 68]],
  [[-80, 8], [-72, 12], [-62, 10], [-50, 2], [-35, -6], [-38, -14], [-48, -26], [-58, -38], [-65, -42], [-68, -52], [-74, -52], [-72, -40], [-71, -30], [-70, -18], [-76, -14], [-81, -5], [-78, 2]],
  [[-10, 36], [-9, 43], [-2, 44], [-4, 48], [2, 51], [8, 54], [10, 58], [5, 62], [12, 66], [20, 70], [30, 71], [40, 68], [42, 60], [30, 56], [28, 46], [40, 42], [28, 41], [24, 36], [20, 40], [16, 38], [12, 44], [8, 44], [3, 42], [-2, 36]],
  [[-6, 50], [1, 51], [2, 53], [-2, 56], [-3, 58], [-6, 58], [-5, 54], [-3, 53]],
  [[-10, 52], [-6, 52], [-6, 55], [-9, 55]],
  [[-24, 64], [-14, 64], [-14, 66], [-22, 66]],
  [[-17, 21], [-16, 12], [-8, 5], [5, 5], [9, 4], [10, -3], [13, -12], [12, -17], [18, -34], [26, -34], [33, -26], [40, -16], [40, -10], [44, -1], [51, 11], [44, 12], [38, 18], [33, 30], [20, 32], [10, 37], [-2, 36], [-10, 31]],
  [[44, -25], [47, -25], [50, -15], [48, -13]],
  [[28, 41], [36, 36], [35, 30], [44, 13], [52, 16], [58, 22], [56, 26], [62, 25], [68, 23], [72, 20], [77, 8], [80, 15], [88, 22], [92, 21], [98, 16], [100, 13], [103, 2], [106, 10], [109, 12], [106, 20], [110, 21], [117, 24], [122, 30], [121, 40], [126, 38], [129, 35], [130, 43], [140, 47], [142, 54], [136, 55], [143, 60], [155, 60], [163, 62], [178, 65], [180, 69], [160, 70], [140, 72], [113, 74], [100, 78], [80, 73], [70, 73], [60, 70], [50, 68], [42, 66], [40, 68], [30, 70], [40, 60], [42, 55], [50, 50], [48, 45], [42, 43]],
  [[130, 31], [132, 34], [136, 35], [140, 36], [141, 41], [142, 45], [145, 44], [141, 39], [140, 35], [135, 33]],
  [[95, 5], [98, 4], [106, -6], [104, -6], [96, 2]],
  [[109, 1], [111, -3], [116, -4], [119, 1], [117, 7], [113, 3]],
  [[131, -1], [141, -3], [150, -10], [141, -9], [137, -5]],
  [[105, -6], [114, -8], [106, -7.5]],
  [[120, 18], [122, 18], [124, 12], [126, 7], [122, 7], [120, 14]],
  [[114, -22], [114, -34], [118, -35], [124, -33], [131, -31], [138, -35], [141, -38], [147, -38], [150, -37], [153, -31], [153, -25], [146, -19], [142, -11], [136, -12], [131, -12], [126, -14], [122, -18]],
  [[172, -34], [178, -38], [174, -41], [171, -46], [167, -46], [172, -41]],
];

/** Whether a point lies inside a polygon (even-odd ray casting). */
function containsPoint(poly, [x, y]) {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Projects longitude/latitude onto the scene (equirectangular, 84°N to 58°S). */
function projectLonLat(lon, lat) {
  return [((lon + 180) / 360) * SCENE_W, 40 + ((84 - lat) / 142) * 920];
}

const SCENES = {
  'shop-hero-1': (doc, rnd) => {
    const p = [drawWall(doc, SCENE_W, SCENE_H, '#e9e2d6')];
    // A wall of painted swatches behind the products.
    RAL.slice(0, 12).forEach((c, i) => {
      const x = 140 + (i % 6) * 220;
      const y = 70 + Math.floor(i / 6) * 250;
      p.push(`<rect x="${x + 6}" y="${y + 8}" width="190" height="220" fill="#000" opacity=".08"/><rect x="${x}" y="${y}" width="190" height="220" fill="${c}"/>`);
    });
    p.push(`<rect y="640" width="${SCENE_W}" height="360" fill="#efe9df"/><rect y="640" width="${SCENE_W}" height="3" fill="#d8cfc1"/>`);
    p.push(placeProduct(doc, sample('Diamond Interior Eggshell', 'can', '#1f4f7a', 'RAL 5010 Gentian Blue', 'Eggshell'), { x: 560, y: 930, k: 0.95 }));
    p.push(placeProduct(doc, sample('Diamond Pro Contractor Flat', 'pail', '#c9b79c', 'Warm Stone', 'Matt'), { x: 940, y: 900, k: 0.9 }));
    p.push(placeProduct(doc, sample('Diamond Trim Enamel', 'can', '#b32428', 'RAL 3000 Flame Red', 'Gloss'), { x: 1250, y: 960, k: 0.7 }));
    p.push(placeProduct(doc, sample('Diamond Sash Brush', 'brush', '#3b5e3a', ''), { x: 260, y: 1010, k: 0.65, shadowRx: 120 }));
    return p.join('');
  },
  'shop-hero-2': (doc, rnd) => {
    const p = [drawWall(doc, SCENE_W, SCENE_H, '#e4e6e7', { light: 0.4 })];
    p.push(drawSprayFan(rnd, { x: 1252, y: 690, dir: -32, spread: 30, length: 620, count: 700, color: '#1f4f7a', size: 3 }));
    p.push(`<rect y="700" width="${SCENE_W}" height="300" fill="#eceae6"/>`);
    p.push(placeProduct(doc, sample('Diamond Pro 5000 Airless Sprayer', 'sprayer', '#d0542c', ''), { x: 470, y: 960, k: 1.15 }));
    p.push(placeProduct(doc, sample('Diamond Pro 3600 Airless Spray Gun', 'spray-gun', '#1f4f7a', ''), { x: 1020, y: 980, k: 0.85 }));
    p.push(placeProduct(doc, sample('Diamond Reversible Spray Tip 517', 'tip', '#e5be01', ''), { x: 1380, y: 960, k: 0.45, shadowRx: 150 }));
    return p.join('');
  },
  'shop-hero-3': (doc, rnd) => {
    const p = [drawWall(doc, SCENE_W, SCENE_H, '#f2ede4')];
    ['#1f4f7a', '#c9b79c', '#b32428', '#3b5e3a', '#e5be01', '#6d3f5b'].forEach((c, i) => {
      p.push(drawBrushStroke(rnd, { x1: 120 + i * 30, y1: 160 + i * 120, x2: 1260 + i * 25, y2: 120 + i * 120 + (rnd() - 0.5) * 60, width: 120, color: c }));
    });
    p.push(placeProduct(doc, sample('Diamond Angled Sash Brush', 'brush', '#2a6478', ''), { x: 1340, y: 1000, k: 0.8, shadowRx: 120 }));
    return p.join('');
  },
  'shop-hero-4': (doc, rnd) => {
    const p = [drawWall(doc, SCENE_W, SCENE_H, '#d9dcde')];
    p.push(drawFloor(doc, { y0: 620, color: '#7d8c97', gloss: 0.6, lines: 'tiles', rnd }));
    p.push(placeProduct(doc, sample('Kretus Garage Floor Kit', 'kit', '#8a9597', 'RAL 7001 Silver Grey', 'Gloss', 'Kretus'), { x: 620, y: 900, k: 1 }));
    p.push(placeProduct(doc, sample('Premera Polyaspartic Clear', 'pail', '#c2b078', 'Clear Gloss', 'Gloss', 'Premera'), { x: 1080, y: 880, k: 0.9 }));
    return p.join('');
  },
  'swatch-wall': (doc, rnd) => {
    const p = [`<rect width="${SCENE_W}" height="${SCENE_H}" fill="#f3efe8"/>`];
    const cols = 12;
    const rows = 7;
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
      const base = RAL[(r * 5 + c * 7) % RAL.length];
      const col = mixColors(base, '#ffffff', (r % 3) * 0.18);
      const x = 40 + c * 128 + (r % 2) * 10;
      const y = 40 + r * 134;
      p.push(`<rect x="${x + 4}" y="${y + 6}" width="116" height="124" fill="#000" opacity=".07"/><rect x="${x}" y="${y}" width="116" height="124" fill="#fbf9f5"/><rect x="${x + 6}" y="${y + 6}" width="104" height="88" fill="${col}"/><rect x="${x + 8}" y="${y + 104}" width="52" height="4" fill="#17212e" opacity=".35"/><rect x="${x + 8}" y="${y + 113}" width="30" height="3" fill="#17212e" opacity=".2"/>`);
    }
    return p.join('') + drawGrain(doc, SCENE_W, SCENE_H, { opacity: 0.05 });
  },
  'paint-drip': (doc, rnd) => {
    const p = [drawWall(doc, SCENE_W, SCENE_H, '#f1ece3')];
    const c = '#1f4f7a';
    let edge = `M0 0L${SCENE_W} 0L${SCENE_W} 300`;
    for (let x = SCENE_W; x >= 0; x -= 40) edge += `L${x} ${n(290 + Math.sin(x / 90) * 14 + rnd() * 10)}`;
    p.push(`<path fill="${c}" d="${edge}Z"/>`);
    for (let i = 0; i < 16; i++) {
      const x = 60 + i * 96 + rnd() * 40;
      p.push(drawDrip(x, 290, 80 + rnd() * 520, 18 + rnd() * 26, c));
    }
    p.push(`<rect width="${SCENE_W}" height="140" fill="#fff" opacity=".06"/>`);
    return p.join('') + drawGrain(doc, SCENE_W, SCENE_H, { opacity: 0.05 });
  },
  'roller-texture': (doc, rnd) => {
    const p = [drawWall(doc, SCENE_W, SCENE_H, '#ece6dc')];
    ['#3b5e3a', '#497e76'].forEach((c, k) => {
      const x0 = 180 + k * 520;
      p.push(`<rect x="${x0}" y="0" width="460" height="${SCENE_H}" fill="${c}"/>`);
      const dots = [[], []];
      for (let i = 0; i < 640; i++) dots[i % 2].push([x0 + rnd() * 460, rnd() * SCENE_H]);
      p.push(drawDots(dots[0], { size: 5, color: lightenColor(c, 0.2), opacity: 0.45 }) + drawDots(dots[1], { size: 4, color: darkenColor(c, 0.25), opacity: 0.5 }));
      const edge = [];
      for (let y = 0; y <= SCENE_H; y += 20) edge.push(`${n(x0 + 460 + rnd() * 14)} ${y}`);
      p.push(`<path fill="${c}" d="M${x0 + 455} 0L${edge.join('L')}L${x0 + 455} ${SCENE_H}Z"/>`);
    });
    p.push(placeProduct(doc, sample('Diamond Microfibre Roller', 'roller', '#497e76', ''), { x: 1380, y: 880, k: 0.9, shadowRx: 200 }));
    return p.join('');
  },
  'brush-stroke': (doc, rnd) => {
    const p = [`<rect width="${SCENE_W}" height="${SCENE_H}" fill="#f5f1ea"/>`];
    p.push(drawBrushStroke(rnd, { x1: 100, y1: 640, x2: 1500, y2: 300, width: 260, color: '#b32428', streaks: 40 }));
    p.push(drawBrushStroke(rnd, { x1: 180, y1: 820, x2: 1300, y2: 640, width: 120, color: '#e5be01', streaks: 24 }));
    return p.join('') + drawGrain(doc, SCENE_W, SCENE_H, { opacity: 0.06 });
  },
  'floor-epoxy': (doc, rnd) => drawRoom(doc, rnd, { wall: '#e4e6e8', floor: '#5d6f7c', style: 'epoxy' }),
  'floor-polyurethane': (doc, rnd) => drawRoom(doc, rnd, { wall: '#ece6dc', floor: '#b07a45', style: 'planks' }),
  'floor-flake': (doc, rnd) => {
    const p = [`<rect width="${SCENE_W}" height="${SCENE_H}" fill="#8c9195"/>`];
    const cols = ['#f4f4f4', '#26252d', '#b5b8b1', '#6c7156', '#c2b078'];
    cols.forEach((c, k) => {
      const shapes = [];
      for (let i = 0; i < 170; i++) {
        const x = rnd() * SCENE_W;
        const y = rnd() * SCENE_H;
        const s = 6 + rnd() * 12;
        shapes.push(`M${n(x)} ${n(y)}l${n(s)} ${n(rnd() * 4)}l${n(-rnd() * 4)} ${n(s * 0.8)}l${n(-s * 0.9)} ${n(-rnd() * 3)}Z`);
      }
      p.push(`<path fill="${c}" opacity="${k === 0 ? 0.9 : 0.85}" d="${shapes.join('')}"/>`);
    });
    const g = doc.id('fg');
    doc.def(`<linearGradient id="${g}" x1="0" y1="0" x2="1" y2="1"><stop offset=".3" stop-color="#fff" stop-opacity="0"/><stop offset=".5" stop-color="#fff" stop-opacity=".28"/><stop offset=".7" stop-color="#fff" stop-opacity="0"/></linearGradient>`);
    p.push(`<rect width="${SCENE_W}" height="${SCENE_H}" fill="url(#${g})"/>`);
    return p.join('');
  },
  'spray-airless': (doc, rnd) => {
    const p = [drawWall(doc, SCENE_W, SCENE_H, '#ebe7e0')];
    p.push(`<rect x="980" y="0" width="620" height="${SCENE_H}" fill="#d0542c"/>`);
    p.push(drawSprayFan(rnd, { x: 520, y: 470, dir: 0, spread: 30, length: 1000, count: 1400, color: '#d0542c', size: 3 }));
    p.push(`<g transform="translate(-80 130) scale(.9)">${drawEquipment(doc, describeProduct(sample('Diamond Pro 3600 Airless Spray Gun', 'spray-gun', '#1f4f7a', '')))}</g>`);
    return p.join('');
  },
  'spray-hvlp': (doc, rnd) => {
    const p = [drawWall(doc, SCENE_W, SCENE_H, '#e7e3dc')];
    p.push(drawSprayFan(rnd, { x: 420, y: 520, dir: -4, spread: 46, length: 1150, count: 1500, color: '#2a6478', size: 2 }));
    const g = doc.id('mist');
    doc.def(`<radialGradient id="${g}" cx=".75" cy=".5" r=".5"><stop offset="0" stop-color="#2a6478" stop-opacity=".35"/><stop offset="1" stop-color="#2a6478" stop-opacity="0"/></radialGradient>`);
    p.push(`<rect width="${SCENE_W}" height="${SCENE_H}" fill="url(#${g})"/>`);
    return p.join('');
  },
  'spray-air': (doc, rnd) => {
    const p = [drawWall(doc, SCENE_W, SCENE_H, '#efebe4')];
    p.push(`<circle cx="1040" cy="500" r="330" fill="#6d3f5b" opacity=".2"/><circle cx="1040" cy="500" r="220" fill="#6d3f5b" opacity=".35"/>`);
    p.push(drawSprayFan(rnd, { x: 260, y: 500, dir: 0, spread: 52, length: 1100, count: 1300, color: '#6d3f5b', size: 2.6 }));
    return p.join('');
  },
  'spray-accessories': (doc, rnd) => {
    const p = [drawWall(doc, SCENE_W, SCENE_H, '#ece8e1')];
    p.push(placeProduct(doc, sample('Diamond Airless Paint Hose', 'hose', '#26252d', ''), { x: 380, y: 900, k: 0.95, shadowRx: 240 }));
    p.push(placeProduct(doc, sample('Diamond Universal Tip Guard', 'tip-guard', '#1f4f7a', ''), { x: 820, y: 820, k: 0.6, shadowRx: 200 }));
    p.push(placeProduct(doc, sample('Diamond Precision Masking Tape 24 mm', 'tape', '#2e6fb5', ''), { x: 1240, y: 900, k: 0.75, shadowRx: 230 }));
    p.push(placeProduct(doc, sample('Diamond Reversible Spray Tip 619', 'tip', '#e5be01', ''), { x: 800, y: 1010, k: 0.4, shadowRx: 150 }));
    return p.join('');
  },
  'project-commercial': (doc, rnd) => {
    const p = [];
    const sg = doc.id('cs');
    doc.def(`<linearGradient id="${sg}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c9d8e4"/><stop offset="1" stop-color="#eef1f2"/></linearGradient>`);
    p.push(`<rect width="${SCENE_W}" height="${SCENE_H}" fill="url(#${sg})"/>`);
    [[120, 180, 360, '#2a3c4d'], [520, 60, 420, '#1f4f7a'], [980, 240, 300, '#3a4a58'], [1300, 140, 260, '#2a6478']].forEach(([x, y, w, c]) => {
      p.push(`<rect x="${x}" y="${y}" width="${w}" height="${SCENE_H - y}" fill="${c}"/>`);
      const panes = [];
      for (let yy = y + 30; yy < SCENE_H - 40; yy += 48) for (let xx = x + 20; xx < x + w - 30; xx += 44) panes.push(`M${xx} ${yy}h34v36h-34Z`);
      p.push(`<path fill="#dbe7f0" opacity="${n(0.25 + rnd() * 0.2, 2)}" d="${panes.join('')}"/>`);
      p.push(`<rect x="${x}" y="${y}" width="${w * 0.3}" height="${SCENE_H - y}" fill="#fff" opacity=".08"/>`);
    });
    p.push(`<rect x="520" y="520" width="420" height="40" fill="#e5be01"/><rect x="120" y="700" width="360" height="26" fill="#d0542c"/>`);
    return p.join('');
  },
  'project-residential': (doc, rnd) => {
    const p = [];
    const sg = doc.id('rs');
    doc.def(`<linearGradient id="${sg}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dfe8ec"/><stop offset="1" stop-color="#f4efe6"/></linearGradient>`);
    p.push(`<rect width="${SCENE_W}" height="${SCENE_H}" fill="url(#${sg})"/>`);
    p.push(`<path fill="#3b4a52" d="M300 420L800 130L1300 420Z"/><rect x="360" y="420" width="880" height="480" fill="#6c8a87"/>`);
    const sid = [];
    for (let y = 440; y < 900; y += 22) sid.push(`M360 ${y}h880`);
    p.push(`<path stroke="#4f6866" stroke-opacity=".6" stroke-width="3" d="${sid.join('')}"/>`);
    for (const x of [430, 1010]) p.push(`<rect x="${x - 10}" y="500" width="180" height="200" fill="#f4f1ea"/><rect x="${x}" y="510" width="160" height="180" fill="#2c3a44"/><path stroke="#f4f1ea" stroke-width="6" d="M${x + 80} 510v180M${x} 600h160"/>`);
    p.push(`<rect x="725" y="600" width="150" height="300" fill="#f4f1ea"/><rect x="740" y="615" width="120" height="285" fill="#b32428"/><circle cx="845" cy="760" r="6" fill="#c6a25a"/>`);
    p.push(`<rect y="900" width="${SCENE_W}" height="100" fill="#7a8a5a"/><rect x="700" y="900" width="200" height="100" fill="#c9c2b4"/>`);
    p.push(drawBrushStroke(rnd, { x1: 380, y1: 860, x2: 700, y2: 860, width: 40, color: '#e9e1d2', streaks: 8, opacity: 0.9 }));
    return p.join('');
  },
  'wood-grain': (doc, rnd) => {
    const p = [`<rect width="${SCENE_W}" height="${SCENE_H}" fill="#d7b48a"/>`];
    const lines = [];
    for (let i = 0; i < 70; i++) {
      let d = `M0 ${n(i * 15 + rnd() * 6)}`;
      for (let x = 100; x <= SCENE_W; x += 100) d += `L${x} ${n(i * 15 + Math.sin(x / 230 + i * 0.3) * 12 + Math.sin(x / 70) * 3)}`;
      lines.push(`<path d="${d}" stroke-width="${n(1 + rnd() * 3)}" stroke-opacity="${n(0.15 + rnd() * 0.3, 2)}"/>`);
    }
    p.push(`<g fill="none" stroke="#8a5a2e">${lines.join('')}</g>`);
    const s = doc.id('st');
    doc.def(`<linearGradient id="${s}" x1="0" y1="0" x2="1" y2="0"><stop offset=".46" stop-color="#5a3416" stop-opacity="0"/><stop offset=".5" stop-color="#5a3416" stop-opacity=".82"/><stop offset="1" stop-color="#3a2010" stop-opacity=".86"/></linearGradient>`);
    p.push(`<rect width="${SCENE_W}" height="${SCENE_H}" fill="url(#${s})"/>`);
    p.push(`<rect x="790" width="70" height="${SCENE_H}" fill="#fff" opacity=".08"/>`);
    return p.join('');
  },
  'industrial-steel': (doc, rnd) => {
    // A coated steel plate cut back in steps, as a coating system is shown on a data sheet.
    const p = [drawWall(doc, SCENE_W, SCENE_H, '#1c2a39', { light: 0.18, dark: 0.3 })];
    const grid = [];
    for (let x = 0; x <= SCENE_W; x += 80) grid.push(`M${x} 0V${SCENE_H}`);
    for (let y = 0; y <= SCENE_H; y += 80) grid.push(`M0 ${y}H${SCENE_W}`);
    p.push(`<path stroke="#fff" stroke-opacity=".04" d="${grid.join('')}"/>`);
    const layers = [
      ['#9aa1a8', 'BLAST-CLEANED STEEL', 'SA 2.5'],
      ['#8d918c', 'ZINC-RICH EPOXY PRIMER', '75 MICRONS'],
      ['#7a2e1f', 'HIGH-BUILD EPOXY', '150 MICRONS'],
      ['#1f4f7a', 'POLYURETHANE TOPCOAT', '60 MICRONS'],
    ];
    const depth = 70;
    const sh = doc.id('ps');
    doc.def(`<filter id="${sh}" x="-10%" y="-30%" width="120%" height="160%"><feGaussianBlur stdDeviation="22"/></filter>`);
    p.push(`<path fill="#000" opacity=".45" filter="url(#${sh})" d="M220 790L1480 790L1440 840L260 840Z"/>`);
    layers.forEach(([c, label, thick], i) => {
      const x = 200 + i * 210;
      const top = 420 - i * 22;
      const front = 760;
      const g = doc.id('lf');
      doc.def(`<linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lightenColor(c, 0.22)}"/><stop offset="1" stop-color="${darkenColor(c, 0.18)}"/></linearGradient>`);
      // Top face, front face and the lit step edge of this layer.
      p.push(`<path fill="${lightenColor(c, 0.12)}" d="M${x} ${top}L${x + depth} ${top - depth}L1500 ${top - depth}L1430 ${top}Z"/>`);
      p.push(`<path fill="url(#${g})" d="M${x} ${top}L1430 ${top}L1430 ${front}L${x} ${front}Z"/>`);
      p.push(`<path stroke="#fff" stroke-opacity=".35" stroke-width="2" d="M${x} ${top}L1430 ${top}"/>`);
      if (i === 0) {
        const lines = [];
        for (let k = 0; k < 26; k++) lines.push(`M${x + 6} ${n(top + 12 + k * 13 + rnd() * 4)}H1424`);
        p.push(`<path stroke="#fff" stroke-opacity=".07" d="${lines.join('')}"/>`);
      }
      // Leader line and label above the step.
      const lx = x + 60;
      p.push(`<path fill="none" stroke="#e5be01" stroke-width="2" d="M${lx} ${top - 30}V${96 + i * 48}"/><circle cx="${lx}" cy="${top - 30}" r="6" fill="#e5be01"/>`);
      const ly = 104 + i * 48;
      p.push(doc.ink.text(label, { x: lx + 14, y: ly, size: 15, fill: '#ffffff', tracking: 160, weight: 0.4 }));
      p.push(doc.ink.text(thick, { x: lx + 14, y: ly + 24, size: 13, fill: '#c9d3dd', tracking: 160 }));
    });
    // Right side faces of the plate.
    p.push(`<path fill="#3f474f" d="M1430 420L1500 350L1500 690L1430 760Z"/>`);
    return p.join('');
  },
  'organic-leaf': (doc, rnd) => {
    const p = [drawWall(doc, SCENE_W, SCENE_H, '#eef0e2')];
    const greens = ['#317f43', '#6c7156', '#a3c585', '#2f6b4f', '#9e9764'];
    for (let i = 0; i < 22; i++) {
      const x = rnd() * SCENE_W;
      const y = rnd() * SCENE_H;
      const s = 60 + rnd() * 150;
      const a = rnd() * 360;
      const c = greens[i % greens.length];
      p.push(`<g transform="translate(${n(x)} ${n(y)}) rotate(${n(a)}) scale(${n(s / 100, 2)})"><path fill="${c}" d="M0 0C30-40 80-40 110 0C80 40 30 40 0 0Z"/><path fill="none" stroke="${lightenColor(c, 0.4)}" stroke-width="2" d="M4 0L104 0M30 0L48-16M56 0L74-14M30 0L48 16M56 0L74 14"/></g>`);
    }
    return p.join('') + drawGrain(doc, SCENE_W, SCENE_H, { opacity: 0.05 });
  },
  'traditional-heritage': (doc, rnd) => {
    const c = '#6c7156';
    const p = [`<rect width="${SCENE_W}" height="${SCENE_H}" fill="${c}"/>`];
    for (let i = 0; i < 4; i++) {
      const x = 120 + i * 360;
      p.push(`<rect x="${x}" y="140" width="300" height="420" fill="none" stroke="${lightenColor(c, 0.18)}" stroke-width="10"/><rect x="${x + 14}" y="154" width="272" height="392" fill="none" stroke="${darkenColor(c, 0.2)}" stroke-width="4"/>`);
      p.push(`<rect x="${x}" y="640" width="300" height="200" fill="none" stroke="${lightenColor(c, 0.18)}" stroke-width="10"/>`);
    }
    p.push(`<rect y="590" width="${SCENE_W}" height="24" fill="${lightenColor(c, 0.3)}"/><rect y="880" width="${SCENE_W}" height="120" fill="#efe9de"/><rect y="880" width="${SCENE_W}" height="10" fill="#d8d0c2"/>`);
    p.push(`<rect y="0" width="${SCENE_W}" height="60" fill="#efe9de"/><rect y="60" width="${SCENE_W}" height="14" fill="#d8d0c2"/>`);
    return p.join('') + drawGrain(doc, SCENE_W, SCENE_H, { opacity: 0.06 });
  },
  'sustainability-forest': (doc, rnd) => {
    const p = [];
    const sg = doc.id('fs');
    doc.def(`<linearGradient id="${sg}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e7efe4"/><stop offset="1" stop-color="#f5f1e6"/></linearGradient>`);
    p.push(`<rect width="${SCENE_W}" height="${SCENE_H}" fill="url(#${sg})"/><circle cx="1180" cy="260" r="110" fill="#f3d27a" opacity=".7"/>`);
    ['#a3c585', '#6d9d6a', '#2f6b4f', '#1f4a37'].forEach((c, layer) => {
      const baseY = 520 + layer * 120;
      let d = `M0 ${SCENE_H}L0 ${baseY}`;
      for (let x = 0; x <= SCENE_W + 60; x += 60) {
        const h = 60 + rnd() * 90 + layer * 10;
        d += `L${x + 30} ${n(baseY - h)}L${x + 60} ${n(baseY + rnd() * 10)}`;
      }
      p.push(`<path fill="${c}" d="${d}L${SCENE_W} ${SCENE_H}Z"/>`);
    });
    return p.join('') + drawGrain(doc, SCENE_W, SCENE_H, { opacity: 0.05 });
  },
  'global-map': (doc, rnd) => {
    const p = [`<rect width="${SCENE_W}" height="${SCENE_H}" fill="#0f1b2d"/>`];
    const polys = LAND.map((poly) => poly.map(([lon, lat]) => projectLonLat(lon, lat)));
    const dots = [];
    for (let y = 30; y < SCENE_H - 20; y += 16) for (let x = 8; x < SCENE_W; x += 16) if (polys.some((poly) => containsPoint(poly, [x, y]))) dots.push([x, y]);
    p.push(drawDots(dots, { size: 7, color: '#7f9bb8', opacity: 0.55 }));
    const hq = projectLonLat(-96.8, 32.8);
    for (const [lon, lat] of [[10.75, 59.9], [-74, 40.7], [-0.12, 51.5]]) {
      const [x, y] = projectLonLat(lon, lat);
      p.push(`<path fill="none" stroke="#e5be01" stroke-width="2.5" stroke-dasharray="2 8" stroke-linecap="round" d="M${n(hq[0])} ${n(hq[1])}Q${n((hq[0] + x) / 2)} ${n(Math.min(hq[1], y) - 160)} ${n(x)} ${n(y)}"/>`);
      p.push(`<circle cx="${n(x)}" cy="${n(y)}" r="22" fill="#e5be01" opacity=".18"/><circle cx="${n(x)}" cy="${n(y)}" r="8" fill="#e5be01"/>`);
    }
    p.push(`<circle cx="${n(hq[0])}" cy="${n(hq[1])}" r="34" fill="#d0542c" opacity=".2"/><circle cx="${n(hq[0])}" cy="${n(hq[1])}" r="11" fill="#d0542c"/>`);
    return p.join('');
  },
  'atelier-oslo': (doc, rnd) => drawFacades(doc, rnd, { style: 'oslo', colors: ['#a63d2a', '#e0b24a', '#f2ece0', '#7a1f12', '#c9853e', '#4f6b6a'], sky: ['#c7d6e2', '#eef1f0'] }),
  'atelier-new-york': (doc, rnd) => drawFacades(doc, rnd, { style: 'ny', colors: ['#763c28', '#2f3c48', '#8a4f3a', '#5a5e62'], sky: ['#d9dfe4', '#f1efe9'] }),
  'atelier-london': (doc, rnd) => drawFacades(doc, rnd, { style: 'london', colors: ['#1f4f7a', '#b32428', '#26252d', '#3b5e3a', '#e5be01', '#6d3f5b'], sky: ['#d5dde3', '#eeeeea'] }),
  'lab-testing': (doc, rnd) => {
    const p = [drawWall(doc, SCENE_W, SCENE_H, '#e6e9ea', { light: 0.45 })];
    p.push(`<rect y="760" width="${SCENE_W}" height="240" fill="#d4d8da"/><rect y="760" width="${SCENE_W}" height="8" fill="#b9bec1"/>`);
    RAL.slice(0, 10).forEach((c, i) => {
      const x = 170 + i * 128;
      p.push(`<rect x="${x + 6}" y="226" width="96" height="520" fill="#000" opacity=".08"/><rect x="${x}" y="220" width="96" height="520" fill="#aeb4b9"/><rect x="${x}" y="220" width="96" height="${n(300 + (i % 3) * 70)}" fill="${c}"/><rect x="${x}" y="220" width="20" height="520" fill="#fff" opacity=".12"/><circle cx="${x + 48}" cy="250" r="8" fill="#e6e9ea"/>`);
      if (i % 3 === 1) p.push(`<path stroke="#fff" stroke-width="3" opacity=".8" d="M${x + 20} ${560}l56 56M${x + 76} 560l-56 56"/>`);
    });
    p.push(`<rect x="150" y="740" width="1300" height="30" fill="#6d757c"/>`);
    return p.join('');
  },
  'team-craft': (doc, rnd) => {
    const p = [`<rect width="${SCENE_W}" height="${SCENE_H}" fill="#c9a77c"/>`];
    const lines = [];
    for (let i = 0; i < 40; i++) lines.push(`<path d="M0 ${n(i * 26 + rnd() * 8)}C500 ${n(i * 26 + 10)} 1100 ${n(i * 26 - 12)} 1600 ${n(i * 26 + rnd() * 8)}" stroke-width="${n(1 + rnd() * 2)}"/>`);
    p.push(`<g fill="none" stroke="#8a6236" stroke-opacity=".3">${lines.join('')}</g>`);
    ['#1f4f7a', '#e5be01', '#b32428', '#3b5e3a', '#f4f4f4'].forEach((c, i) => {
      p.push(`<g transform="rotate(${-18 + i * 9} ${300} ${760})"><rect x="260" y="300" width="90" height="460" rx="8" fill="#fbf9f5"/><rect x="266" y="306" width="78" height="360" rx="4" fill="${c}"/></g>`);
    });
    // An open can seen from above, a stirring stick resting across it.
    const paint = '#1f4f7a';
    const rim = doc.id('rm');
    doc.def(`<radialGradient id="${rim}" cx=".4" cy=".35" r=".7"><stop offset="0" stop-color="#e4e7e9"/><stop offset=".7" stop-color="#a9afb4"/><stop offset="1" stop-color="#7d8388"/></radialGradient>`);
    const sh = doc.id('cs');
    doc.def(`<filter id="${sh}" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="18"/></filter>`);
    p.push(`<circle cx="1230" cy="330" r="220" fill="#3a2a18" opacity=".35" filter="url(#${sh})"/><circle cx="1210" cy="300" r="220" fill="url(#${rim})"/><circle cx="1210" cy="300" r="196" fill="#6f757a"/><circle cx="1210" cy="300" r="188" fill="${paint}"/>`);
    p.push(`<ellipse cx="1150" cy="240" rx="90" ry="40" fill="#fff" opacity=".14" transform="rotate(-30 1150 240)"/>`);
    p.push(`<path fill="${paint}" d="M1384 360Q1420 380 1414 420Q1408 440 1398 420Q1394 396 1378 384Z"/>`);
    p.push(`<g transform="rotate(-18 1210 300)"><rect x="960" y="282" width="520" height="40" rx="8" fill="#d9b98a"/><rect x="1100" y="282" width="380" height="40" rx="8" fill="${paint}"/><rect x="960" y="286" width="520" height="6" rx="3" fill="#fff" opacity=".25"/></g>`);
    p.push(`<g transform="translate(500 140) scale(1.1)">${drawEquipment(doc, describeProduct(sample('Diamond Angled Sash Brush', 'brush', '#26252d', '')))}</g>`);
    p.push(`<g transform="translate(640 360) scale(.9)">${drawEquipment(doc, describeProduct(sample('Diamond Precision Masking Tape', 'tape', '#e5be01', '')))}</g>`);
    return p.join('');
  },
};

/** The scene names, in a stable order. */
export const SCENE_NAMES = Object.keys(SCENES);

/** Renders one scene by name as an SVG document string. */
export function renderScene(name) {
  const doc = createDoc();
  const rnd = createRandom(`scene:${name}`);
  const body = SCENES[name](doc, rnd);
  return doc.finish(SCENE_W, SCENE_H, body);
}

/** The three small texture tiles (grain, stipple, canvas) for CSS backgrounds. */
export function renderTextures() {
  const rnd = createRandom('textures');
  const grain = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200"><filter id="n" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency=".9" numOctaves="3" seed="7" stitchTiles="stitch"/><feColorMatrix values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1.4 -0.5"/></filter><rect width="200" height="200" filter="url(#n)" opacity=".35"/></svg>`;
  const pts = [[], []];
  for (let i = 0; i < 380; i++) pts[i % 2].push([rnd() * 160, rnd() * 160]);
  const stipple = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160">${drawDots(pts[0], { size: 3, color: '#000', opacity: 0.08 })}${drawDots(pts[1], { size: 2.2, color: '#fff', opacity: 0.18 })}</svg>`;
  const weave = [];
  for (let i = 0; i < 40; i += 4) weave.push(`M0 ${i + 1}h40M${i + 1} 0v40`);
  const canvas = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="40" height="40"><path stroke="#6b5a48" stroke-opacity=".08" stroke-width="1.5" d="${weave.join('')}"/><path stroke="#fff" stroke-opacity=".12" d="${weave.join('').replace(/(\d+) /g, (m, a) => `${Number(a) + 1} `)}"/></svg>`;
  return { grain, stipple, canvas };
}
