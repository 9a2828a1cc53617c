import type { APIRoute } from 'astro';
import { getProductSitemap } from '../server/catalog/product-sitemap';
import { getDatabase } from '../server/runtime';

export const prerender = false;

/** The product pages' sitemap, from the database: the build's sitemap-index.xml lists it (astro.config.mjs). */
export const GET: APIRoute = async ({ site, url }) => {
  const { db } = await getDatabase();
  const xml = await getProductSitemap(db, (site ?? url).origin);
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=0, must-revalidate' } });
};
