/**
 * The site's navigation tree (spec §2.3): one source for the desktop navbar, the mobile menu and
 * the footer, so a route is named and linked the same way everywhere.
 */

/** A plain link of a menu. */
export interface NavLink {
  /** Text shown. */
  label: string;
  /** Site path or file URL. */
  href: string;
  /** One short line under the label in wide menus. */
  hint?: string;
  /** Set for file downloads (the catalogue PDFs). */
  download?: boolean;
}

/** A vendor entry; Diamond Collection carries the nested submenu. */
export interface VendorLink extends NavLink {
  /** Links of the nested submenu under this vendor. */
  children?: readonly NavLink[];
}

/** The catalogue PDFs (spec §7), offered in the Diamond Collection submenu and the home carousel. */
export const CATALOG_PDFS = {
  paints: '/Catalog/diamond_paints_catalog.pdf',
  equipment: '/Catalog/airless_spray_equipment_catalog.pdf',
} as const;

/** The four product ranges with category pages under /products. */
export const PRODUCT_RANGE_LINKS: readonly NavLink[] = [
  { label: 'Decorative Paints', href: '/products/decorative-paints', hint: 'Interior and exterior colour' },
  { label: 'Eco-Friendly Paints', href: '/products/eco-friendly-paints', hint: 'Low- and zero-VOC ranges' },
  { label: 'Industrial Solutions', href: '/products/industrial-solutions', hint: 'Protective and marine systems' },
  { label: 'Diamond Collection', href: '/products/diamond-collection', hint: 'Our own paints and spray kit' },
];

/** The marketing pages, listed under Products as applications. */
export const APPLICATION_LINKS: readonly NavLink[] = [
  { label: 'Organic Paints', href: '/organic-paints' },
  { label: 'Wood Finishes', href: '/wood-finishes' },
  { label: 'Industrial Paints', href: '/industrial-paints' },
  { label: 'Traditional Paints', href: '/traditional-paints' },
  { label: 'Floor Coatings', href: '/floor-coatings' },
  { label: 'Spray Equipment', href: '/spray-equipment' },
  { label: 'Commercial & Residential', href: '/commercial-residential' },
];

/** The nested submenu under the Diamond Collection vendor. */
export const DIAMOND_SUBMENU_LINKS: readonly NavLink[] = [
  // No dedicated page exists for electrical paints; they are sold in the industrial range.
  { label: 'Electrical Paints', href: '/products/industrial-solutions' },
  { label: 'Spray Equipment', href: '/spray-equipment' },
  { label: 'Paint Catalog', href: CATALOG_PDFS.paints, hint: 'PDF download', download: true },
  { label: 'Equipment Catalog', href: CATALOG_PDFS.equipment, hint: 'PDF download', download: true },
];

/** The vendor pages under /vendors, Diamond Collection last with its submenu. */
export const VENDOR_LINKS: readonly VendorLink[] = [
  { label: 'Premera Floor Coatings', href: '/vendors/premera-floor-coatings' },
  { label: 'Endurable Floor Coatings', href: '/vendors/endurable-floor-coatings' },
  { label: 'Rustoleum', href: '/vendors/rustoleum' },
  { label: 'Zinsser', href: '/vendors/zinsser' },
  { label: 'International Paints', href: '/vendors/international-paints' },
  { label: 'Devoe Coatings', href: '/vendors/devoe-coatings' },
  { label: 'Diamond Collection', href: '/vendors/diamond-collection', children: DIAMOND_SUBMENU_LINKS },
];

/** Top-level plain links, in navbar order around the two dropdowns. */
export const LEADING_LINKS: readonly NavLink[] = [
  { label: 'Home', href: '/' },
  { label: 'About', href: '/about' },
  { label: 'Shop', href: '/shop' },
];
export const TRAILING_LINKS: readonly NavLink[] = [{ label: 'Contact', href: '/contact' }];
