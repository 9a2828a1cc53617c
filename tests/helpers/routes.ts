/** Every public, pre-rendered route of the marketing site and catalogue pages (spec §2.1). */
export const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/sustainability',
  '/contact',
  '/organic-paints',
  '/wood-finishes',
  '/industrial-paints',
  '/traditional-paints',
  '/floor-coatings',
  '/spray-equipment',
  '/commercial-residential',
  '/products/decorative-paints',
  '/products/eco-friendly-paints',
  '/products/industrial-solutions',
  '/products/diamond-collection',
  '/vendors/premera-floor-coatings',
  '/vendors/endurable-floor-coatings',
  '/vendors/rustoleum',
  '/vendors/zinsser',
  '/vendors/international-paints',
  '/vendors/devoe-coatings',
  '/vendors/diamond-collection',
  '/terms',
  '/privacy',
] as const;

/** Paths no route answers: they must reach the not-found page. */
export const UNKNOWN_ROUTES = ['/no-such-page', '/products/nope'] as const;
