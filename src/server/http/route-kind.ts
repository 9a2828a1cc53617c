import { CATALOG_CARDS_PATH } from '../../lib/catalog/card';
import { CATALOG_RESULTS_PATH } from '../../lib/catalog/results';
import { isMediaPath } from '../media/media.http';
import { isProductArtPath } from '../media/product-art';

/** The kinds of request the HTTP metrics tell apart: few and fixed, so a label never grows with the URLs. */
export const ROUTE_KINDS = ['health', 'catalogue', 'sign_in', 'admin_api', 'api', 'media', 'product_page', 'shop_page', 'admin_page', 'page', 'asset'] as const;
/** One of ROUTE_KINDS. */
export type RouteKind = (typeof ROUTE_KINDS)[number];

const HEALTH_PATHS = new Set(['/api/health', '/api/health/ready', '/api/metrics']);
const CATALOGUE_PATHS = new Set(['/api/catalog', CATALOG_CARDS_PATH, CATALOG_RESULTS_PATH]);
/** The sign-in routes and the area each belongs to. */
export const SIGN_IN_PATHS: ReadonlyMap<string, 'customer' | 'staff'> = new Map([
  ['/api/auth/login', 'customer'],
  ['/api/admin/auth/login', 'staff'],
]);

/**
 * The kind of a request path (without its query), as the edge routes it: health and metrics, the
 * live catalogue, sign-ins, the staff API, the rest of the API, stored images and product art,
 * product pages, the shop page, back-office pages, other pages, and build files (a name with an extension).
 */
export function routeKindOf(pathname: string): RouteKind {
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    if (HEALTH_PATHS.has(pathname)) return 'health';
    if (CATALOGUE_PATHS.has(pathname)) return 'catalogue';
    if (SIGN_IN_PATHS.has(pathname)) return 'sign_in';
    if (pathname.startsWith('/api/admin/')) return 'admin_api';
    return 'api';
  }
  if (isMediaPath(pathname) || isProductArtPath(pathname)) return 'media';
  if (/^\/shop\/[a-z0-9-]+\/?$/.test(pathname)) return 'product_page';
  if (pathname === '/shop' || pathname === '/shop/') return 'shop_page';
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'admin_page';
  if (/\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1)) && !pathname.endsWith('.html')) return 'asset';
  return 'page';
}
