/**
 * The one-page technical data sheet of a product (Letter, pdf-lib with the standard fonts, drawn
 * in the brand's ink, paper and accent like the catalogue PDFs). Everything is fitted onto one
 * page: long text wraps and is cut with an ellipsis, never continued on a second page.
 */
import { describeDocumentRevision, orderedDocuments } from '../../lib/catalog/document-view';
import { DOCUMENT_KIND_LABELS } from '../../lib/schemas/product-documents';
import { degrees, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { describeSafety } from '../../lib/catalog/safety-view';
import type { Product } from '../../lib/schemas/catalog';
import type { Site } from '../../lib/schemas/site';

/** Bumped when the layout changes, so cached sheets (ETag) are fetched again. */
export const SPEC_SHEET_LAYOUT_VERSION = 2;

/** The brand's page size (Letter), margin and colours, shared by every PDF the server draws. */
export const PAGE: [number, number] = [612, 792];
export const M = 48;
export const INK = rgb(0.059, 0.106, 0.176);
export const INK_SOFT = rgb(0.141, 0.204, 0.302);
export const MUTED = rgb(0.337, 0.38, 0.455);
export const LINE = rgb(0.89, 0.867, 0.824);
export const PAPER = rgb(0.984, 0.98, 0.969);
export const CANVAS = rgb(0.953, 0.937, 0.91);
export const ACCENT = rgb(0.624, 0.176, 0.075);
export const WHITE = rgb(1, 1, 1);
/** The red of GHS pictogram borders. */
export const GHS_RED = rgb(0.89, 0.024, 0.075);
const ELLIPSIS = '…';

/** Text reduced to what the standard fonts can encode (WinAnsi), with common symbols spelled out. */
export function toWinAnsi(value: string): string {
  return String(value ?? '')
    .replace(/≤/g, '<=')
    .replace(/≥/g, '>=')
    .replace(/→/g, '->')
    .replace(/²/g, '2')
    .replace(/³/g, '3')
    .replace(/[\u2010\u2011\u2212]/g, '-')
    .replace(/[\t\r\n]+/g, ' ')
    .replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac\u2122]/g, '');
}

/** `text` cut to fit `width`, ending in an ellipsis when anything was cut. */
export function ellipsize(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 0 && font.widthOfTextAtSize(`${cut}${ELLIPSIS}`, size) > width) cut = cut.slice(0, -1);
  return `${cut.replace(/[\s,.;:]+$/, '')}${ELLIPSIS}`;
}

/**
 * Lines of `text` no wider than `width`, at most `maxLines`; when the text does not fit, the last
 * line ends with an ellipsis. A word wider than the line is cut too.
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number, maxLines: number): string[] {
  if (maxLines <= 0) return [];
  const words = toWinAnsi(text).split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  let placed = 0;
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (!line || font.widthOfTextAtSize(next, size) <= width) line = next;
    else {
      lines.push(line);
      if (lines.length === maxLines) break;
      line = word;
    }
    placed++;
  }
  let cut = placed < words.length;
  if (!cut && line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    cut = true;
  }
  const fitted = lines.map((l) => ellipsize(l, font, size, width));
  const last = fitted.length - 1;
  if (cut && last >= 0 && !fitted[last]!.endsWith(ELLIPSIS)) {
    fitted[last] = ellipsize(`${fitted[last]!.replace(/[\s,.;:]+$/, '')}${ELLIPSIS}`, font, size, width);
  }
  return fitted;
}

/** A vertical run of text between a top and a floor; nothing is drawn below the floor. */
class Column {
  constructor(
    readonly page: PDFPage,
    readonly x: number,
    readonly width: number,
    public y: number,
    readonly floor: number,
  ) {}

  /** How many lines of `lineHeight` still fit. */
  room(lineHeight: number): number {
    return Math.max(0, Math.floor((this.y - this.floor) / lineHeight));
  }

  /** A section heading with a short accent rule; false when there is no room for it and a line under it. */
  heading(text: string, font: PDFFont): boolean {
    if (this.y - 34 < this.floor) return false;
    this.y -= 4;
    this.page.drawRectangle({ x: this.x, y: this.y + 2, width: 18, height: 2, color: ACCENT });
    this.y -= 12;
    this.page.drawText(toWinAnsi(text.toUpperCase()), { x: this.x, y: this.y, size: 7.5, font, color: MUTED });
    this.y -= 14;
    return true;
  }

  /** A wrapped paragraph, at most `maxLines` (and what fits). */
  paragraph(text: string, font: PDFFont, size: number, maxLines: number, color: RGB = INK, indent = 0): number {
    const lineHeight = size * 1.38;
    const lines = wrapText(text, font, size, this.width - indent, Math.min(maxLines, this.room(lineHeight)));
    for (const line of lines) {
      this.page.drawText(line, { x: this.x + indent, y: this.y, size, font, color });
      this.y -= lineHeight;
    }
    return lines.length;
  }

  gap(h: number): void {
    this.y -= h;
  }
}

/** What the sheet needs besides the product. */
export interface SpecSheetContext {
  site: Pick<Site, 'name' | 'legalName' | 'phone' | 'email' | 'supportEmail' | 'address'>;
  /** When it is generated (shown as the date of the sheet). */
  now: Date;
  /** Public origin of the shop, e.g. https://graphenecoatings.com. */
  siteUrl?: string;
}

/** One formatter for every price of the sheet (toLocaleString with options builds one per call). */
const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '$1,234.00', or 'Price on request' for quote-only products. */
function priceText(p: Product): string {
  return p.requestQuoteOnly ? 'Price on request' : `$${TWO_DECIMALS.format(p.price)}`;
}

/** A pdf-lib colour from '#rrggbb'. */
function hexColor(hex: string): RGB {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** Builds the one-page technical data sheet of `product`; resolves to the PDF bytes. */
export async function buildSpecSheet(product: Product, context: SpecSheetContext): Promise<Uint8Array> {
  const { site, now } = context;
  const pdf = await PDFDocument.create();
  const brandName = toWinAnsi(site.name);
  pdf.setTitle(`${toWinAnsi(product.name)}: Technical Data Sheet`);
  pdf.setAuthor(toWinAnsi(site.legalName));
  pdf.setSubject(`Technical data sheet of ${toWinAnsi(product.name)} (SKU ${toWinAnsi(product.sku)})`);
  pdf.setCreator(brandName);
  pdf.setProducer(brandName);
  pdf.setKeywords([product.sku, product.brand, product.category, 'technical data sheet']);
  pdf.setCreationDate(now);
  pdf.setModificationDate(now);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const serifBold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const page = pdf.addPage(PAGE);
  const [W, H] = PAGE;
  const text = (value: string, x: number, y: number, font: PDFFont, size: number, color: RGB = INK) =>
    page.drawText(toWinAnsi(value), { x, y, size, font, color });
  const textRight = (value: string, xRight: number, y: number, font: PDFFont, size: number, color: RGB = INK) => {
    const t = toWinAnsi(value);
    page.drawText(t, { x: xRight - font.widthOfTextAtSize(t, size), y, size, font, color });
  };

  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: PAPER });

  // Masthead: the company and how to reach it.
  const mastTop = H - 92;
  page.drawRectangle({ x: 0, y: mastTop, width: W, height: 92, color: INK });
  text(brandName, M, H - 44, serifBold, 22, WHITE);
  textRight('TECHNICAL DATA SHEET', W - M, H - 40, bold, 8.5, rgb(0.85, 0.82, 0.76));
  const a = site.address;
  const contact = [site.phone, site.email, `${a.street}, ${a.city}, ${a.region} ${a.postalCode}`].join('  ·  ');
  text(ellipsize(toWinAnsi(contact), regular, 8.5, W - 2 * M), M, H - 68, regular, 8.5, rgb(0.8, 0.83, 0.87));
  const swatch = product.visual ? hexColor(product.visual.color) : ACCENT;
  page.drawRectangle({ x: 0, y: mastTop - 6, width: W, height: 6, color: swatch });

  // Identity: name, brand and category, SKU, price.
  let y = mastTop - 40;
  const priceSize = 16;
  const price = priceText(product);
  const priceWidth = bold.widthOfTextAtSize(price, priceSize);
  const nameLines = wrapText(product.name, serifBold, 21, W - 2 * M - priceWidth - 24, 2);
  nameLines.forEach((line, i) => page.drawText(line, { x: M, y: y - i * 24, size: 21, font: serifBold, color: INK }));
  textRight(price, W - M, y, bold, priceSize, product.requestQuoteOnly ? INK_SOFT : ACCENT);
  if (!product.requestQuoteOnly) textRight('USD, excl. VAT and delivery', W - M, y - 13, regular, 7.5, MUTED);
  y -= nameLines.length * 24 + 2;
  const identity = [`Brand  ${product.brand}`, `Category  ${product.category}`, `SKU  ${product.sku}`].join('     ');
  text(ellipsize(toWinAnsi(identity), regular, 9.5, W - 2 * M), M, y, regular, 9.5, INK_SOFT);
  y -= 16;
  page.drawLine({ start: { x: M, y }, end: { x: W - M, y }, thickness: 0.7, color: LINE });
  y -= 16;

  // Two columns down to the footer.
  const footerTop = 64;
  const gutter = 24;
  const colWidth = (W - 2 * M - gutter) / 2;
  const left = new Column(page, M, colWidth, y, footerTop + 8);
  const right = new Column(page, M + colWidth + gutter, colWidth, y, footerTop + 8);

  if (left.heading('Description', bold)) left.paragraph(product.description, regular, 9.5, 9);
  left.gap(8);
  if (product.features.length && left.heading('Features', bold)) {
    for (const feature of product.features.slice(0, 10)) {
      if (left.room(13) === 0) break;
      page.drawCircle({ x: left.x + 2.5, y: left.y + 3, size: 1.7, color: ACCENT });
      left.paragraph(feature, regular, 9.5, 2, INK, 10);
    }
  }
  left.gap(8);
  if (left.heading('Usage instructions', bold)) left.paragraph(product.usageInstructions, regular, 9.5, 99);

  // Technical data as an aligned table: property, value, unit.
  if (product.technicalSpecs.length && right.heading('Technical specifications', bold)) {
    const valueRight = right.x + colWidth * 0.63;
    const unitX = valueRight + 8;
    const nameWidth = colWidth * 0.45;
    right.page.drawText('PROPERTY', { x: right.x, y: right.y, size: 6.5, font: bold, color: MUTED });
    textRight('VALUE', valueRight, right.y, bold, 6.5, MUTED);
    right.page.drawText('UNIT', { x: unitX, y: right.y, size: 6.5, font: bold, color: MUTED });
    right.gap(6);
    for (const spec of product.technicalSpecs) {
      if (right.room(16) < 1) break;
      right.gap(12);
      page.drawText(ellipsize(toWinAnsi(spec.name), regular, 8.5, nameWidth), { x: right.x, y: right.y, size: 8.5, font: regular, color: INK_SOFT });
      const value = ellipsize(toWinAnsi(spec.value), bold, 8.5, valueRight - (right.x + nameWidth) - 6);
      page.drawText(value, { x: valueRight - bold.widthOfTextAtSize(value, 8.5), y: right.y, size: 8.5, font: bold, color: INK });
      if (spec.unit) {
        page.drawText(ellipsize(toWinAnsi(spec.unit), regular, 8, right.x + colWidth - unitX), { x: unitX, y: right.y, size: 8, font: regular, color: MUTED });
      }
      right.gap(4);
      page.drawLine({ start: { x: right.x, y: right.y }, end: { x: right.x + colWidth, y: right.y }, thickness: 0.5, color: LINE });
    }
    right.gap(22);
  }

  // Coverage, finish and colour as labelled figures on a tinted panel.
  const facts: [string, string][] = [
    ['Coverage', product.coverage],
    ['Finish', product.finish],
    ...(product.visual?.colorName ? ([['Colour', product.visual.colorName]] as [string, string][]) : []),
  ];
  for (const [label, value] of facts) {
    if (right.room(12) < 2) break;
    right.page.drawText(label.toUpperCase(), { x: right.x, y: right.y, size: 6.5, font: bold, color: MUTED });
    right.gap(11);
    right.paragraph(value, bold, 9.5, 2, INK);
    right.gap(4);
  }

  // Hazard communication and the VOC line (CLP Art. 48, Directive 2004/42/EC), after the figures.
  const safety = describeSafety(product);
  if (safety && (safety.pictograms.length || safety.signalWord || safety.hazardStatements.length) && right.heading('Hazards', bold)) {
    if (safety.pictograms.length && right.room(40) > 0) {
      safety.pictograms.forEach((p, i) => {
        const cx = right.x + 15 + i * 36;
        const cy = right.y - 8;
        page.drawRectangle({ x: cx, y: cy - 14.1, width: 20, height: 20, rotate: degrees(45), color: WHITE, borderColor: GHS_RED, borderWidth: 2 });
        const label = p.code;
        page.drawText(label, { x: cx - bold.widthOfTextAtSize(label, 5.5) / 2, y: cy - 2, size: 5.5, font: bold, color: INK });
      });
      right.gap(32);
      right.paragraph(safety.pictograms.map((p) => `${p.name} (${p.code})`).join(', '), regular, 7.5, 2, MUTED);
    }
    if (safety.signalWord) right.paragraph(safety.signalWord.toUpperCase(), bold, 10, 1, GHS_RED);
    for (const s of safety.hazardStatements) right.paragraph(`${s.code} ${s.text}`, regular, 8, 2, INK);
    if (safety.precautionaryStatements.length) {
      // The codes only: the texts are on the label and the product page, and the column has little room.
      right.paragraph(`Precautionary statements: ${safety.precautionaryStatements.map((s) => s.code).join(', ')}`, regular, 7.5, 3, INK_SOFT);
    }
    if (safety.ufi) right.paragraph(`UFI: ${safety.ufi}`, bold, 8, 1, INK);
    if (safety.transport) right.paragraph(`Transport: ${safety.transport}`, regular, 8, 2, INK_SOFT);
    right.paragraph(safety.notice ?? '', bold, 8, 2, INK);
    right.gap(6);
  }
  if (safety?.vocLabel && right.heading('VOC (Directive 2004/42/EC)', bold)) {
    right.paragraph(safety.vocLabel, regular, 8.5, 3, INK);
    right.gap(6);
  }
  // The current data sheets' revisions, so a printed spec sheet says which SDS and TDS it goes with.
  const documents = orderedDocuments(product.documents);
  if (documents.length && right.heading('Data sheets', bold)) {
    for (const d of documents) {
      right.paragraph(`${DOCUMENT_KIND_LABELS[d.kind]}: ${describeDocumentRevision(d)}`, regular, 8, 1, INK);
      right.paragraph(context.siteUrl ? new URL(d.url, `${context.siteUrl}/`).href : d.url, regular, 7.5, 1, MUTED);
    }
    right.gap(6);
  }
  right.gap(4);
  if (product.certifications.length && right.heading('Certifications', bold)) {
    right.paragraph(product.certifications.join('  ·  '), regular, 9, 4, INK_SOFT);
  }

  // Footer: date of the sheet and the usual caution.
  page.drawRectangle({ x: 0, y: 0, width: W, height: footerTop - 8, color: CANVAS });
  page.drawLine({ start: { x: M, y: footerTop - 8 }, end: { x: W - M, y: footerTop - 8 }, thickness: 0.6, color: LINE });
  const generated = now.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  text(`Generated ${generated} from the live catalogue`, M, 36, bold, 8, INK_SOFT);
  text('Typical values at 77 °F and 50% relative humidity. Read the label and safety data sheet before use.', M, 23, regular, 7.5, MUTED);
  textRight(site.supportEmail ? `Technical support  ${site.supportEmail}` : site.email, W - M, 36, regular, 8, INK_SOFT);
  textRight(toWinAnsi(site.legalName), W - M, 23, regular, 7.5, MUTED);

  return pdf.save({ useObjectStreams: true });
}
