import { describe, expect, it } from 'vitest';
import { routeKindOf } from '../../../../src/server/http/route-kind';

describe('routeKindOf', () => {
  it.each([
    ['/api/health', 'health'],
    ['/api/health/ready', 'health'],
    ['/api/metrics', 'health'],
    ['/api/catalog', 'catalogue'],
    ['/api/catalog/cards', 'catalogue'],
    ['/api/catalog/results', 'catalogue'],
    ['/api/auth/login', 'sign_in'],
    ['/api/admin/auth/login', 'sign_in'],
    ['/api/admin/orders/12/approve', 'admin_api'],
    ['/api/orders', 'api'],
    ['/api/no-such-route', 'api'],
    ['/images/generated/products/some-paint.svg', 'media'],
    ['/media/0123456789abcdef0123456789abcdef-800x600.webp', 'media'],
    ['/media/hero-poster.jpg', 'asset'],
    ['/shop/some-paint', 'product_page'],
    ['/shop', 'shop_page'],
    ['/admin/orders', 'admin_page'],
    ['/admin', 'admin_page'],
    ['/', 'page'],
    ['/about', 'page'],
    ['/index.html', 'page'],
    ['/_astro/client.Bx1.js', 'asset'],
    ['/favicon.svg', 'asset'],
  ])('names %s a %s request', (path, kind) => {
    expect(routeKindOf(path)).toBe(kind);
  });
});
