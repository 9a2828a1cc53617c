import type { Kysely } from 'kysely';
import { productPath } from '../../lib/catalog/product-view';
import type { Database } from '../db/schema';
import { selectCatalogRevision, selectLiveProductSlugs } from './catalog.repository';

/** Path of the products' sitemap, listed in /sitemap-index.xml next to the build's own. */
export const PRODUCT_SITEMAP_PATH = '/sitemap-products.xml';

/** Escapes the five XML special characters. */
function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);
}

/** The sitemap document of the product pages on `origin`, each with its last change. */
export function renderProductSitemap(products: readonly { slug: string; updated_at: string }[], origin: string): string {
  const urls = products.map(
    (p) => `<url><loc>${escapeXml(new URL(productPath(p.slug), origin).href)}</loc><lastmod>${escapeXml(p.updated_at)}</lastmod></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`;
}

let cached: { revision: number; origin: string; xml: string } | undefined;

/** The products' sitemap read from the database (new products in, withdrawn ones out), kept per catalogue revision. */
export async function getProductSitemap(db: Kysely<Database>, origin: string): Promise<string> {
  const revision = await selectCatalogRevision(db);
  if (cached?.revision === revision && cached.origin === origin) return cached.xml;
  const xml = renderProductSitemap(await selectLiveProductSlugs(db), origin);
  cached = { revision, origin, xml };
  return xml;
}
