import type { APIRoute } from 'astro';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../../../lib/constants';
import { fileTooLargeMessage, MEDIA_MESSAGES } from '../../../lib/media-messages';
import { readJsonBody } from '../../../server/http/body';
import { jsonResponse } from '../../../server/http/errors';
import { addImage, type ImageSource } from '../../../server/media/media.service';
import { isMultipart, readMultipartFile } from '../../../server/media/multipart';
import { getConfig, getDatabase, getMediaStorage } from '../../../server/runtime';
import { requireStaff } from '../../../server/staff/staff.http';
import { actorOf } from '../../../server/staff/staff.service';

export const prerender = false;

/** JSON body: an image address for the server to download. */
const remoteImageSchema = z.object({ url: z.string({ error: MEDIA_MESSAGES.badUrl }).trim().min(1, { error: MEDIA_MESSAGES.badUrl }).max(2048, { error: MEDIA_MESSAGES.badUrl }) });

/**
 * Adds a product image: multipart field `file`, or JSON `{ url }` fetched by the server; 201
 * `{ id, url, width, height, contentType, variants }`; 413/415 with the spec's messages.
 */
export const POST: APIRoute = async ({ request, url }) => {
  const principal = await requireStaff(request, url, 'manage_products');
  const config = getConfig();
  const maxBytes = Math.min(IMAGE_MAX_BYTES, config.MAX_UPLOAD_BYTES);
  const source: ImageSource = isMultipart(request)
    ? { kind: 'file', ...(await readMultipartFile(request, 'file', maxBytes, fileTooLargeMessage(maxBytes))) }
    : { kind: 'url', url: (await readJsonBody(request, remoteImageSchema)).url };
  const { db } = await getDatabase();
  const media = await addImage(db, getMediaStorage(), source, actorOf(principal), { maxBytes, allowedHosts: config.IMPORT_ALLOWED_HOSTS });
  return jsonResponse(media, 201);
};
