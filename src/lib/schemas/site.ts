import './zod-config';
import { z } from 'zod';
import { PRODUCT_CATEGORIES } from '../constants';
import { slugSchema } from './catalog';

/** Opening hours of one span of days, e.g. Mon-Fri 09:00-18:00. */
export const openingHoursSchema = z.object({
  /** Schema.org day names, e.g. ['Monday', ..., 'Friday']. */
  days: z.array(
    z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']),
  ).min(1),
  /** Short label shown to people, e.g. 'Mon-Fri'. */
  label: z.string().min(1),
  /** 'HH:MM' 24-hour opening time. */
  opens: z.string().regex(/^\d{2}:\d{2}$/),
  /** 'HH:MM' 24-hour closing time. */
  closes: z.string().regex(/^\d{2}:\d{2}$/),
});

/** Facts about the company that every page uses (content/site.json). */
export const siteSchema = z.object({
  /** Brand name, e.g. 'Graphene Coatings'. */
  name: z.string().min(1),
  /** Registered company name for legal pages. */
  legalName: z.string().min(1),
  /** Short line under the logo and in default descriptions. */
  tagline: z.string().min(1),
  /** Default meta description. */
  description: z.string().min(50).max(170),
  /** Default meta keywords. */
  keywords: z.array(z.string().min(1)).min(3),
  /** Year the company was established. */
  founded: z.number().int(),
  /** Phone as shown, e.g. '+1 (214) 555-0142'. */
  phone: z.string().min(7),
  /** Phone as dialled (tel: link), e.g. '+12145550142'. */
  phoneE164: z.string().regex(/^\+[1-9]\d{6,14}$/),
  /** General e-mail address. */
  email: z.email(),
  /** Support e-mail address. */
  supportEmail: z.email(),
  /** Postal address in Dallas, TX. */
  address: z.object({
    street: z.string().min(1),
    city: z.string().min(1),
    region: z.string().length(2),
    postalCode: z.string().min(5),
    country: z.string().min(2),
  }),
  /** Social profiles shown in the footer. */
  socials: z.array(
    z.object({
      name: z.enum(['Facebook', 'Instagram', 'LinkedIn', 'YouTube', 'Pinterest', 'X']),
      url: z.url(),
    }),
  ),
  /** Store opening hours (page metadata and footer). */
  storeHours: z.array(openingHoursSchema).min(1),
  /** Support hours as shown, e.g. 'Mon-Fri 9AM-6PM GMT'. */
  supportHours: z.string().min(1),
});
export type Site = z.infer<typeof siteSchema>;

/** One page of the shared category layout of spec §2.8 (content/category-pages.json). */
export const categoryPageSchema = z.object({
  /** The product category it lists. */
  category: z.enum(PRODUCT_CATEGORIES),
  /** 'products' for /products/<slug>, 'vendors' for /vendors/<slug>. */
  section: z.enum(['products', 'vendors']),
  /** Last URL segment. */
  slug: slugSchema,
  /** Page heading. */
  title: z.string().min(1),
  /** Hero text, one or two sentences. */
  intro: z.string().min(20),
  /** Meta description. */
  description: z.string().min(50).max(170),
  /** Meta keywords. */
  keywords: z.array(z.string().min(1)).min(3),
  /** Hero colours: two '#rrggbb' stops. */
  colors: z.tuple([z.string().regex(/^#[0-9a-f]{6}$/i), z.string().regex(/^#[0-9a-f]{6}$/i)]),
});
export type CategoryPage = z.infer<typeof categoryPageSchema>;

/** A catalogue download entry of spec §3, one item of public/Catalog/catalogs.json. */
export const catalogDownloadSchema = z.object({
  /** Title of the catalogue, e.g. 'Diamond Paints Catalog'. */
  name: z.string().min(1),
  /** One or two sentences on what it covers. */
  description: z.string().min(1),
  /** The PDF's public path ('/Catalog/<file>.pdf') or its bare file name under /Catalog/. */
  file: z.string().regex(/^(\/Catalog\/)?[^/]+\.pdf$/i, "Must be '/Catalog/<name>.pdf' or '<name>.pdf'."),
  /** File size in bytes. */
  size: z.number().int().positive(),
  /** Number of pages. */
  pages: z.number().int().positive(),
});
export type CatalogDownload = z.infer<typeof catalogDownloadSchema>;
