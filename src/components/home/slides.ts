/**
 * The seven slides of the home carousel (spec §2.2), in order. Media follow the media engineer's
 * convention: /media/slides/<id>.mp4 with the poster /media/slides/<id>.webp (1280x720).
 */
import { CATALOG_PDFS } from '../layout/navigation';

/** A button or link of a slide. */
export interface SlideAction {
  label: string;
  href: string;
  /** accent = main action; glass = secondary; text = quiet link. */
  variant: 'accent' | 'glass' | 'text';
  /** A manufacturer's own site, opened in a new tab. */
  external?: boolean;
  /** A file download (the catalogue PDF). */
  download?: boolean;
}

/** One slide of the home carousel. */
export interface HomeSlide {
  /** Media file stem under /media/slides/. */
  id:
    | 'company-overview'
    | 'traditional-paints'
    | 'industrial-coatings'
    | 'wood-coatings'
    | 'organic-paints'
    | 'spray-equipment'
    | 'floor-coatings';
  /** Category label above the heading. */
  label: string;
  heading: string;
  text: string;
  /** Feature chips. */
  chips: readonly string[];
  actions: readonly SlideAction[];
  /** Two colours painted behind the poster while it loads. */
  tint: readonly [string, string];
}

/** Query of the shop showing the Diamond Collection spraying systems as products (spec §2.2). */
export const VIEW_EQUIPMENT_HREF = '/shop?view=products&category=Diamond+Collection&spraying=1';

export const HOME_SLIDES: readonly HomeSlide[] = [
  {
    id: 'company-overview',
    label: 'Company Overview',
    heading: 'Colour, engineered in Dallas since 1987',
    text: 'We make and supply architectural paints, industrial coatings, wood finishes and the spray equipment to apply them, for contractors, painters and serious DIY users.',
    chips: ['Est. 1987', '50+ brands', '500+ colours', 'Technical support'],
    actions: [
      { label: 'Discover Our Story', href: '/about', variant: 'accent' },
      { label: 'Shop Now', href: '/shop', variant: 'glass' },
    ],
    tint: ['#0f1b2d', '#1f4f7a'],
  },
  {
    id: 'traditional-paints',
    label: 'Traditional Paints',
    heading: 'Heritage finishes with modern staying power',
    text: 'Limewash, mineral paints and oil-rich enamels for period homes and restoration work, tinted to historic palettes and made to let old walls breathe.',
    chips: ['Breathable mineral bases', 'Historic palettes', 'Hand-brushed finish'],
    actions: [
      { label: 'Traditional Paints', href: '/traditional-paints', variant: 'accent' },
      { label: 'Diamond Collection', href: '/vendors/diamond-collection', variant: 'glass' },
      { label: 'Modern Masters', href: 'https://www.modernmasters.com', variant: 'text', external: true },
    ],
    tint: ['#3b2f1e', '#8a6a3b'],
  },
  {
    id: 'industrial-coatings',
    label: 'Industrial Coatings',
    heading: 'Protection for steel, concrete and plant',
    text: 'High-build epoxies, zinc-rich primers and polyurethane topcoats specified for bridges, tanks, warehouses and marine structures.',
    chips: ['ISO 12944 C5 systems', 'Chemical resistant', 'Fast return to service'],
    actions: [
      { label: 'Industrial Paints', href: '/industrial-paints', variant: 'accent' },
      { label: 'International Protective Coatings', href: 'https://www.international-pc.com', variant: 'text', external: true },
    ],
    tint: ['#1d2430', '#5a6472'],
  },
  {
    id: 'wood-coatings',
    label: 'Wood Coatings',
    heading: 'Finishes that bring out the grain',
    text: 'Penetrating oils, stains, lacquers and hard-wearing varnishes for floors, joinery, decks and furniture, inside and out.',
    chips: ['Oil & waterborne', 'UV-stable exterior', 'Fast-dry lacquers'],
    actions: [
      { label: 'Wood Finishes', href: '/wood-finishes', variant: 'accent' },
      { label: 'GEMINI Coatings', href: 'https://www.geminicoatings.com', variant: 'text', external: true },
    ],
    tint: ['#3a2414', '#9a5b2e'],
  },
  {
    id: 'organic-paints',
    label: 'Organic Paints',
    heading: 'Zero-VOC colour for healthier rooms',
    text: 'Plant-based binders and mineral pigments for nurseries, schools and healthcare spaces, certified for indoor air quality.',
    chips: ['Zero VOC', 'GREENGUARD Gold', 'Plant-based binders'],
    actions: [
      { label: 'Organic Paints', href: '/organic-paints', variant: 'accent' },
      { label: 'AFM Safecoat', href: 'https://www.afmsafecoat.com', variant: 'text', external: true },
    ],
    tint: ['#1e3a2b', '#5f8f5a'],
  },
  {
    id: 'spray-equipment',
    label: 'Spray Equipment',
    heading: 'Airless spraying, dialled in',
    text: 'Airless guns, reversible tips, hoses and respiratory protection from the Diamond Collection, set up and serviced by our Dallas workshop.',
    chips: ['Up to 3,600 psi', 'Reversible tips', 'Workshop servicing'],
    actions: [
      { label: 'View Equipment', href: VIEW_EQUIPMENT_HREF, variant: 'accent' },
      { label: 'Spray Equipment', href: '/spray-equipment', variant: 'glass' },
      { label: 'Air Spray Catalog', href: CATALOG_PDFS.equipment, variant: 'glass', download: true },
      { label: 'Graco', href: 'https://www.graco.com', variant: 'text', external: true },
    ],
    tint: ['#14202e', '#2d5a7a'],
  },
  {
    id: 'floor-coatings',
    label: 'Floor Coatings',
    heading: 'Floors built for forklifts and foot traffic',
    text: 'Epoxy, polyurethane and decorative flake systems for garages, warehouses, showrooms and commercial kitchens.',
    chips: ['Epoxy', 'Polyurethane', 'Decorative flake'],
    actions: [
      { label: 'Floor Coatings', href: '/floor-coatings', variant: 'accent' },
      { label: 'Kretus', href: 'https://www.kretus.com', variant: 'text', external: true },
    ],
    tint: ['#26282c', '#6f7378'],
  },
];
