// Every route with every method: no crafted method or path gives a 500. A method a route does not
// offer answers 405 with an Allow header naming what it does offer, on API routes and pages alike;
// the routes come from the code (src/pages/api/**) and the build (dist/client/**/*.html), so a new
// route is swept without anyone remembering to add it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseUrl, rawRequest } from './helpers/http';

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = resolve(process.env.SHOP_DIST_DIR || join(ROOT, 'dist'));
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND'];

/** Every file under a folder, recursively. */
function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
}

/** Every API route: a concrete path for it and the methods its file exports (HEAD with GET). */
function apiRoutes(): { path: string; methods: string[] }[] {
  const dir = join(ROOT, 'src/pages');
  return walk(join(dir, 'api'))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => {
      const source = readFileSync(file, 'utf8');
      const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => new RegExp(`export const ${m}\\b`).test(source));
      if (methods.includes('GET')) methods.push('HEAD');
      const pattern = `/${relative(dir, file).replace(/\.ts$/, '').replace(/\/index$/, '')}`;
      const path = pattern.replace(/\[\.\.\.[^\]]+\]/g, 'no/such/thing').replace(/\[[^\]]+\]/g, 'x-unknown-1');
      return { path, methods: pattern.includes('[...') ? [] : methods };
    });
}

describe('methods and odd paths', () => {
  it('answers every API route and method without a 500: 405 + Allow for what a route does not offer', async () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(15);
    const origin = baseUrl();
    for (const route of routes) {
      for (const method of METHODS) {
        const response = await rawRequest(`${origin}${route.path}`, { method, headers: { origin } });
        const label = `${method} ${route.path}`;
        expect(response.status, label).toBeLessThan(500);
        if (route.methods.length === 0) {
          expect(response.status, label).toBe(404);
        } else if (!route.methods.includes(method)) {
          expect(response.status, label).toBe(405);
          expect(String(response.headers.allow).split(', ').sort(), label).toEqual([...route.methods].sort());
          if (method !== 'HEAD') expect(JSON.parse(response.body.toString()).error.code, label).toBe('method_not_allowed');
        } else {
          expect(response.status, label).not.toBe(405);
        }
      }
    }
  });

  it('answers anything but GET and HEAD on a page with 405 and Allow: GET, HEAD', async () => {
    const pages = walk(join(DIST, 'client'))
      .filter((file) => file.endsWith('.html'))
      .map((file) => `/${relative(join(DIST, 'client'), file).replace(/\.html$/, '').replace(/(^|\/)index$/, '')}`);
    expect(pages.length).toBeGreaterThan(20);
    const origin = baseUrl();
    for (const page of [...pages, '/admin/login', '/admin/dashboard', '/no-such-page']) {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE']) {
        const response = await rawRequest(`${origin}${page}`, { method, headers: { origin } });
        expect(response.status, `${method} ${page}`).toBe(405);
        expect(response.headers.allow, `${method} ${page}`).toBe('GET, HEAD');
      }
      const head = await rawRequest(`${origin}${page}`, { method: 'HEAD' });
      expect(head.status, `HEAD ${page}`).toBeLessThan(500);
    }
  });

  it('answers encoded backslashes, dot segments, NULs and broken escapes in API paths with 404 JSON', async () => {
    const origin = baseUrl();
    for (const path of ['/api/orders/x%5C..%5C..%5C..%5Cy', '/api/orders/a%2F..%2F..%2Fb', '/api/orders/a%00b', '/api/orders/%E0%A4%A', '/api/products/..%2F..%2Fetc%2Fpasswd']) {
      const response = await rawRequest(`${origin}${path}`);
      expect(response.status, path).toBe(404);
      expect(JSON.parse(response.body.toString()).error.code, path).toBe('not_found');
    }
  });
});
