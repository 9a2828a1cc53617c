import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './helpers/http';

describe('GET /api/openapi.json and /admin/api', () => {
  it('serves a valid OpenAPI 3.1 document of the API', async () => {
    const response = await fetch(`${baseUrl()}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(document as never)).resolves.toBeTruthy();
    expect(Object.keys(document.paths['/api/orders/{orderNumber}']!)).toEqual(['get']);
  });

  it('serves the reference page from the build, naming every path of the document, with nothing from another host', async () => {
    const document = (await (await fetch(`${baseUrl()}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    const response = await fetch(`${baseUrl()}/admin/api`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<h1');
    expect(html).toContain('href="/api/openapi.json"');
    for (const path of Object.keys(document.paths)) expect(html, path).toContain(`>${path}<`);
    // Only the build's own files: no CDN.
    for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) expect(src).toMatch(/^\/_astro\//);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });
});
