// The two downloadable catalogues (Letter size, pdf-lib with the standard fonts): the paints
// catalogue and the airless spray equipment catalogue, plus the catalogs.json that lists them.
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { breakLines, parseHex } from '../../src/lib/product-art/lib.mjs';
import { describeProduct } from '../../src/lib/product-art/products.mjs';

/** Visual kinds that belong in the equipment catalogue. */
export const EQUIPMENT_CATALOG_KINDS = ['spray-gun', 'sprayer', 'tip', 'tip-guard', 'hose', 'respirator', 'cartridge', 'tape'];
/** Fixed document dates so the same content gives the same bytes. */
const DOC_DATE = new Date('2025-01-06T09:00:00.000Z');
const PAGE = [612, 792];
const M = 54;
const INK = rgb(0.09, 0.13, 0.18);
const MUTED = rgb(0.38, 0.42, 0.47);
const LINE = rgb(0.86, 0.84, 0.8);
const PAPER = rgb(0.973, 0.961, 0.933);
const ACCENT = rgb(0.12, 0.31, 0.48);

/** A pdf-lib colour from '#rrggbb'. */
function toRgb(hex) {
  const [r, g, b] = parseHex(hex);
  return rgb(r / 255, g / 255, b / 255);
}

/** Text reduced to what the standard fonts can encode (WinAnsi), with common symbols spelled out. */
function cleanText(s) {
  return String(s ?? '')
    .replace(/[≤]/g, '<=')
    .replace(/[≥]/g, '>=')
    .replace(/[→]/g, '->')
    .replace(/[²]/g, '2')
    .replace(/[³]/g, '3')
    .replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac\u2122]/g, '');
}

/**
 * Lines already wrapped, by font: a grown catalogue repeats the same descriptions, usage notes and
 * features across a product's variants, and measuring them again was a third of a catalogue's CPU
 * (pdf-lib's widthOfTextAtSize; 10,000 products: 9 CPU-seconds for the paints catalogue).
 */
const wrapped = new WeakMap();

/** Splits text into lines no wider than `width` at `size` in `font` (the array is shared: read it, do not change it). */
function wrapLines(text, font, size, width, maxLines = 99) {
  let known = wrapped.get(font);
  if (!known) wrapped.set(font, (known = new Map()));
  const key = `${size}|${width}|${maxLines}|${text}`;
  let lines = known.get(key);
  if (!lines) known.set(key, (lines = measureLines(text, font, size, width, maxLines)));
  return lines;
}

function measureLines(text, font, size, width, maxLines) {
  const words = cleanText(text).split(/\s+/).filter(Boolean);
  const lines = breakLines(words, (s) => font.widthOfTextAtSize(s, size) <= width);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1].replace(/[,.;:]?\s*\S*$/, '')}…`;
    return kept;
  }
  return lines;
}

/** Formats a dollar price, or the quote wording for quote-only products. */
function formatPrice(p) {
  if (p.requestQuoteOnly) return 'Price on request';
  const v = Number(p.price);
  return Number.isFinite(v) ? `$${v.toFixed(2)}` : '';
}

/** Sets up a document with fonts, fixed metadata and helpers shared by both catalogues. */
async function createCatalog(title, subject, site) {
  const pdf = await PDFDocument.create();
  const brand = cleanText(site.name || 'Graphene Coatings');
  pdf.setTitle(`${brand} ${title}`);
  pdf.setAuthor(cleanText(site.legalName || brand));
  pdf.setSubject(subject);
  pdf.setCreator(brand);
  pdf.setProducer(brand);
  pdf.setKeywords(['paint', 'coatings', 'catalog']);
  pdf.setCreationDate(DOC_DATE);
  pdf.setModificationDate(DOC_DATE);
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    serif: await pdf.embedFont(StandardFonts.TimesRoman),
    serifBold: await pdf.embedFont(StandardFonts.TimesRomanBold),
  };
  return { pdf, fonts, brand, title };
}

/** Draws `text` at (x, y) after cleaning it for the standard fonts. */
function put(page, text, x, y, font, size, color = INK) {
  page.drawText(cleanText(text), { x, y, size, font, color });
}

/** Draws text right-aligned so it ends at x. */
function putRight(page, text, x, y, font, size, color = INK) {
  const t = cleanText(text);
  page.drawText(t, { x: x - font.widthOfTextAtSize(t, size), y, size, font, color });
}

/** The cover: ink ground, title, a band of the catalogue's colours and the optional hero picture. */
async function drawCover(cat, { subtitle, colors, heroJpeg, site }) {
  const { pdf, fonts } = cat;
  const page = pdf.addPage(PAGE);
  const [W, H] = PAGE;
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: INK });
  if (heroJpeg) {
    const img = await pdf.embedJpg(heroJpeg);
    const w = W;
    const h = (img.height / img.width) * w;
    page.drawImage(img, { x: 0, y: H - h, width: w, height: h });
  }
  const band = colors.length ? colors : ['#1f4f7a'];
  const bw = W / band.length;
  band.forEach((c, i) => page.drawRectangle({ x: i * bw, y: 230, width: bw + 0.5, height: 16, color: toRgb(c) }));
  put(page, cat.brand.toUpperCase(), M, 190, fonts.bold, 11, rgb(0.85, 0.82, 0.76));
  put(page, cat.title, M, 148, fonts.serifBold, 36, rgb(1, 1, 1));
  wrapLines(subtitle, fonts.regular, 12, W - 2 * M, 3).forEach((l, i) => put(page, l, M, 120 - i * 16, fonts.regular, 12, rgb(0.85, 0.87, 0.9)));
  const a = site.address || {};
  put(page, [a.city, a.region].filter(Boolean).join(', ') + (site.founded ? `  ·  Since ${site.founded}` : ''), M, 48, fonts.regular, 9, rgb(0.7, 0.73, 0.77));
  return page;
}

/** Starts a content page with the running head; returns it with the y where content may begin. */
function addContentPage(cat) {
  const { pdf, fonts } = cat;
  const page = pdf.addPage(PAGE);
  const [W, H] = PAGE;
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: PAPER });
  put(page, cat.brand.toUpperCase(), M, H - 36, fonts.bold, 7.5, MUTED);
  putRight(page, cat.title.toUpperCase(), W - M, H - 36, fonts.bold, 7.5, MUTED);
  page.drawLine({ start: { x: M, y: H - 44 }, end: { x: W - M, y: H - 44 }, thickness: 0.6, color: LINE });
  return { page, y: H - 76 };
}

/** Numbers every page but the cover in the footer. */
function numberPages(cat) {
  const pages = cat.pdf.getPages();
  const [W] = PAGE;
  pages.forEach((page, i) => {
    // The cover and the back page are full-bleed ink; they carry no running footer.
    if (i === 0 || i === pages.length - 1) return;
    page.drawLine({ start: { x: M, y: 40 }, end: { x: W - M, y: 40 }, thickness: 0.6, color: LINE });
    put(page, cat.site.phone ? `${cat.brand}  ·  ${cat.site.phone}  ·  ${cat.site.email ?? ''}` : cat.brand, M, 26, cat.fonts.regular, 7.5, MUTED);
    putRight(page, `${i + 1}`, W - M, 26, cat.fonts.bold, 8, INK);
  });
}

/** Fills the contents page with section names and their first page numbers. */
function drawContents(cat, page, entries, intro) {
  const { fonts } = cat;
  const [W, H] = PAGE;
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: PAPER });
  put(page, 'Contents', M, H - 110, fonts.serifBold, 30);
  let y = H - 140;
  for (const l of wrapLines(intro, fonts.regular, 10.5, W - 2 * M - 80, 5)) {
    put(page, l, M, y, fonts.regular, 10.5, MUTED);
    y -= 15;
  }
  y -= 24;
  for (const e of entries) {
    put(page, e.title, M, y, fonts.bold, 12);
    if (e.note) put(page, e.note, M, y - 14, fonts.regular, 9, MUTED);
    putRight(page, String(e.page), W - M, y, fonts.bold, 12, ACCENT);
    page.drawLine({ start: { x: M, y: y - 22 }, end: { x: W - M, y: y - 22 }, thickness: 0.5, color: LINE });
    y -= 40;
    if (y < 80) break;
  }
}

/** The back page: the company's facts from content/site.json. */
function drawBackPage(cat) {
  const { pdf, fonts, site } = cat;
  const page = pdf.addPage(PAGE);
  const [W, H] = PAGE;
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: INK });
  const white = rgb(1, 1, 1);
  const soft = rgb(0.78, 0.8, 0.84);
  put(page, cat.brand, M, H - 140, fonts.serifBold, 34, white);
  if (site.tagline) put(page, site.tagline, M, H - 166, fonts.regular, 11, soft);
  let y = H - 230;
  const block = (label, lines) => {
    put(page, label.toUpperCase(), M, y, fonts.bold, 8, rgb(0.9, 0.75, 0.3));
    y -= 18;
    for (const l of lines.filter(Boolean)) {
      put(page, l, M, y, fonts.regular, 11, white);
      y -= 16;
    }
    y -= 16;
  };
  const a = site.address || {};
  block('Showroom & warehouse', [cleanText(site.legalName || cat.brand), a.street, [a.city, a.region, a.postalCode].filter(Boolean).join(' '), a.country === 'US' ? 'United States' : a.country]);
  block('Talk to us', [site.phone && `Phone  ${site.phone}`, site.email && `E-mail  ${site.email}`, site.supportEmail && `Technical support  ${site.supportEmail}`]);
  const hours = Array.isArray(site.storeHours) ? site.storeHours.map((h) => `${h.label}  ${h.opens}-${h.closes}`) : [];
  block('Store hours', [...hours, site.supportHours && `Support  ${site.supportHours}`]);
  const socials = Array.isArray(site.socials) ? site.socials.map((s) => `${s.name}  ${String(s.url).replace(/^https?:\/\/(www\.)?/, '')}`) : [];
  if (socials.length) block('Follow', socials);
  put(page, 'Prices in US dollars, subject to change. Colours shown are as close as print allows; check a sample before you buy.', M, 60, fonts.regular, 8, soft);
  return page;
}

/** Groups items by a key, keeping first-seen order of the groups. */
function groupBy(items, keyOf) {
  const groups = new Map();
  for (const it of items) {
    const k = keyOf(it);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(it);
  }
  return [...groups.entries()];
}

/** The paints catalogue: cover, contents, a section per category with one row per product, back page. */
export async function buildPaintsCatalog({ products, categories, site, heroJpeg }) {
  const cat = await createCatalog('Diamond Paints Catalog', 'Architectural paints, primers, coatings and finishes', site);
  cat.site = site;
  const { fonts } = cat;
  const order = new Map(categories.map((c, i) => [c.name, i]));
  const rank = (name) => (name === 'Diamond Collection' ? -1 : order.get(name) ?? 100);
  const sorted = [...products].sort((a, b) => rank(String(a.category)) - rank(String(b.category)));
  const sections = groupBy(sorted, (p) => String(p.category || 'Other products'));
  await drawCover(cat, { subtitle: 'The Diamond Collection of architectural paints and primers, with the industrial, floor, wood and decorative coatings we stock. Specifications, coverage and prices for the trade.', colors: sorted.slice(0, 24).map((p) => describeProduct(p).color), heroJpeg, site });
  const contents = cat.pdf.addPage(PAGE);
  const entries = [];
  const [W] = PAGE;
  let cur = null;
  const rowH = 70;
  const need = (h) => {
    if (!cur || cur.y - h < 60) cur = addContentPage(cat);
  };
  for (const [name, items] of sections) {
    need(120 + rowH);
    entries.push({ title: name, note: `${items.length} product${items.length === 1 ? '' : 's'}`, page: cat.pdf.getPageCount() });
    const catInfo = categories.find((c) => c.name === name);
    cur.page.drawRectangle({ x: M, y: cur.y - 6, width: 28, height: 3, color: ACCENT });
    put(cur.page, name, M, cur.y - 34, fonts.serifBold, 24);
    cur.y -= 50;
    if (catInfo?.description) {
      for (const l of wrapLines(catInfo.description, fonts.regular, 10, W - 2 * M, 2)) {
        put(cur.page, l, M, cur.y, fonts.regular, 10, MUTED);
        cur.y -= 14;
      }
    }
    cur.y -= 12;
    for (const p of items) {
      need(rowH);
      const info = describeProduct(p);
      const top = cur.y;
      const page = cur.page;
      page.drawRectangle({ x: M, y: top - 58, width: 58, height: 58, color: toRgb(info.color), borderColor: LINE, borderWidth: 0.5 });
      const x = M + 74;
      const price = formatPrice(p);
      const nameWidth = W - M - x - fonts.bold.widthOfTextAtSize(price, 11.5) - 16;
      put(page, wrapLines(info.name, fonts.bold, 11.5, nameWidth, 1)[0] ?? '', x, top - 12, fonts.bold, 11.5);
      putRight(page, price, W - M, top - 12, fonts.bold, 11.5, ACCENT);
      const meta = [info.sku && `SKU ${info.sku}`, info.finish, info.colorName, info.coverage].filter(Boolean).join('   ·   ');
      wrapLines(meta, fonts.regular, 8.5, W - M - x, 1).forEach((l) => put(page, l, x, top - 27, fonts.regular, 8.5, MUTED));
      const specs = info.specs.slice(0, 4).map((s) => `${s.name}: ${s.value}${s.unit ? ` ${s.unit}` : ''}`).join('  ·  ');
      const desc = specs || String(p.description || '');
      wrapLines(desc, fonts.regular, 8.5, W - M - x, 2).forEach((l, i) => put(page, l, x, top - 41 - i * 11, fonts.regular, 8.5, INK));
      page.drawLine({ start: { x: M, y: top - rowH + 10 }, end: { x: W - M, y: top - rowH + 10 }, thickness: 0.5, color: LINE });
      cur.y -= rowH;
    }
    cur.y -= 14;
  }
  if (!sections.length) {
    cur = addContentPage(cat);
    put(cur.page, 'The paint range is being updated. Call us for current availability.', M, cur.y - 20, fonts.regular, 12);
  }
  drawContents(cat, contents, entries, 'Every product in this catalogue is in stock at our Dallas store or ships from the maker. Chips show each colour as closely as print allows.');
  drawBackPage(cat);
  numberPages(cat);
  return cat.pdf.save({ useObjectStreams: true });
}

const EQUIPMENT_SECTIONS = [
  ['Airless Sprayers', ['sprayer']],
  ['Airless Spray Guns', ['spray-gun']],
  ['Spray Tips and Guards', ['tip', 'tip-guard']],
  ['Hoses', ['hose']],
  ['Respiratory Protection', ['respirator', 'cartridge']],
  ['Masking', ['tape']],
];

/** Fan width (in) and orifice (in) read from a reversible tip code such as 517 or FF210. */
export function readTipCode(name) {
  const m = /\b(?:[A-Z]{1,3})?(\d)(\d{2})\b/.exec(String(name));
  if (!m) return null;
  return { fan: Number(m[1]) * 2, orifice: Number(m[2]) / 1000 };
}

/** The airless spray equipment catalogue: one page (or half page) per product with its picture and specifications. */
export async function buildEquipmentCatalog({ products, site, images, heroJpeg }) {
  const cat = await createCatalog('Airless Spray Equipment Catalog', 'Airless sprayers, guns, tips, hoses, respiratory protection and masking', site);
  cat.site = site;
  const { fonts, pdf } = cat;
  const [W] = PAGE;
  await drawCover(cat, { subtitle: 'Airless sprayers, guns, reversible tips, hoses, respirators and masking: the Diamond spraying system and the equipment we service in Dallas.', colors: products.slice(0, 20).map((p) => describeProduct(p).color), heroJpeg, site });
  const contents = pdf.addPage(PAGE);
  const entries = [];
  const embedded = new Map();
  const perPage = products.length > 20 ? 2 : 1;
  const slot = perPage === 1 ? 640 : 330;
  for (const [title, kinds] of EQUIPMENT_SECTIONS) {
    const items = products.filter((p) => kinds.includes(p.visual?.kind));
    if (!items.length) continue;
    entries.push({ title, note: `${items.length} product${items.length === 1 ? '' : 's'}`, page: pdf.getPageCount() + 1 });
    let cur = null;
    let first = true;
    for (const p of items) {
      if (!cur || cur.y - slot < 50) {
        cur = addContentPage(cat);
        if (first) {
          put(cur.page, title, M, cur.y - 24, fonts.serifBold, 24);
          cur.y -= 44;
          first = false;
        }
      }
      const info = describeProduct(p);
      const page = cur.page;
      const top = cur.y;
      const imgSize = perPage === 1 ? 260 : 170;
      const img = images.get(p.slug);
      if (img) {
        // Variants share one picture (generate-media.mjs rasterises each distinct drawing once): embedded once.
        if (!embedded.has(img)) embedded.set(img, await pdf.embedJpg(img));
        const picture = embedded.get(img);
        page.drawImage(picture, { x: M, y: top - imgSize, width: imgSize, height: imgSize });
      } else {
        page.drawRectangle({ x: M, y: top - imgSize, width: imgSize, height: imgSize, color: toRgb(info.color) });
      }
      const x = M + imgSize + 22;
      const tw = W - M - x;
      let y = top - 18;
      for (const l of wrapLines(info.name, fonts.serifBold, 17, tw, 2)) {
        put(page, l, x, y, fonts.serifBold, 17);
        y -= 20;
      }
      put(page, [info.sku && `SKU ${info.sku}`, info.brand].filter(Boolean).join('   ·   '), x, y - 2, fonts.regular, 9, MUTED);
      put(page, formatPrice(p), x, y - 22, fonts.bold, 14, ACCENT);
      y -= 44;
      for (const l of wrapLines(p.description, fonts.regular, 9.5, tw, perPage === 1 ? 7 : 4)) {
        put(page, l, x, y, fonts.regular, 9.5);
        y -= 13;
      }
      const features = Array.isArray(p.features) ? p.features.slice(0, perPage === 1 ? 6 : 3) : [];
      y -= 6;
      for (const f of features) {
        for (const [i, l] of wrapLines(f, fonts.regular, 9, tw - 12, 2).entries()) {
          if (i === 0) page.drawCircle({ x: x + 3, y: y + 3, size: 1.6, color: ACCENT });
          put(page, l, x + 12, y, fonts.regular, 9);
          y -= 12;
        }
      }
      // Specification table under the picture, full width.
      let ty = Math.min(y, top - imgSize) - 24;
      const rows = [...info.specs.map((s) => [s.name, `${s.value}${s.unit ? ` ${s.unit}` : ''}`])];
      const tip = info.kind === 'tip' ? readTipCode(info.name) : null;
      if (tip) rows.push(['Fan width at 12 in', `${tip.fan} in`], ['Orifice', `${tip.orifice.toFixed(3)} in`]);
      if (info.coverage) rows.push(['Coverage / use', info.coverage]);
      const maxRows = Math.max(0, Math.floor((ty - (top - slot) - 10) / 17));
      if (rows.length && maxRows > 0) {
        put(page, 'SPECIFICATIONS', M, ty, fonts.bold, 8, MUTED);
        ty -= 8;
        for (const [k, v] of rows.slice(0, maxRows)) {
          ty -= 17;
          put(page, k, M, ty + 5, fonts.regular, 9.5, MUTED);
          putRight(page, v, W - M, ty + 5, fonts.bold, 9.5);
          page.drawLine({ start: { x: M, y: ty }, end: { x: W - M, y: ty }, thickness: 0.5, color: LINE });
        }
      }
      // Usage notes fill the rest of a full page.
      const usage = String(p.usageInstructions || '');
      if (perPage === 1 && usage && ty > top - slot + 80) {
        ty -= 34;
        put(page, 'USE AND CARE', M, ty, fonts.bold, 8, MUTED);
        ty -= 16;
        for (const l of wrapLines(usage, fonts.regular, 9.5, W - 2 * M, Math.floor((ty - (top - slot)) / 13))) {
          put(page, l, M, ty, fonts.regular, 9.5);
          ty -= 13;
        }
      }
      cur.y -= slot;
    }
  }
  // A reference page: what the numbers on a reversible tip mean.
  const tips = products.filter((p) => p.visual?.kind === 'tip').map((p) => ({ name: p.name, code: readTipCode(p.name) })).filter((t) => t.code);
  {
    const { page, y: y0 } = addContentPage(cat);
    entries.push({ title: 'Choosing a spray tip', note: 'Reading the tip code', page: pdf.getPageCount() });
    let y = y0 - 24;
    put(page, 'Choosing a spray tip', M, y, fonts.serifBold, 24);
    y -= 30;
    const text = 'A reversible tip code has three digits. Double the first to get the fan width in inches at 12 in from the surface; the last two are the orifice in thousandths of an inch. A 517 sprays a 10 in fan through a 0.017 in orifice. Thin coatings (stains, lacquers) suit 0.009-0.013 in; wall paints 0.015-0.019 in; heavy elastomerics and block fillers 0.021 in and up. Replace a tip when its fan has shrunk by a quarter.';
    for (const l of wrapLines(text, fonts.regular, 10.5, W - 2 * M)) {
      put(page, l, M, y, fonts.regular, 10.5);
      y -= 15;
    }
    y -= 20;
    const cols = [M, M + 250, M + 360, M + 440];
    ['Tip', 'Fan width', 'Orifice', 'Typical use'].forEach((h, i) => put(page, h.toUpperCase(), cols[i], y, fonts.bold, 8, MUTED));
    y -= 8;
    const rowsT = tips.length ? tips : [515, 517, 619, 210, 312].map((c) => ({ name: `Tip ${c}`, code: readTipCode(String(c)) }));
    for (const t of rowsT) {
      y -= 20;
      const use = t.code.orifice <= 0.013 ? 'Stains, lacquers, enamels' : t.code.orifice <= 0.019 ? 'Wall and ceiling paints' : 'Primers, elastomerics';
      put(page, t.name, cols[0], y + 6, fonts.regular, 10);
      put(page, `${t.code.fan} in`, cols[1], y + 6, fonts.regular, 10);
      put(page, `${t.code.orifice.toFixed(3)} in`, cols[2], y + 6, fonts.regular, 10);
      put(page, use, cols[3], y + 6, fonts.regular, 10);
      page.drawLine({ start: { x: M, y }, end: { x: W - M, y }, thickness: 0.5, color: LINE });
    }
  }
  drawContents(cat, contents, entries, 'Specifications as published by the makers. Our service bench in Dallas repairs and pressure-tests every sprayer we sell.');
  drawBackPage(cat);
  numberPages(cat);
  return pdf.save({ useObjectStreams: true });
}
