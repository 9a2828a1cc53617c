import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';

/** The strings a page draws (one per text-showing operator), decoded from its content streams. */
function pageStrings(page: PDFPage): string[] {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  const out: string[] = [];
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) continue;
    const ops = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    for (const match of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      out.push(Buffer.from(match[1]!, 'hex').toString('latin1').replace(/\x85/g, '…').replace(/\x95/g, '•').replace(/\xb7/g, '·'));
    }
  }
  return out;
}

/** Number of pages and the text lines of each (standard-font PDFs drawn with pdf-lib). */
export async function readPdfText(bytes: Uint8Array): Promise<{ pageCount: number; lines: string[] }> {
  const doc = await PDFDocument.load(bytes);
  return { pageCount: doc.getPageCount(), lines: doc.getPages().flatMap(pageStrings) };
}
