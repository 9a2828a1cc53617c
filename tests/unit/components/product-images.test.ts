import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ProductDetail from '../../../src/components/product/ProductDetail';
import ProductCard from '../../../src/components/shop/ProductCard';
import type { Product } from '../../../src/lib/schemas/catalog';

const UPLOADED = '/media/0123456789abcdef0123456789abcdef-1620x1080.webp';
const GALLERY = '/media/fedcba9876543210fedcba9876543210-800x800.webp';

/** A product of the content files with the images given. */
function productWith(image: string, gallery: string[]): Product {
  const file = JSON.parse(readFileSync(join(import.meta.dirname, '../../../content/products/diamond-collection.json'), 'utf8')) as Product[] | { products: Product[] };
  const first = (Array.isArray(file) ? file : file.products)[0]!;
  return { ...first, image, gallery };
}

/** The srcset attributes of the <img> elements of some markup, in order (null where there is none). */
function srcsets(html: string): (string | null)[] {
  return [...html.matchAll(/<img\b[^>]*>/g)].map((m) => /srcSet="([^"]*)"|srcset="([^"]*)"/i.exec(m[0])?.slice(1).find(Boolean) ?? null);
}

describe('product images on the storefront', () => {
  it('gives an uploaded image its variants as a srcset on the card, with sizes for the grid and the list', () => {
    const product = productWith(UPLOADED, []);
    const grid = renderToStaticMarkup(createElement(ProductCard, { product, layout: 'grid' }));
    expect(srcsets(grid)).toEqual([
      '/media/0123456789abcdef0123456789abcdef-1620x1080.400x400.webp 400w, /media/0123456789abcdef0123456789abcdef-1620x1080.800x600.webp 800w, /media/0123456789abcdef0123456789abcdef-1620x1080.1200w.webp 1200w, /media/0123456789abcdef0123456789abcdef-1620x1080.webp 1620w',
    ]);
    expect(grid).toContain('sizes="(min-width: 1280px) 25vw');
    expect(renderToStaticMarkup(createElement(ProductCard, { product, layout: 'list' }))).toContain('sizes="(min-width: 1024px) 208px, 176px"');
  });

  it('gives the detail view a srcset for the main image and each uploaded gallery image, and leaves other images alone', () => {
    const product = productWith(UPLOADED, [GALLERY, '/images/generated/products/detail.svg']);
    const page = renderToStaticMarkup(createElement(ProductDetail, { product, quoteEmail: 'quotes@example.com', variant: 'page' }));
    const [main, gallery, other] = srcsets(page);
    expect(main).toContain('-1620x1080.1200w.webp 1200w');
    expect(gallery).toBe(
      '/media/fedcba9876543210fedcba9876543210-800x800.400x400.webp 400w, /media/fedcba9876543210fedcba9876543210-800x800.800x600.webp 600w, /media/fedcba9876543210fedcba9876543210-800x800.webp 800w',
    );
    expect(other).toBeNull();
  });

  it('renders a content image exactly as before: no srcset, no sizes', () => {
    const product = productWith('/images/generated/products/primer.svg', []);
    const grid = renderToStaticMarkup(createElement(ProductCard, { product, layout: 'grid' }));
    expect(srcsets(grid)).toEqual([null]);
    expect(grid).not.toContain('sizes=');
  });
});
