/**
 * Reads public/Catalog/catalogs.json, the list of downloadable PDF catalogues that `npm run media`
 * writes, for the pages that offer them. Build-time only: it reads files.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { catalogDownloadSchema, type CatalogDownload } from '../../lib/schemas/site';
import { ContentError } from './content-files';

/** Where the list sits, relative to the project root. */
export const CATALOG_DOWNLOADS_FILE = 'public/Catalog/catalogs.json';

/** A catalogue download entry with the public path its link points to. */
export interface CatalogDownloadLink extends CatalogDownload {
  /** Public path of the PDF, e.g. '/Catalog/diamond_paints_catalog.pdf'. */
  href: string;
}

/**
 * The catalogue downloads listed under `root`, in file order. A missing or malformed list, or one
 * naming a PDF that is not in public/, throws a ContentError that names the fix.
 */
export function readCatalogDownloads(root: string): CatalogDownloadLink[] {
  const path = join(root, CATALOG_DOWNLOADS_FILE);
  if (!existsSync(path)) {
    throw new ContentError(`${CATALOG_DOWNLOADS_FILE} is missing. Run \`npm run media\` first (\`npm run build\` does).`);
  }
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new ContentError(`${CATALOG_DOWNLOADS_FILE}: not valid JSON (${(err as Error).message})`);
  }
  const parsed = z.array(catalogDownloadSchema).min(1).safeParse(data);
  if (!parsed.success) {
    throw new ContentError(`${CATALOG_DOWNLOADS_FILE} is malformed: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data.map((entry) => {
    const href = entry.file.startsWith('/') ? entry.file : `/Catalog/${entry.file}`;
    if (!existsSync(join(root, 'public', href))) {
      throw new ContentError(`${CATALOG_DOWNLOADS_FILE} names ${href}, which is not in public/. Run \`npm run media\`.`);
    }
    return { ...entry, href };
  });
}
