/** Site paths as the navigation compares them: the built file names of pages mapped to their public routes. */

/**
 * The route a request path names: pre-rendered pages are built as files ('/index.html',
 * '/about.html'), but their public URL is '/' and '/about' (trailingSlash 'never').
 */
export function normalizeRoutePath(pathname: string): string {
  const path = pathname
    .replace(/\/index\.html$/, '/')
    .replace(/\.html$/, '')
    .replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

/** True when `href` is the current page or a section it belongs to. */
export function isCurrentPath(href: string, pathname: string): boolean {
  const path = normalizeRoutePath(pathname);
  if (href === '/') return path === '/';
  return path === href || path.startsWith(`${href}/`);
}
