/** One step of a breadcrumb trail; the current page carries no href. */
export interface Crumb {
  label: string;
  href?: string;
}

/** The schema.org BreadcrumbList of a trail, with absolute URLs resolved against `site`. */
export function buildBreadcrumbJsonLd(items: readonly Crumb[], site: URL | string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.label,
      ...(item.href ? { item: new URL(item.href, site).href } : {}),
    })),
  };
}
