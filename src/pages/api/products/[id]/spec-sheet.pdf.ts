import type { APIRoute } from 'astro';
import { z } from 'zod';
import { matchesVersion } from '../../../../server/catalog/catalog.snapshot';
import { findSpecSheet, readSiteFacts } from '../../../../server/catalog/spec-sheet.service';
import { resolveDir } from '../../../../server/config';
import { errorResponse, notFound } from '../../../../server/http/errors';
import { getConfig, getDatabase } from '../../../../server/runtime';

export const prerender = false;

const productIdSchema = z.string().min(1).max(200);
const PRODUCT_NOT_FOUND = 'Product not found.';

/**
 * The product's one-page technical data sheet, drawn from the live database row: a PDF download
 * with a weak ETag of the product's version (304 on If-None-Match), 404 for an unknown product.
 */
export const GET: APIRoute = async ({ params, request }) => {
  const id = productIdSchema.safeParse(params.id);
  if (!id.success) return errorResponse(notFound(PRODUCT_NOT_FOUND));
  const { db } = await getDatabase();
  const sheet = await findSpecSheet(db, id.data, readSiteFacts(resolveDir(getConfig().CONTENT_DIR)));
  if (!sheet) return errorResponse(notFound(PRODUCT_NOT_FOUND));
  // Weak: the sheet carries the date it was drawn, so two drawings of one version differ in bytes.
  const headers: Record<string, string> = { etag: `W/"${sheet.version}"`, 'cache-control': 'public, max-age=0, must-revalidate' };
  if (matchesVersion(request.headers.get('if-none-match'), sheet.version)) return new Response(null, { status: 304, headers });
  const bytes = await sheet.render();
  return new Response(bytes as unknown as BodyInit, {
    status: 200,
    headers: {
      ...headers,
      'content-type': 'application/pdf',
      'content-length': String(bytes.byteLength),
      'content-disposition': `attachment; filename="${sheet.fileName}"`,
    },
  });
};
