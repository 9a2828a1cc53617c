import { createHash } from 'node:crypto';
import { dirname } from 'node:path';
import type { Kysely } from 'kysely';
import type { Site } from '../../lib/schemas/site';
import type { Database } from '../db/schema';
import { selectProductById } from './catalog.repository';
import { rowToProduct } from './catalog.rows';
import { readSiteFile } from './content-files';
import { buildSpecSheet, SPEC_SHEET_LAYOUT_VERSION } from './spec-sheet';

/** A product's data sheet: its version tag (for the ETag) and, on demand, its bytes. */
export interface SpecSheet {
  /** Changes whenever the product row, the company facts or the layout change. */
  version: string;
  /** File name offered to the browser: '<slug>-technical-data-sheet.pdf'. */
  fileName: string;
  /** Draws the PDF (only needed when the client's copy is stale). */
  render(now?: Date): Promise<Uint8Array>;
}

let cachedSite: { contentDir: string; site: Site } | undefined;

/** content/site.json of the configured content folder, read once per process. */
export function readSiteFacts(contentDir: string): Site {
  if (cachedSite?.contentDir !== contentDir) cachedSite = { contentDir, site: readSiteFile(dirname(contentDir)) };
  return cachedSite.site;
}

/** The data sheet of the live product with this id, or undefined when there is none. */
export async function findSpecSheet(db: Kysely<Database>, id: string, site: Site): Promise<SpecSheet | undefined> {
  const row = await selectProductById(db, id);
  if (!row) return undefined;
  const product = rowToProduct(row);
  const version = createHash('sha256')
    .update(JSON.stringify([SPEC_SHEET_LAYOUT_VERSION, row.id, Number(row.version), row.updated_at, site]))
    .digest('base64url')
    .slice(0, 22);
  return {
    version,
    fileName: `${product.slug}-technical-data-sheet.pdf`,
    render: (now = new Date()) => buildSpecSheet(product, { site, now }),
  };
}
