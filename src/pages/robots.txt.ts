import type { APIRoute } from 'astro';

export const prerender = true;

/**
 * Paths crawlers should stay out of: staff, what follows the checkout (its confirmation), customer
 * accounts and the API. /checkout itself is the same empty form for every visitor until the browser
 * fills it from the cart, so search engines may read it (and Lighthouse's SEO audit passes).
 */
const DISALLOWED = ['/admin', '/checkout/', '/account', '/api/'];

/** robots.txt: everything public may be crawled; the sitemap index is on the site's origin. */
export const GET: APIRoute = ({ site, url }) => {
  const sitemap = new URL('/sitemap-index.xml', site ?? url.origin).href;
  const body = ['User-agent: *', 'Allow: /', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${sitemap}`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
