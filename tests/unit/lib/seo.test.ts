import { describe, expect, it } from 'vitest';
import type { Site } from '../../../src/lib/schemas/site';
import {
  DEFAULT_OG_IMAGE,
  buildBreadcrumbJsonLd,
  buildOrganizationJsonLd,
  buildPostalAddress,
  buildStoreJsonLd,
  composeTitle,
  serializeJsonLd,
} from '../../../src/lib/seo';

const BRAND = 'Graphene Coatings';

/** The company facts the structured data reads (the shape of content/site.json). */
const site: Site = {
  name: BRAND,
  legalName: 'Graphene Coatings, Inc.',
  tagline: 'Professional paints, coatings and spray equipment since 1987',
  description: 'Architectural paints, industrial coatings, wood finishes, floor systems and airless spray equipment.',
  keywords: ['paint', 'coatings', 'spray equipment'],
  founded: 1987,
  phone: '+1 (214) 555-0142',
  phoneE164: '+12145550142',
  email: 'hello@graphenecoatings.com',
  supportEmail: 'support@graphenecoatings.com',
  address: { street: '2300 Irving Boulevard, Suite 140', city: 'Dallas', region: 'TX', postalCode: '75207', country: 'US' },
  socials: [
    { name: 'Facebook', url: 'https://www.facebook.com/graphenecoatings' },
    { name: 'YouTube', url: 'https://www.youtube.com/@graphenecoatings' },
  ],
  storeHours: [
    { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], label: 'Mon-Fri', opens: '09:00', closes: '18:00' },
    { days: ['Saturday'], label: 'Sat', opens: '10:00', closes: '17:00' },
  ],
  supportHours: 'Mon-Fri 9AM-6PM GMT',
};

const ADDRESS = {
  '@type': 'PostalAddress',
  streetAddress: '2300 Irving Boulevard, Suite 140',
  addressLocality: 'Dallas',
  addressRegion: 'TX',
  postalCode: '75207',
  addressCountry: 'US',
};

describe('composeTitle', () => {
  it("appends ' | Graphene Coatings' to a page title", () => {
    expect(composeTitle('About Us', BRAND)).toBe('About Us | Graphene Coatings');
    expect(composeTitle('Shop', BRAND)).toBe('Shop | Graphene Coatings');
  });

  it('leaves a title that already names the brand as it is, in any letter case', () => {
    expect(composeTitle('Graphene Coatings', BRAND)).toBe('Graphene Coatings');
    expect(composeTitle('Graphene Coatings | Paints and Coatings in Dallas', BRAND)).toBe(
      'Graphene Coatings | Paints and Coatings in Dallas',
    );
    expect(composeTitle('Why GRAPHENE COATINGS lasts', BRAND)).toBe('Why GRAPHENE COATINGS lasts');
  });

  it('appends the brand when only part of its name is in the title', () => {
    expect(composeTitle('Graphene primers', BRAND)).toBe('Graphene primers | Graphene Coatings');
  });
});

describe('serializeJsonLd', () => {
  it('writes plain data as JSON', () => {
    expect(serializeJsonLd({ '@type': 'Thing', name: 'Paint' })).toBe('{"@type":"Thing","name":"Paint"}');
  });

  it("escapes every '<' so '</script>' in the data cannot close the script element", () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(text).toBe('{"name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}');
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });

  it('escapes the line and paragraph separators U+2028 and U+2029, keeping the value', () => {
    const text = serializeJsonLd({ text: 'a\u2028b\u2029c' });
    expect(text).toBe('{"text":"a\\u2028b\\u2029c"}');
    expect(JSON.parse(text)).toEqual({ text: 'a\u2028b\u2029c' });
  });
});

describe('buildPostalAddress', () => {
  it('maps the address of content/site.json to a schema.org PostalAddress', () => {
    expect(buildPostalAddress(site)).toEqual(ADDRESS);
  });
});

describe('buildOrganizationJsonLd', () => {
  it('describes the company with absolute URLs on the given origin', () => {
    expect(buildOrganizationJsonLd(site, 'https://graphenecoatings.com')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': 'https://graphenecoatings.com/#organization',
      name: 'Graphene Coatings',
      legalName: 'Graphene Coatings, Inc.',
      url: 'https://graphenecoatings.com/',
      logo: 'https://graphenecoatings.com/apple-touch-icon.png',
      description: site.description,
      foundingDate: '1987',
      telephone: '+12145550142',
      email: 'hello@graphenecoatings.com',
      address: ADDRESS,
      sameAs: ['https://www.facebook.com/graphenecoatings', 'https://www.youtube.com/@graphenecoatings'],
    });
  });

  it('uses only the origin of a page URL', () => {
    const data = buildOrganizationJsonLd(site, 'http://127.0.0.1:4321/about');
    expect(data.url).toBe('http://127.0.0.1:4321/');
    expect(data['@id']).toBe('http://127.0.0.1:4321/#organization');
  });
});

describe('buildStoreJsonLd', () => {
  it('describes the Dallas store with its opening hours and points to the organization', () => {
    expect(buildStoreJsonLd(site, 'https://graphenecoatings.com')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Store',
      '@id': 'https://graphenecoatings.com/#store',
      name: 'Graphene Coatings',
      url: 'https://graphenecoatings.com/',
      image: 'https://graphenecoatings.com/images/generated/og/default.png',
      telephone: '+12145550142',
      email: 'hello@graphenecoatings.com',
      address: ADDRESS,
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
          opens: '09:00',
          closes: '18:00',
        },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '10:00', closes: '17:00' },
      ],
      parentOrganization: { '@id': 'https://graphenecoatings.com/#organization' },
    });
  });
});

describe('DEFAULT_OG_IMAGE', () => {
  it('is the 1200x630 share image the media script generates', () => {
    expect(DEFAULT_OG_IMAGE).toEqual({ path: '/images/generated/og/default.png', width: 1200, height: 630 });
  });
});

describe('buildBreadcrumbJsonLd', () => {
  it('numbers the steps from 1 and resolves their links against the site', () => {
    const crumbs = [{ label: 'Home', href: '/' }, { label: 'Vendors', href: '/shop' }, { label: 'Diamond Collection' }];
    expect(buildBreadcrumbJsonLd(crumbs, 'https://graphenecoatings.com')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://graphenecoatings.com/' },
        { '@type': 'ListItem', position: 2, name: 'Vendors', item: 'https://graphenecoatings.com/shop' },
        { '@type': 'ListItem', position: 3, name: 'Diamond Collection' },
      ],
    });
  });

  it('accepts a URL object and keeps absolute links as they are', () => {
    const data = buildBreadcrumbJsonLd(
      [{ label: 'Graco', href: 'https://www.graco.com/' }, { label: 'Products', href: '/products/decorative-paints' }],
      new URL('http://127.0.0.1:4321/vendors/rustoleum'),
    );
    expect(data.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Graco', item: 'https://www.graco.com/' },
      { '@type': 'ListItem', position: 2, name: 'Products', item: 'http://127.0.0.1:4321/products/decorative-paints' },
    ]);
  });

  it('gives an empty list for an empty trail', () => {
    expect(buildBreadcrumbJsonLd([], 'https://graphenecoatings.com').itemListElement).toEqual([]);
  });
});
