/**
 * VAT invoices and credit notes as PDF (pdf-lib, standard fonts, the brand's colours and helpers
 * of the spec sheet). Lines flow onto further pages when they do not fit; every page repeats the
 * document's number and the table's heading.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { parseHex } from '../../lib/color';
import { formatMoney } from '../../lib/money';
import { ACCENT, CANVAS, ellipsize, INK, INK_SOFT, LINE, M, MUTED, PAGE, PAPER, toWinAnsi, WHITE, wrapText } from '../catalog/spec-sheet';

/** One line of the document. */
export interface DocumentLine {
  description: string;
  sku: string;
  quantity: number;
  unitPriceCents: number;
  /** 0.2 for 20 %. */
  vatRate: number;
  vatCents: number;
  /** Quantity × unit price, before VAT. */
  netCents: number;
  /** The colour a tinted line was mixed to: 'Tinted to RAL 7016 Anthracite Grey' and its swatch's '#rrggbb' (absent when unknown). */
  colour?: { label: string; hex?: string };
}

/** Everything an invoice or credit note shows. */
export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note';
  /** 'INV-000001' or 'CN-000001'. */
  number: string;
  /** ISO time of issue (the tax point). */
  issuedAt: string;
  orderNumber: string;
  orderDate: string;
  /** The order's shipping method ('Express delivery'), on an invoice. */
  delivery?: string;
  /** A credit note names the invoice it corrects. */
  invoiceNumber?: string;
  seller: { legalName: string; tradingName: string; address: string[]; vatNumber: string; email: string; phone: string };
  buyer: { name: string; email: string; address: string[] };
  lines: DocumentLine[];
  shippingCents: number;
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  /** How it is or was paid, e.g. 'Bank transfer', then the details (bank account, reference, what is owed). */
  payment: { method: string; details: string[] };
  /** Why a credit note was issued. */
  reason?: string;
}

/** The fonts of the house style. */
export interface DocumentFonts {
  regular: PDFFont;
  bold: PDFFont;
  serifBold: PDFFont;
}

/**
 * Draws a page's house chrome: the paper, the ink band with the shop's name and a line under it on
 * the left and the document's title and number on the right, the accent stripe, and the footer band
 * up to `footerTop`.
 */
export function drawDocumentChrome(page: PDFPage, fonts: DocumentFonts, band: { name: string; subtitle: string; title: string; number: string }, footerTop: number): void {
  const [W, H] = PAGE;
  const right = (value: string, yy: number, size: number) => {
    const t = toWinAnsi(value);
    page.drawText(t, { x: W - M - fonts.bold.widthOfTextAtSize(t, size), y: yy, size, font: fonts.bold, color: WHITE });
  };
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: PAPER });
  page.drawRectangle({ x: 0, y: H - 84, width: W, height: 84, color: INK });
  page.drawText(toWinAnsi(band.name), { x: M, y: H - 44, size: 22, font: fonts.serifBold, color: WHITE });
  page.drawText(toWinAnsi(band.subtitle), { x: M, y: H - 64, size: 8.5, font: fonts.regular, color: WHITE });
  right(band.title, H - 40, 13);
  right(band.number, H - 60, 11);
  page.drawRectangle({ x: 0, y: H - 90, width: W, height: 6, color: ACCENT });
  page.drawRectangle({ x: 0, y: 0, width: W, height: footerTop - 8, color: CANVAS });
}

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** '20%' of 0.2. */
const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/** Draws an invoice or credit note; resolves to the PDF bytes. */
export async function buildInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const title = doc.kind === 'invoice' ? 'VAT INVOICE' : 'CREDIT NOTE';
  const issued = new Date(doc.issuedAt);
  pdf.setTitle(`${doc.kind === 'invoice' ? 'VAT invoice' : 'Credit note'} ${doc.number}`);
  pdf.setAuthor(toWinAnsi(doc.seller.legalName));
  pdf.setSubject(`Order ${doc.orderNumber}`);
  pdf.setCreator(toWinAnsi(doc.seller.tradingName));
  pdf.setProducer(toWinAnsi(doc.seller.tradingName));
  pdf.setCreationDate(issued);
  pdf.setModificationDate(issued);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const serifBold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const [W, H] = PAGE;
  const footerTop = 56;

  let page: PDFPage;
  let y = 0;
  const text = (value: string, x: number, yy: number, font: PDFFont, size: number, color: RGB = INK) => page.drawText(toWinAnsi(value), { x, y: yy, size, font, color });
  const textRight = (value: string, xRight: number, yy: number, font: PDFFont, size: number, color: RGB = INK) => {
    const t = toWinAnsi(value);
    page.drawText(t, { x: xRight - font.widthOfTextAtSize(t, size), y: yy, size, font, color });
  };

  // Columns of the lines table: description | qty | unit price | VAT rate | VAT | net.
  const cols = { qty: W - M - 262, unit: W - M - 196, rate: W - M - 146, vat: W - M - 84, net: W - M };
  const tableHead = () => {
    page.drawRectangle({ x: M, y: y - 6, width: W - 2 * M, height: 20, color: CANVAS });
    text('DESCRIPTION', M + 6, y, bold, 7, MUTED);
    textRight('QTY', cols.qty, y, bold, 7, MUTED);
    textRight('UNIT PRICE', cols.unit, y, bold, 7, MUTED);
    textRight('VAT RATE', cols.rate, y, bold, 7, MUTED);
    textRight('VAT', cols.vat, y, bold, 7, MUTED);
    textRight('NET', cols.net - 6, y, bold, 7, MUTED);
    y -= 22;
  };
  const newPage = (first: boolean) => {
    page = pdf.addPage(PAGE);
    drawDocumentChrome(page, { regular, bold, serifBold }, { name: doc.seller.tradingName, subtitle: doc.seller.legalName, title, number: doc.number }, footerTop);
    text(`${doc.seller.legalName}  ·  VAT number ${doc.seller.vatNumber}  ·  ${doc.seller.email}`, M, 28, regular, 7.5, MUTED);
    y = H - 120;
    if (!first) {
      text(`${title} ${doc.number} (continued)`, M, y, bold, 9, INK_SOFT);
      y -= 24;
      tableHead();
    }
  };
  newPage(true);

  // Seller, buyer and the document's facts in three columns.
  const colW = (W - 2 * M - 32) / 3;
  const block = (x: number, heading: string, lines: string[]) => {
    let yy = y;
    text(heading.toUpperCase(), x, yy, bold, 7, MUTED);
    yy -= 14;
    for (const line of lines) {
      text(ellipsize(toWinAnsi(line), regular, 9, colW), x, yy, regular, 9, INK);
      yy -= 12.5;
    }
    return yy;
  };
  const facts = [
    `${doc.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${doc.number}`,
    'Date of issue (tax point):',
    DATE.format(issued),
    `Order ${doc.orderNumber}`,
    `Ordered ${DATE.format(new Date(doc.orderDate))}`,
    ...(doc.delivery ? [doc.delivery] : []),
    ...(doc.invoiceNumber ? [`Corrects invoice ${doc.invoiceNumber}`] : []),
  ];
  const ends = [
    block(M, 'From', [doc.seller.legalName, ...doc.seller.address, `VAT number: ${doc.seller.vatNumber}`, doc.seller.phone]),
    block(M + colW + 16, doc.kind === 'invoice' ? 'Bill to' : 'Credit to', [doc.buyer.name, ...doc.buyer.address, doc.buyer.email]),
    block(M + 2 * (colW + 16), 'Details', facts),
  ];
  y = Math.min(...ends) - 14;
  if (doc.reason) {
    for (const line of wrapText(`Reason: ${doc.reason}`, regular, 9, W - 2 * M, 3)) {
      page!.drawText(line, { x: M, y, size: 9, font: regular, color: INK_SOFT });
      y -= 12.5;
    }
    y -= 6;
  }
  tableHead();

  const descWidth = cols.qty - 30 - (M + 6);
  for (const line of doc.lines) {
    if (y < footerTop + 50) newPage(false);
    // A product name takes up to two lines: its pack size is at the end and must show.
    const names = wrapText(line.description, regular, 9, descWidth, 2);
    names.forEach((name, i) => text(name, M + 6, y - i * 11, regular, 9));
    const skuY = y - names.length * 11 + 1;
    text(ellipsize(toWinAnsi(`SKU ${line.sku}`), regular, 7, descWidth), M + 6, skuY, regular, 7, MUTED);
    let rowBottom = skuY;
    if (line.colour) {
      // A tinted line: a small swatch and its code and name under the SKU.
      rowBottom = skuY - 10;
      const swatch = line.colour.hex && /^#[0-9a-f]{6}$/i.test(line.colour.hex) ? rgb(...(parseHex(line.colour.hex).map((v) => v / 255) as [number, number, number])) : WHITE;
      page!.drawRectangle({ x: M + 6, y: rowBottom - 1, width: 7, height: 7, color: swatch, borderColor: LINE, borderWidth: 0.5 });
      text(ellipsize(toWinAnsi(line.colour.label), regular, 7, descWidth - 11), M + 17, rowBottom, regular, 7, INK_SOFT);
    }
    textRight(String(line.quantity), cols.qty, y, regular, 9);
    textRight(formatMoney(line.unitPriceCents), cols.unit, y, regular, 9);
    textRight(percent(line.vatRate), cols.rate, y, regular, 9);
    textRight(formatMoney(line.vatCents), cols.vat, y, regular, 9);
    textRight(formatMoney(line.netCents), cols.net - 6, y, regular, 9);
    y = rowBottom - 6;
    page!.drawLine({ start: { x: M, y: y + 2 }, end: { x: W - M, y: y + 2 }, thickness: 0.5, color: LINE });
    y -= 10;
  }

  // Totals, right-aligned, then how it is paid.
  if (y < footerTop + 170) newPage(false);
  y -= 6;
  const totals: [string, string, boolean][] = [
    ['Subtotal (net)', formatMoney(doc.subtotalCents), false],
    ...(doc.kind === 'invoice' || doc.shippingCents > 0 ? ([['Shipping (no VAT)', doc.shippingCents === 0 ? 'FREE' : formatMoney(doc.shippingCents), false]] as [string, string, boolean][]) : []),
    [`VAT`, formatMoney(doc.vatCents), false],
    [doc.kind === 'invoice' ? 'Total' : 'Total credited', formatMoney(doc.totalCents), true],
  ];
  for (const [label, value, strong] of totals) {
    text(label, W - M - 220, y, strong ? bold : regular, strong ? 11 : 9.5, strong ? INK : INK_SOFT);
    textRight(value, W - M - 6, y, strong ? bold : regular, strong ? 11 : 9.5, strong ? ACCENT : INK);
    y -= strong ? 20 : 15;
  }
  y -= 10;
  text('PAYMENT', M, y, bold, 7, MUTED);
  y -= 14;
  text(doc.payment.method, M, y, bold, 9.5);
  y -= 13;
  for (const line of doc.payment.details) {
    if (y < footerTop + 8) break;
    text(ellipsize(toWinAnsi(line), regular, 9, W - 2 * M), M, y, regular, 9, INK_SOFT);
    y -= 12.5;
  }
  return pdf.save({ useObjectStreams: true });
}
