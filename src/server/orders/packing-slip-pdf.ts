/**
 * Packing slips as PDF for the warehouse (pdf-lib, the invoice's house style): one order per page
 * (lines flow onto further pages with the order's number repeated), with the shop and delivery
 * address, the shipping method, each line's SKU, name, pack size, colour and quantity, its
 * dangerous-goods data (UN number, class, packing group) and GHS pictograms, the limited-quantity
 * mark, and the parcels the order is split into.
 */
import { PDFDocument, StandardFonts, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import { GHS_PICTOGRAM_NAMES, type GhsPictogram } from '../../lib/paint/ghs';
import { LIMITED_QUANTITY_PARCEL_MAX_KG } from '../../lib/paint/shipping';
import { ACCENT, CANVAS, ellipsize, GHS_RED, INK, INK_SOFT, LINE, M, MUTED, PAGE, toWinAnsi, WHITE, wrapText } from '../catalog/spec-sheet';
import { drawDocumentChrome, type DocumentFonts } from '../payments/invoice-pdf';

/** One line of a slip. */
export interface PackingSlipLine {
  sku: string;
  name: string;
  /** '1 gal', '400 mL'; null when the product has none. */
  packSize: string | null;
  /** The colour asked for on the order line, when it has one. */
  colour: string | null;
  quantity: number;
  un: string | null;
  transportClass: string | null;
  packingGroup: string | null;
  limitedQuantity: boolean;
  pictograms: GhsPictogram[];
}

/** One parcel of a slip: its number, LQ mark, weight and contents by SKU. */
export interface PackingSlipParcel {
  limitedQuantity: boolean;
  grossWeightKg: number;
  items: { sku: string; quantity: number }[];
}

/** Everything one order's packing slip shows. */
export interface PackingSlip {
  orderNumber: string;
  /** ISO time the order was placed. */
  orderedAt: string;
  /** 'Express delivery (1–2 business days)'. */
  delivery: string;
  shop: { name: string; address: string[]; phone: string };
  shipTo: { name: string; address: string[]; phone: string };
  lines: PackingSlipLine[];
  parcels: PackingSlipParcel[];
}

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const FOOTER_TOP = 56;

/**
 * Draws the ADR limited-quantity mark (a square on its point, its top and bottom black, the middle
 * white) of half-diagonal `r` centred on (cx, cy).
 */
function drawLimitedQuantityMark(page: PDFPage, cx: number, cy: number, r: number): void {
  // SVG path coordinates: y grows downwards from (cx, cy).
  page.drawSvgPath(`M 0 ${-r} L ${r} 0 L 0 ${r} L ${-r} 0 Z`, { x: cx, y: cy, color: WHITE, borderColor: INK, borderWidth: 1 });
  // The black triangles reach a third of the way to the centre, leaving the white band across the middle.
  const h = r / 3;
  page.drawSvgPath(`M 0 ${-r} L ${h} ${-h} L ${-h} ${-h} Z`, { x: cx, y: cy, color: INK });
  page.drawSvgPath(`M 0 ${r} L ${h} ${h} L ${-h} ${h} Z`, { x: cx, y: cy, color: INK });
}

/** Draws the packing slips of these orders into one PDF, each order from a new page; `pictograms` are the GHS images by code. */
export async function buildPackingSlipsPdf(slips: readonly PackingSlip[], pictograms: ReadonlyMap<GhsPictogram, Uint8Array>, title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(toWinAnsi(title));
  pdf.setSubject(toWinAnsi(slips.map((s) => s.orderNumber).join(', ')));
  pdf.setCreator(toWinAnsi(slips[0]?.shop.name ?? ''));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const serifBold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const images = new Map<GhsPictogram, PDFImage>();
  for (const code of new Set(slips.flatMap((s) => s.lines.flatMap((l) => l.pictograms)))) {
    const png = pictograms.get(code);
    if (png) images.set(code, await pdf.embedPng(png));
  }
  for (const slip of slips) drawSlip(pdf, slip, { regular, bold, serifBold }, images);
  return pdf.save({ useObjectStreams: true });
}

/** Draws one order's slip from a new page. */
function drawSlip(pdf: PDFDocument, slip: PackingSlip, fonts: DocumentFonts, images: ReadonlyMap<GhsPictogram, PDFImage>): void {
  const { regular, bold } = fonts;
  const [W, H] = PAGE;
  let page!: PDFPage;
  let y = 0;
  const text = (value: string, x: number, yy: number, font: PDFFont, size: number, color: RGB = INK) => page.drawText(toWinAnsi(value), { x, y: yy, size, font, color });
  const textRight = (value: string, xRight: number, yy: number, font: PDFFont, size: number, color: RGB = INK) => {
    const t = toWinAnsi(value);
    page.drawText(t, { x: xRight - font.widthOfTextAtSize(t, size), y: yy, size, font, color });
  };
  const anyLq = slip.lines.some((l) => l.limitedQuantity);

  // Columns: SKU | product (pack size, colour) | qty | UN, class, PG | hazard pictograms.
  const cols = { sku: M + 6, product: M + 92, qty: W - M - 196, dg: W - M - 184, hazard: W - M - 104 };
  const tableHead = () => {
    page.drawRectangle({ x: M, y: y - 6, width: W - 2 * M, height: 20, color: CANVAS });
    text('SKU', cols.sku, y, bold, 7, MUTED);
    text('PRODUCT / PACK / COLOUR', cols.product, y, bold, 7, MUTED);
    textRight('QTY', cols.qty, y, bold, 7, MUTED);
    text('UN / CLASS / PG', cols.dg, y, bold, 7, MUTED);
    text('HAZARD', cols.hazard, y, bold, 7, MUTED);
    y -= 22;
  };
  const newPage = (first: boolean) => {
    page = pdf.addPage(PAGE);
    drawDocumentChrome(page, fonts, { name: slip.shop.name, subtitle: 'Warehouse copy: not an invoice', title: 'PACKING SLIP', number: slip.orderNumber }, FOOTER_TOP);
    const footer = anyLq
      ? `Limited quantities (ADR 3.4): mark each LQ parcel, at most ${LIMITED_QUANTITY_PARCEL_MAX_KG} kg gross. Aerosols and flammable liquids go by road, never by air.`
      : `${slip.shop.name}  ·  ${slip.shop.phone}`;
    text(ellipsize(toWinAnsi(footer), regular, 7.5, W - 2 * M), M, 28, regular, 7.5, MUTED);
    y = H - 120;
    if (!first) {
      text(`Packing slip ${slip.orderNumber} (continued)`, M, y, bold, 9, INK_SOFT);
      y -= 24;
      tableHead();
    }
  };
  newPage(true);

  // Shop, delivery address and the order's facts in three columns.
  const colW = (W - 2 * M - 32) / 3;
  const block = (x: number, heading: string, lines: string[], strongFirst = false) => {
    let yy = y;
    text(heading.toUpperCase(), x, yy, bold, 7, MUTED);
    yy -= 14;
    lines.forEach((line, i) => {
      const font = strongFirst && i === 0 ? bold : regular;
      text(ellipsize(toWinAnsi(line), font, 9, colW), x, yy, font, 9, INK);
      yy -= 12.5;
    });
    return yy;
  };
  const parcelCount = slip.parcels.length;
  const ends = [
    block(M, 'From', [slip.shop.name, ...slip.shop.address, slip.shop.phone]),
    block(M + colW + 16, 'Deliver to', [slip.shipTo.name, ...slip.shipTo.address, slip.shipTo.phone], true),
    block(M + 2 * (colW + 16), 'Order', [`Order ${slip.orderNumber}`, `Placed ${DATE.format(new Date(slip.orderedAt))}`, `${parcelCount} ${parcelCount === 1 ? 'parcel' : 'parcels'}`]),
  ];
  y = Math.min(...ends) - 8;
  // The method gets a line of its own: the warehouse picks the service by it.
  text('SHIPPING METHOD', M, y, bold, 7, MUTED);
  text(slip.delivery, M + 86, y, bold, 10, ACCENT);
  y -= 22;
  tableHead();

  const productWidth = cols.qty - 28 - cols.product;
  for (const line of slip.lines) {
    const pictos = line.pictograms.filter((p) => images.has(p));
    const rowHeight = Math.max(34, pictos.length > 4 ? 52 : 34);
    if (y - rowHeight < FOOTER_TOP + 10) newPage(false);
    text(ellipsize(toWinAnsi(line.sku), regular, 8, cols.product - cols.sku - 8), cols.sku, y, bold, 8);
    const names = wrapText(line.name, regular, 9, productWidth, 2);
    names.forEach((name, i) => text(name, cols.product, y - i * 11, regular, 9));
    const detail = [line.packSize, line.colour ? `Colour: ${line.colour}` : null].filter(Boolean).join('  ·  ');
    const detailY = y - names.length * 11 + 1;
    if (detail) text(ellipsize(toWinAnsi(detail), regular, 7.5, productWidth), cols.product, detailY, regular, 7.5, MUTED);
    textRight(String(line.quantity), cols.qty, y, bold, 11);
    if (line.un) {
      text(line.un, cols.dg, y, bold, 9);
      text(`Class ${line.transportClass ?? '—'}${line.packingGroup ? `  PG ${line.packingGroup}` : ''}`, cols.dg, y - 11, regular, 7.5, INK_SOFT);
      if (line.limitedQuantity) {
        drawLimitedQuantityMark(page, cols.dg + 50, y + 3, 7);
        text('LQ', cols.dg + 60, y, bold, 7, INK);
      }
    } else {
      text('Not restricted', cols.dg, y, regular, 8, MUTED);
    }
    pictos.forEach((code, i) => {
      const size = 22;
      const x = cols.hazard + (i % 4) * (size + 2);
      const top = y + 8 - Math.floor(i / 4) * (size + 2);
      page.drawImage(images.get(code)!, { x, y: top - size, width: size, height: size });
    });
    if (pictos.length) {
      const names2 = pictos.map((p) => GHS_PICTOGRAM_NAMES[p]).join(', ');
      // The names under the diamonds, for a reader that cannot see the images.
      text(ellipsize(toWinAnsi(names2), regular, 5.5, W - M - cols.hazard), cols.hazard, y - rowHeight + 12, regular, 5.5, GHS_RED);
    }
    y -= rowHeight;
    page.drawLine({ start: { x: M, y: y + 6 }, end: { x: W - M, y: y + 6 }, thickness: 0.5, color: LINE });
    y -= 6;
  }

  // The parcels: LQ ones marked, each with its weight and contents.
  const parcelLines = slip.parcels.map((p, i) => `Parcel ${i + 1} of ${parcelCount}${p.limitedQuantity ? ' · LIMITED QUANTITY' : ''}${p.grossWeightKg > 0 ? ` · ${p.grossWeightKg.toLocaleString('en-GB')} kg gross` : ''}: ${p.items.map((it) => `${it.sku} × ${it.quantity}`).join(', ')}`);
  if (y < FOOTER_TOP + 40 + parcelLines.length * 16) newPage(false);
  y -= 8;
  text('PARCELS', M, y, bold, 7, MUTED);
  y -= 16;
  slip.parcels.forEach((parcel, i) => {
    if (y < FOOTER_TOP + 16) newPage(false);
    const x = parcel.limitedQuantity ? M + 18 : M;
    if (parcel.limitedQuantity) drawLimitedQuantityMark(page, M + 7, y + 3, 7);
    for (const [n, line] of wrapText(parcelLines[i]!, bold, 9, W - M - x, 2).entries()) {
      text(line, x, y - n * 11, n === 0 ? bold : regular, 9, INK);
    }
    y -= 22;
  });
}
