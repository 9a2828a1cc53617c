import { describe, expect, inject, it } from 'vitest';
import { baseUrl, errorOf, rawRequest } from './helpers/http';
import { runSql } from './helpers/sql';

const JSON_TYPE = { 'content-type': 'application/json' };

describe('the API error shape and statuses', () => {
  it('answers an unknown /api route with 404 JSON, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await fetch(`${baseUrl()}/api/no/such/route`, { method });
      expect(response.status, method).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(errorOf(await response.json()).code).toBe('not_found');
    }
  });

  it('answers a method a route does not offer with 405 JSON', async () => {
    const response = await fetch(`${baseUrl()}/api/catalog`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(errorOf(await response.json()).code).toBe('method_not_allowed');
  });

  it('answers a body that is not JSON with 400', async () => {
    const response = await fetch(`${baseUrl()}/api/catalog`, { method: 'POST', headers: JSON_TYPE, body: '{"name": "unfinished' });
    expect(response.status).toBe(400);
    expect(errorOf(await response.json())).toEqual({ code: 'bad_json', message: 'The request body is not valid JSON.' });
  });

  it('answers a body of another type with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await fetch(`${baseUrl()}/api/catalog`, { method: 'POST', headers: { 'content-type': type }, body: 'a=1' });
      expect(response.status, type).toBe(415);
      expect(errorOf(await response.json()).code).toBe('unsupported_media_type');
    }
  });

  it('answers a body over MAX_BODY_BYTES with 413, declared or streamed', async () => {
    const big = `{"pad":"${'x'.repeat(1024 * 1024 + 10)}"}`;
    const declared = await fetch(`${baseUrl()}/api/catalog`, { method: 'POST', headers: JSON_TYPE, body: big });
    expect(declared.status).toBe(413);
    expect(errorOf(await declared.json()).code).toBe('payload_too_large');

    // A chunked body has no Content-Length: the limit holds while reading.
    const chunks = [Buffer.from('{"pad":"'), Buffer.alloc(1024 * 1024 + 10, 'x'), Buffer.from('"}')];
    const streamed = await fetch(`${baseUrl()}/api/catalog`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: new ReadableStream({
        start(controller) {
          for (const c of chunks) controller.enqueue(new Uint8Array(c));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('refuses a cross-origin state-changing request with 403 JSON', async () => {
    const evil = await fetch(`${baseUrl()}/api/catalog`, { method: 'POST', headers: { ...JSON_TYPE, origin: 'https://evil.example' }, body: '{}' });
    expect(evil.status).toBe(403);
    expect(errorOf(await evil.json())).toEqual({ code: 'forbidden_origin', message: 'Cross-origin requests are not allowed.' });

    const nullOrigin = await fetch(`${baseUrl()}/api/no-route`, { method: 'DELETE', headers: { origin: 'null' } });
    expect(nullOrigin.status).toBe(403);

    const crossSite = await fetch(`${baseUrl()}/api/no-route`, { method: 'PUT', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
  });

  it('lets a same-origin state-changing request through to its route', async () => {
    const sameOrigin = await fetch(`${baseUrl()}/api/no-route`, { method: 'POST', headers: { ...JSON_TYPE, origin: baseUrl() }, body: '{}' });
    expect(sameOrigin.status).toBe(404);
    const browserSameOrigin = await fetch(`${baseUrl()}/api/no-route`, { method: 'POST', headers: { ...JSON_TYPE, 'sec-fetch-site': 'same-origin' }, body: '{}' });
    expect(browserSameOrigin.status).toBe(404);
  });

  it('answers an unexpected failure with a generic 500 JSON: no stack trace, no error text', async () => {
    const databaseUrl = inject('apiDatabaseUrl');
    const [category] = await runSql<{ id: string; icon: string }>(databaseUrl, 'SELECT id, icon FROM categories ORDER BY sort_order LIMIT 1');
    const [product] = await runSql<{ id: string; gallery: string }>(databaseUrl, 'SELECT id, gallery FROM products ORDER BY id LIMIT 1');
    if (!product || !category) throw new Error('the seeded catalogue is empty');
    // A row the server cannot read: its JSON column is broken.
    await runSql(databaseUrl, `UPDATE products SET gallery = '{broken' WHERE id = '${product.id}'`);
    try {
      for (const path of ['/api/catalog', `/api/products/${product.id}`]) {
        const response = await rawRequest(`${baseUrl()}${path}`);
        expect(response.status, path).toBe(500);
        const text = response.body.toString();
        expect(JSON.parse(text)).toEqual({ error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' } });
        expect(text).not.toMatch(/SyntaxError|\bat\s|\.mjs|\.ts:/);
        expect(response.headers['x-request-id']).toBeTruthy();
      }
    } finally {
      await runSql(databaseUrl, `UPDATE products SET gallery = '${product.gallery.replace(/'/g, "''")}' WHERE id = '${product.id}'`);
    }
    expect((await fetch(`${baseUrl()}/api/catalog`)).status).toBe(200);
  });
});

describe('request ids', () => {
  it('puts a generated X-Request-Id on every response', async () => {
    const ids = new Set<string>();
    for (const path of ['/', '/api/health', '/api/catalog', '/api/nope', '/no-such-page']) {
      const response = await fetch(`${baseUrl()}${path}`);
      await response.arrayBuffer();
      const id = response.headers.get('x-request-id');
      expect(id, path).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(id!);
    }
    expect(ids.size).toBe(5);
  });

  it('keeps a sane incoming X-Request-Id and replaces one that is not', async () => {
    const kept = await fetch(`${baseUrl()}/api/health`, { headers: { 'x-request-id': 'lb-7f3a9c21-trace' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a9c21-trace');
    const replaced = await fetch(`${baseUrl()}/api/health`, { headers: { 'x-request-id': 'bad id with spaces <script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
