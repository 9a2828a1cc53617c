import type { APIRoute } from 'astro';
import { fileTooLargeMessage } from '../../../../../lib/media-messages';
import { DOCUMENT_MESSAGES, documentUploadSchema } from '../../../../../lib/schemas/product-documents';
import { uploadProductDocument } from '../../../../../server/catalog/product-documents.service';
import { invalidFields, jsonResponse, unsupportedMediaType } from '../../../../../server/http/errors';
import { isMultipart, readMultipartFile } from '../../../../../server/media/multipart';
import { getConfig, getDatabase, getMediaStorage } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';
import { actorOf } from '../../../../../server/staff/staff.service';

export const prerender = false;

/**
 * Uploads a product's data sheet: multipart fields `file` (a PDF, at most DOCUMENT_MAX_BYTES),
 * `kind` ('sds' | 'tds'), `revisedAt` ('YYYY-MM-DD') and `language` (ISO 639-1); replaces the
 * current sheet of the kind. 201 `{ documents, version }`; 413, 415 (not a PDF), 422, 404.
 */
export const POST: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_products');
  if (!isMultipart(request)) throw unsupportedMediaType(DOCUMENT_MESSAGES.notPdf);
  const maxBytes = getConfig().DOCUMENT_MAX_BYTES;
  const file = await readMultipartFile(request, 'file', maxBytes, fileTooLargeMessage(maxBytes), DOCUMENT_MESSAGES.noFile);
  const fields = documentUploadSchema(new Date().toISOString().slice(0, 10)).safeParse(file.fields);
  if (!fields.success) throw invalidFields(fields.error);
  const { db } = await getDatabase();
  return jsonResponse(await uploadProductDocument(db, getMediaStorage(), String(params.id ?? ''), fields.data, file, actorOf(principal)), 201);
};
