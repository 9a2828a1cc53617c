import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './helpers/http';

/** Checks the security headers every response must carry: API answers allow nothing to load at all. */
function expectSecurityHeaders(headers: Headers, what: string, kind: 'page' | 'api' = 'page'): void {
  const csp = headers.get('content-security-policy') ?? '';
  if (kind === 'api') {
    expect(csp, what).toBe("default-src 'none'; frame-ancestors 'none'");
  } else {
    expect(csp, what).toContain("default-src 'self'");
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).toContain("object-src 'none'");
    expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  }
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('permissions-policy'), what).toContain('camera=()');
  expect(headers.get('x-request-id'), what).toBeTruthy();
}

describe('security headers', () => {
  it('are on a pre-rendered page, and its CSP allows exactly its inline scripts by hash', async () => {
    const response = await fetch(`${baseUrl()}/`);
    expect(response.status).toBe(200);
    expectSecurityHeaders(response.headers, 'page');
    const html = await response.text();
    const csp = response.headers.get('content-security-policy')!;
    for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      const [, attrs = '', body = ''] = match;
      if (/\ssrc=/.test(attrs) || !body || /type="?application\/(ld\+)?json/.test(attrs)) continue;
      const hash = createHash('sha256').update(body).digest('base64');
      expect(csp).toContain(`'sha256-${hash}'`);
    }
  });

  it('allow nothing of Stripe without card payments configured, the checkout included', async () => {
    for (const path of ['/', '/checkout']) {
      const response = await fetch(`${baseUrl()}${path}`);
      await response.arrayBuffer();
      const csp = response.headers.get('content-security-policy')!;
      expect(csp, path).not.toContain('stripe');
      expect(csp, path).toContain("connect-src 'self';");
      expect(csp, path).not.toContain('frame-src');
    }
  });

  it('are on a static asset, which is cached as immutable', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const asset = /(?:href|src)="(\/_astro\/[^"]+\.(?:css|js))"/.exec(html)?.[1];
    expect(asset, 'the home page links a hashed /_astro asset').toBeTruthy();
    const response = await fetch(`${baseUrl()}${asset}`);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expectSecurityHeaders(response.headers, asset!);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('are on API responses, successes and errors alike', async () => {
    for (const path of ['/api/health', '/api/catalog', '/api/products/none', '/api/unknown']) {
      const response = await fetch(`${baseUrl()}${path}`);
      await response.arrayBuffer();
      expectSecurityHeaders(response.headers, path, 'api');
    }
  });

  it('are on the 404 page', async () => {
    const response = await fetch(`${baseUrl()}/no-such-page-here`);
    await response.arrayBuffer();
    expect(response.status).toBe(404);
    expectSecurityHeaders(response.headers, '404');
  });
});

describe('static files', () => {
  it('are served brotli-compressed from the first request, with the same bytes', async () => {
    const { rawRequest } = await import('./helpers/http');
    const { brotliDecompressSync } = await import('node:zlib');
    const plain = await rawRequest(`${baseUrl()}/`, { headers: { 'accept-encoding': 'identity' } });
    // The build compressed the pages ahead and the server loaded them before it listened: no waiting.
    const compressed = await rawRequest(`${baseUrl()}/`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.headers['x-content-type-options']).toBe('nosniff');
    expect(brotliDecompressSync(compressed.body).equals(plain.body)).toBe(true);
    expect(compressed.body.length).toBeLessThan(plain.body.length);
  });

  it('are compressed for every text type: pages (their styles inlined), scripts, images, the sitemap', async () => {
    const { rawRequest } = await import('./helpers/http');
    const home = (await rawRequest(`${baseUrl()}/`, { headers: { 'accept-encoding': 'identity' } })).body.toString();
    // The stylesheet is inlined into each page (no render-blocking request), so it travels compressed with the page.
    expect(home).toMatch(/<style>[^<]{1000,}/);
    expect(home).not.toMatch(/<link[^>]+rel="stylesheet"/);
    const script = /src="(\/_astro\/[^"]+\.js)"/.exec(home)?.[1];
    expect(script).toBeTruthy();
    for (const path of ['/shop', script!, '/images/generated/scenes/swatch-wall.svg', '/sitemap-0.xml']) {
      const response = await rawRequest(`${baseUrl()}${path}`, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(response.status, path).toBe(200);
      expect(response.headers['content-encoding'], path).toBe('br');
    }
  });
});
