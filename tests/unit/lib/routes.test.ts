import { describe, expect, it } from 'vitest';
import { isCurrentPath, normalizeRoutePath } from '../../../src/lib/routes';

describe('normalizeRoutePath', () => {
  it("maps the built home page '/index.html' and the empty path to '/'", () => {
    expect(normalizeRoutePath('/index.html')).toBe('/');
    expect(normalizeRoutePath('/')).toBe('/');
    expect(normalizeRoutePath('')).toBe('/');
  });

  it("drops the '.html' of a built page: '/about.html' is '/about'", () => {
    expect(normalizeRoutePath('/about.html')).toBe('/about');
    expect(normalizeRoutePath('/vendors/diamond-collection.html')).toBe('/vendors/diamond-collection');
  });

  it("maps a folder's index file to the folder: '/vendors/index.html' is '/vendors'", () => {
    expect(normalizeRoutePath('/vendors/index.html')).toBe('/vendors');
  });

  it('removes trailing slashes, however many', () => {
    expect(normalizeRoutePath('/about/')).toBe('/about');
    expect(normalizeRoutePath('/products/decorative-paints//')).toBe('/products/decorative-paints');
    expect(normalizeRoutePath('///')).toBe('/');
  });

  it('leaves a clean path as it is', () => {
    expect(normalizeRoutePath('/shop')).toBe('/shop');
    expect(normalizeRoutePath('/products/eco-friendly-paints')).toBe('/products/eco-friendly-paints');
  });
});

describe('isCurrentPath', () => {
  it("marks Home only on the home page, not on every page under '/'", () => {
    expect(isCurrentPath('/', '/')).toBe(true);
    expect(isCurrentPath('/', '/index.html')).toBe(true);
    expect(isCurrentPath('/', '/about')).toBe(false);
  });

  it('marks a link on its own page, however the path is written', () => {
    expect(isCurrentPath('/about', '/about')).toBe(true);
    expect(isCurrentPath('/about', '/about.html')).toBe(true);
    expect(isCurrentPath('/about', '/about/')).toBe(true);
  });

  it('marks a section link on the pages below it', () => {
    expect(isCurrentPath('/shop', '/shop/diamond-wall-paint')).toBe(true);
    expect(isCurrentPath('/vendors/diamond-collection', '/vendors/diamond-collection')).toBe(true);
  });

  it('does not mark a link whose path is only a prefix of another word', () => {
    expect(isCurrentPath('/shop', '/shopping')).toBe(false);
    expect(isCurrentPath('/products/decorative-paints', '/products/decorative-paints-sale')).toBe(false);
  });

  it('does not mark other pages', () => {
    expect(isCurrentPath('/contact', '/about')).toBe(false);
    expect(isCurrentPath('/vendors/zinsser', '/vendors/rustoleum')).toBe(false);
  });
});
