/** The HTTP methods a route file can export. */
const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** One API route: its URL pattern and the methods it answers. */
export interface ApiRouteMethods {
  /** e.g. '/api/admin/orders/[id]/approve'. */
  pattern: string;
  matcher: RegExp;
  /** Methods it answers, HEAD included wherever GET is. */
  methods: string[];
  /** Fewer wins when two match: static segments beat parameters, parameters beat rest parameters. */
  rank: number;
}

/** The URL pattern of a route file path under pages/, e.g. '…/pages/api/orders/index.ts' → '/api/orders'. */
export function patternOfRouteFile(file: string): string {
  const path = file.slice(file.indexOf('/pages/') + '/pages'.length).replace(/\.(ts|js|mjs)$/, '');
  return path.replace(/\/index$/, '') || '/';
}

/** A matcher and rank for a pattern: [param] matches one segment, [...rest] any remainder. */
export function compilePattern(pattern: string): { matcher: RegExp; rank: number } {
  let rank = 0;
  const source = pattern
    .split('/')
    .map((segment) => {
      if (/^\[\.\.\.[^\]]+\]$/.test(segment)) {
        rank += 100;
        return '(?:.*)';
      }
      return segment
        .split(/(\[[^\]]+\])/)
        .map((part) => {
          if (/^\[[^\]]+\]$/.test(part)) {
            rank += 1;
            return '[^/]+';
          }
          return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('');
    })
    .join('/')
    // '/api/[...path]' also matches '/api' itself.
    .replace(/\/\(\?:\.\*\)$/, '(?:/.*)?');
  return { matcher: new RegExp(`^${source}/?$`), rank };
}

/** Builds the route table from route modules keyed by file path. */
export function buildRouteTable(modules: Record<string, Record<string, unknown>>): ApiRouteMethods[] {
  return Object.entries(modules)
    .map(([file, mod]) => {
      const pattern = patternOfRouteFile(file);
      const methods: string[] = ROUTE_METHODS.filter((m) => typeof mod[m] === 'function');
      if (methods.includes('GET')) methods.push('HEAD');
      return { pattern, methods, ...compilePattern(pattern) };
    })
    .sort((a, b) => a.rank - b.rank || b.pattern.length - a.pattern.length);
}

/** The route a path belongs to, most specific first. */
export function findRoute(table: readonly ApiRouteMethods[], pathname: string): ApiRouteMethods | undefined {
  return table.find((route) => route.matcher.test(pathname));
}

let table: Promise<ApiRouteMethods[]> | undefined;

/** Every API route of the build with its methods, read once from the route modules Vite bundles. */
export function loadApiRouteTable(): Promise<ApiRouteMethods[]> {
  table ??= (async () => {
    const loaders = import.meta.glob<Record<string, unknown>>('../../pages/api/**/*.ts');
    const entries = await Promise.all(Object.entries(loaders).map(async ([file, load]) => [file, await load()] as const));
    return buildRouteTable(Object.fromEntries(entries));
  })();
  return table;
}

/**
 * The pages rendered on demand (every other page is a build file): a path outside these, the API
 * and the build's files is answered with the not-found page by the edge itself.
 * tests/unit/server/http/page-routes.test.ts fails when a page file says `prerender = false` and is
 * missing here, or the reverse.
 */
export const ON_DEMAND_PAGE_PATTERNS: readonly string[] = [
  '/admin',
  '/admin/login',
  '/admin/reset-password',
  '/admin/dashboard/[...view]',
  '/shop/[slug]',
  '/media/[...key]',
  '/images/generated/products/[file]',
  '/sitemap-products.xml',
  '/quotes/[token]',
];

const onDemandPages = ON_DEMAND_PAGE_PATTERNS.map((pattern) => compilePattern(pattern).matcher);

/** Whether a page path (not /api) may be a page rendered on demand. */
export function isOnDemandPagePath(pathname: string): boolean {
  return onDemandPages.some((matcher) => matcher.test(pathname));
}
