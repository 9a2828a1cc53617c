import type { DrawnDocument } from './invoices.service';

/** A drawn invoice or credit note as a PDF download, never cached (it holds a customer's address). */
export function documentResponse(doc: DrawnDocument): Response {
  return new Response(doc.bytes as unknown as BodyInit, {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(doc.bytes.byteLength),
      'content-disposition': `attachment; filename="${doc.fileName}"`,
      'cache-control': 'private, no-store',
    },
  });
}
