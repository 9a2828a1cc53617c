import type { APIRoute } from 'astro';
import { DOCUMENT_KINDS, DOCUMENT_MESSAGES, type DocumentKind } from '../../../../../../lib/schemas/product-documents';
import { removeProductDocument } from '../../../../../../server/catalog/product-documents.service';
import { jsonResponse, notFound } from '../../../../../../server/http/errors';
import { getDatabase } from '../../../../../../server/runtime';
import { requireStaff } from '../../../../../../server/staff/staff.http';
import { actorOf } from '../../../../../../server/staff/staff.service';

export const prerender = false;

/** Takes the product's current 'sds' or 'tds' off it (the file stays for e-mails that link it): 200 `{ documents, version }`; 404. */
export const DELETE: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_products');
  const kind = String(params.kind ?? '');
  if (!(DOCUMENT_KINDS as readonly string[]).includes(kind)) throw notFound(DOCUMENT_MESSAGES.noDocument);
  const { db } = await getDatabase();
  return jsonResponse(await removeProductDocument(db, String(params.id ?? ''), kind as DocumentKind, actorOf(principal)));
};
