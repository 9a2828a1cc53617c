// Run by hand (needs ffmpeg on PATH): `npx node scripts/media/make-videos.mjs [id ...]`.
// Renders the seven home-carousel loops and the about hero as SVG frames (sharp rasterises
// them), pipes them to ffmpeg as H.264 and writes a WebP poster of the first frame, all under
// public/media/. Every motion is periodic in the loop phase, so the last frame meets the first.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createRandom, darkenColor, formatNumber as n, lightenColor, mixColors } from '../../src/lib/product-art/lib.mjs';
import { drawEquipment } from '../../src/lib/product-art/equipment.mjs';
import { createDoc, describeProduct } from '../../src/lib/product-art/products.mjs';

const W = 1280;
const H = 720;
const FPS = 24;
const SECONDS = 7;
const MAX_BYTES = 400 * 1024;
const MAX_POSTER = 60 * 1024;
const here = dirname(fileURLToPath(import.meta.url));
const media = join(here, '..', '..', 'public', 'media');
const TAU = Math.PI * 2;

/** Soft colour light: a radial gradient blob, cheap to rasterise compared with a blur. */
function drawBlob(doc, { x, y, r, color, opacity = 0.8 }) {
  const g = doc.id('b');
  doc.def(`<radialGradient id="${g}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset=".55" stop-color="${color}" stop-opacity="${n(opacity * 0.45, 2)}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`);
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="url(#${g})"/>`;
}

/** Darkens the edges so overlaid headings read on any frame. */
function drawVignette(doc, strength = 0.45) {
  const g = doc.id('v');
  doc.def(`<linearGradient id="${g}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0b1220" stop-opacity="${strength}"/><stop offset=".55" stop-color="#0b1220" stop-opacity="${n(strength * 0.25, 2)}"/><stop offset="1" stop-color="#0b1220" stop-opacity="0"/></linearGradient>`);
  return `<rect width="${W}" height="${H}" fill="url(#${g})"/>`;
}

/** A painted band with a wavy leading edge, for flowing colour fields. */
function drawWaveBand(y, height, color, phase, amp = 22, opacity = 1) {
  let d = `M0 ${n(y + height)}L0 ${n(y)}`;
  for (let x = 0; x <= W; x += 40) d += `L${x} ${n(y + Math.sin(x / 170 + phase) * amp + Math.sin(x / 61 - phase * 2) * amp * 0.25)}`;
  return `<path fill="${color}" opacity="${n(opacity, 2)}" d="${d}L${W} ${n(y + height)}Z"/>`;
}

const VIDEOS = {
  'slides/company-overview': (t, doc) => {
    const p = [`<rect width="${W}" height="${H}" fill="#0f1b2d"/>`];
    const cols = ['#1f4f7a', '#d0542c', '#e5be01', '#3b5e3a', '#b32428', '#2a6478'];
    cols.forEach((c, i) => {
      const a = TAU * t + (i * TAU) / cols.length;
      p.push(drawBlob(doc, { x: 640 + Math.cos(a) * 380 + Math.sin(2 * a) * 60, y: 360 + Math.sin(a) * 190, r: 380, color: c, opacity: 0.75 }));
    });
    p.push(drawWaveBand(560, 200, '#0f1b2d', TAU * t, 26, 0.55));
    return p.join('') + drawVignette(doc, 0.5);
  },
  'slides/traditional-paints': (t, doc) => {
    const p = [`<rect width="${W}" height="${H}" fill="#2b2520"/>`, drawBlob(doc, { x: 900, y: 200, r: 700, color: '#6b5a48', opacity: 0.6 })];
    const cols = ['#f4f1ec', '#e6d5b8', '#c9b79c', '#c6a664', '#a65e2e', '#763c28', '#6c7156', '#3b5e3a', '#2a6478', '#1f4f7a', '#6d3f5b', '#b32428'];
    const open = 0.5 - 0.5 * Math.cos(TAU * t);
    const px = 820;
    const py = 780;
    cols.forEach((c, i) => {
      const ang = -72 + i * (5 + open * 5.5);
      p.push(`<g transform="rotate(${n(ang, 2)} ${px} ${py})"><rect x="${px - 38}" y="${py - 612}" width="90" height="640" rx="10" fill="#000" opacity=".25"/><rect x="${px - 45}" y="${py - 622}" width="90" height="640" rx="10" fill="#fbf9f5"/><rect x="${px - 38}" y="${py - 615}" width="76" height="480" rx="5" fill="${c}"/><rect x="${px - 38}" y="${py - 122}" width="40" height="5" fill="#17212e" opacity=".35"/><rect x="${px - 38}" y="${py - 110}" width="26" height="4" fill="#17212e" opacity=".2"/></g>`);
    });
    p.push(`<circle cx="${px}" cy="${py}" r="12" fill="#d9d4ca" stroke="#8e877b" stroke-width="3"/>`);
    return p.join('') + drawVignette(doc, 0.55);
  },
  'slides/industrial-coatings': (t, doc) => {
    const p = [`<rect width="${W}" height="${H}" fill="#1c2a39"/>`];
    const layers = ['#8f979e', '#9e9b94', '#7a1f12', '#4a6d8c'];
    layers.forEach((c, i) => {
      const x = 140 + i * 150 + Math.sin(TAU * t + i * 0.6) * 18;
      const g = doc.id('l');
      doc.def(`<linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lightenColor(c, 0.25)}"/><stop offset="1" stop-color="${darkenColor(c, 0.25)}"/></linearGradient>`);
      p.push(`<path fill="url(#${g})" d="M${n(x)} ${230 + i * 22}L1280 ${230 + i * 22}L1280 600L${n(x)} 600Z"/><path fill="${darkenColor(c, 0.35)}" d="M${n(x)} ${230 + i * 22}L${n(x + 30)} ${200 + i * 22}L1280 ${200 + i * 22}L1280 ${230 + i * 22}Z"/>`);
    });
    const sx = -400 + t * (W + 800);
    const s = doc.id('s');
    doc.def(`<linearGradient id="${s}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset=".5" stop-color="#fff" stop-opacity=".22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`);
    p.push(`<rect x="${n(sx)}" y="180" width="400" height="440" fill="url(#${s})" transform="skewX(-20)"/>`);
    return p.join('') + drawVignette(doc, 0.55);
  },
  'slides/wood-coatings': (t, doc) => {
    const rnd = createRandom('wood');
    const p = [`<rect width="${W}" height="${H}" fill="#d7b48a"/>`];
    const drift = t * 200;
    const lines = [];
    for (let i = 0; i < 52; i++) {
      const y0 = i * 15 + rnd() * 5;
      const w = n(1 + rnd() * 3);
      const o = n(0.15 + rnd() * 0.3, 2);
      let d = '';
      for (let x = -200; x <= W + 200; x += 50) d += `${d ? 'L' : 'M'}${n(x - drift)} ${n(y0 + Math.sin(((x + 0) / 200) * TAU * 0.5 + i * 0.3) * 10)}`;
      lines.push(`<path d="${d}" stroke-width="${w}" stroke-opacity="${o}"/>`);
    }
    p.push(`<g fill="none" stroke="#8a5a2e">${lines.join('')}</g>`);
    const edge = 0.45 + 0.2 * Math.sin(TAU * t);
    const s = doc.id('st');
    doc.def(`<linearGradient id="${s}" x1="0" y1="0" x2="1" y2="0"><stop offset="${n(edge - 0.04, 3)}" stop-color="#5a3416" stop-opacity="0"/><stop offset="${n(edge, 3)}" stop-color="#5a3416" stop-opacity=".8"/><stop offset="1" stop-color="#3a2010" stop-opacity=".88"/></linearGradient>`);
    p.push(`<rect width="${W}" height="${H}" fill="url(#${s})"/>`);
    return p.join('') + drawVignette(doc, 0.5);
  },
  'slides/organic-paints': (t, doc) => {
    const rnd = createRandom('leaves');
    const p = [`<rect width="${W}" height="${H}" fill="#e9eedf"/>`, drawBlob(doc, { x: 1000, y: 160, r: 520, color: '#f3d27a', opacity: 0.5 })];
    const greens = ['#317f43', '#6c7156', '#a3c585', '#2f6b4f', '#9e9764'];
    for (let i = 0; i < 18; i++) {
      const x0 = rnd() * W;
      const y0 = rnd() * H;
      const s = 0.7 + rnd() * 1.4;
      const a0 = rnd() * 360;
      const ph = rnd() * TAU;
      const x = x0 + Math.sin(TAU * t + ph) * 30;
      const y = y0 + Math.cos(TAU * t + ph) * 18;
      const a = a0 + Math.sin(TAU * t + ph) * 12;
      const c = greens[i % greens.length];
      p.push(`<g transform="translate(${n(x)} ${n(y)}) rotate(${n(a)}) scale(${n(s, 2)})"><path fill="${c}" d="M0 0C30-40 80-40 110 0C80 40 30 40 0 0Z"/><path fill="none" stroke="${lightenColor(c, 0.4)}" stroke-width="2" d="M4 0L104 0M30 0L48-16M56 0L74-14M30 0L48 16M56 0L74 14"/></g>`);
    }
    return p.join('') + drawVignette(doc, 0.6);
  },
  'slides/spray-equipment': (t, doc) => {
    const rnd = createRandom('spray');
    const p = [`<rect width="${W}" height="${H}" fill="#e7e3dc"/>`];
    const wall = '#1f4f7a';
    const sweep = 0.5 - 0.5 * Math.cos(TAU * t);
    const x = 380 + sweep * 520;
    p.push(`<rect x="0" y="0" width="${W}" height="200" fill="${wall}"/>`);
    const band = doc.id('bd');
    doc.def(`<linearGradient id="${band}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wall}"/><stop offset="1" stop-color="${wall}" stop-opacity="0"/></linearGradient>`);
    p.push(`<rect x="0" y="200" width="${W}" height="60" fill="url(#${band})"/>`);
    const cone = doc.id('cn');
    doc.def(`<linearGradient id="${cone}" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${wall}" stop-opacity=".75"/><stop offset="1" stop-color="${wall}" stop-opacity=".08"/></linearGradient>`);
    p.push(`<path fill="url(#${cone})" d="M${n(x)} 520L${n(x - 170)} 210L${n(x + 170)} 210Z"/>`);
    const pts = [];
    for (let i = 0; i < 500; i++) {
      const k = Math.sqrt(rnd());
      const y = 520 - k * 310;
      const spread = (rnd() - 0.5) * 340 * k;
      pts.push(`M${n(x + spread)} ${n(y)}h0`);
    }
    p.push(`<path fill="none" stroke="${wall}" stroke-width="3" stroke-linecap="round" opacity=".5" d="${pts.join('')}"/>`);
    // The gun itself: the catalogue's spray-gun drawing, turned so the tip points at the wall.
    const gun = drawEquipment(doc, describeProduct({ name: 'Diamond Pro 3600 Airless Spray Gun', brand: 'Diamond Collection', slug: 'video-gun', visual: { kind: 'spray-gun', color: '#d0542c' } }));
    p.push(`<g transform="translate(${n(x)} 520) scale(.8) rotate(-90) translate(-684 -325)">${gun}</g>`);
    return p.join('') + drawVignette(doc, 0.5);
  },
  'slides/floor-coatings': (t, doc) => {
    const p = [`<rect width="${W}" height="${H}" fill="#d9dde0"/>`];
    const wall = doc.id('w');
    doc.def(`<linearGradient id="${wall}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c3cacf"/><stop offset="1" stop-color="#e6e9eb"/></linearGradient>`);
    p.push(`<rect width="${W}" height="300" fill="url(#${wall})"/>`);
    for (let i = 0; i < 5; i++) p.push(`<rect x="${60 + i * 250}" y="60" width="150" height="190" fill="#f7f9fa"/><rect x="${133 + i * 250}" y="60" width="4" height="190" fill="#c3cacf"/>`);
    const g = doc.id('fl');
    doc.def(`<linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4b6272"/><stop offset="1" stop-color="#2b3a45"/></linearGradient>`);
    p.push(`<rect y="300" width="${W}" height="420" fill="url(#${g})"/>`);
    // Window reflections on the wet-look floor glide by exactly one window pitch per loop.
    const r = doc.id('rf');
    doc.def(`<linearGradient id="${r}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".5"/><stop offset=".55" stop-color="#fff" stop-opacity=".06"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`);
    const shift = t * 250;
    for (let i = -1; i < 6; i++) {
      const x = 60 + i * 250 + shift;
      const spread = (x + 75 - 640) * 0.55;
      p.push(`<path fill="url(#${r})" d="M${n(x + 35)} 300L${n(x + 115)} 300L${n(x + 150 + spread)} 640L${n(x + 10 + spread)} 640Z"/>`);
    }
    // Fresh epoxy flowing in from the front, its edge rippling in step with the loop.
    const edge = (dy) => {
      let d = '';
      for (let x = 0; x <= W; x += 32) d += `L${x} ${n(548 + dy + Math.sin(x / 140 + TAU * t) * 18 + Math.sin(x / 53 - TAU * t * 2) * 6)}`;
      return d;
    };
    const e = doc.id('ep');
    doc.def(`<linearGradient id="${e}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9aa7ad"/><stop offset="1" stop-color="#6f7d84"/></linearGradient>`);
    p.push(`<path fill="url(#${e})" d="M0 720${edge(0)}L${W} 720Z"/>`);
    p.push(`<path fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="3" d="M${edge(6).slice(1)}"/>`);
    p.push(`<path fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="10" d="M${edge(30).slice(1)}"/>`);
    return p.join('') + drawVignette(doc, 0.5);
  },
  'about-hero': (t, doc) => {
    const p = [`<rect width="${W}" height="${H}" fill="#efe9df"/>`, drawBlob(doc, { x: 400, y: 200, r: 600, color: '#ffffff', opacity: 0.7 })];
    const c = '#1f4f7a';
    const cx = 700;
    // The pool, with ripples leaving the point where the stream lands.
    const pool = doc.id('pl');
    doc.def(`<radialGradient id="${pool}" cx=".5" cy=".3" r=".7"><stop offset="0" stop-color="${lightenColor(c, 0.18)}"/><stop offset="1" stop-color="${darkenColor(c, 0.25)}"/></radialGradient>`);
    p.push(`<ellipse cx="${cx}" cy="640" rx="980" ry="170" fill="url(#${pool})"/><ellipse cx="${cx - 120}" cy="560" rx="420" ry="34" fill="#fff" opacity=".12"/>`);
    for (let k = 0; k < 4; k++) {
      const ph = (t * 2 + k / 4) % 1;
      p.push(`<ellipse cx="${cx}" cy="548" rx="${n(30 + ph * 420)}" ry="${n(8 + ph * 80)}" fill="none" stroke="#fff" stroke-opacity="${n(0.35 * (1 - ph), 3)}" stroke-width="3"/>`);
    }
    // The stream, its width breathing with the loop.
    const w = 26 + Math.sin(TAU * t) * 4;
    let left = '';
    let right = '';
    for (let y = 0; y <= 548; y += 24) {
      const wob = Math.sin(y / 90 + TAU * t) * 6 * (y / 548);
      const ww = w * (1 - 0.35 * (y / 548));
      left += `L${n(cx - ww / 2 + wob)} ${y}`;
      right = `L${n(cx + ww / 2 + wob)} ${y}${right}`;
    }
    p.push(`<path fill="${c}" d="M${n(cx - w / 2)} 0${left}${right}Z"/>`);
    p.push(`<path fill="#fff" opacity=".3" d="M${n(cx - w / 4)} 0L${n(cx - w / 8)} 0L${n(cx - 2)} 540L${n(cx - 6)} 540Z"/>`);
    return p.join('') + drawVignette(doc, 0.4);
  },
};

/** Encodes one video at a given CRF from raw RGB frames; resolves with the mp4 size. */
async function encodeVideo(id, crf) {
  const out = join(media, `${id}.mp4`);
  const frames = FPS * SECONDS;
  const ff = spawn('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${W}x${H}`, '-r', String(FPS), '-i', '-', '-an', '-c:v', 'libx264', '-preset', 'slow', '-crf', String(crf), '-g', String(FPS * 2), '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', out], { stdio: ['pipe', 'inherit', 'inherit'] });
  const done = new Promise((resolve, reject) => ff.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code} for ${id}`)))));
  for (let f = 0; f < frames; f++) {
    const doc = createDoc();
    const body = VIDEOS[id](f / frames, doc);
    const svg = doc.finish(W, H, body);
    const raw = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
    if (f === 0) {
      let q = 72;
      let poster = await sharp(raw, { raw: { width: W, height: H, channels: 3 } }).webp({ quality: q }).toBuffer();
      while (poster.length > MAX_POSTER && q > 30) {
        q -= 8;
        poster = await sharp(raw, { raw: { width: W, height: H, channels: 3 } }).webp({ quality: q }).toBuffer();
      }
      writeFileSync(join(media, `${id}.webp`), poster);
    }
    if (!ff.stdin.write(raw)) await new Promise((r) => ff.stdin.once('drain', r));
  }
  ff.stdin.end();
  await done;
  return statSync(out).size;
}

/** Renders the frame at loop phase t of video `id` to PNG bytes (for --preview). */
async function renderFramePng(id, t) {
  const doc = createDoc();
  const svg = doc.finish(W, H, VIDEOS[id](t, doc));
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const args = process.argv.slice(2);
const previewAt = args.indexOf('--preview');
const previewDir = previewAt >= 0 ? args.splice(previewAt, 2)[1] : null;
const wanted = args;
if (previewDir) {
  // Frames at 0, 1/3 and 2/3 of the loop as PNGs, to look at before spending minutes encoding.
  mkdirSync(previewDir, { recursive: true });
  for (const id of Object.keys(VIDEOS).filter((v) => !wanted.length || wanted.some((w) => v.includes(w)))) {
    for (const t of [0, 1 / 3, 2 / 3]) writeFileSync(join(previewDir, `${id.replace('/', '-')}-${Math.round(t * 3)}.png`), await renderFramePng(id, t));
  }
  process.exit(0);
}
// The videos are committed: ffmpeg is needed only to render them again, never by npm start or npm test.
if (spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).error) {
  console.error('ffmpeg is not on PATH (apt-get install ffmpeg): it is needed only to render the committed videos again; --preview works without it.');
  process.exit(1);
}
mkdirSync(join(media, 'slides'), { recursive: true });
for (const id of Object.keys(VIDEOS).filter((v) => !wanted.length || wanted.some((w) => v.includes(w)))) {
  let crf = 30;
  let size = await encodeVideo(id, crf);
  while (size > MAX_BYTES && crf < 40) {
    crf += 3;
    size = await encodeVideo(id, crf);
  }
  const poster = statSync(join(media, `${id}.webp`)).size;
  console.log(`${id}: ${Math.round(size / 1024)} KB at crf ${crf}, poster ${Math.round(poster / 1024)} KB`);
}
