import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, openApiPathOf } from '../../../../src/server/http/openapi/document';
import { OPENAPI_OPERATIONS, UNDOCUMENTED_ROUTES } from '../../../../src/server/http/openapi/operations';
import { patternOfRouteFile } from '../../../../src/server/http/route-methods';

const API_DIR = join(process.cwd(), 'src/pages/api');

/** Every route file under src/pages/api. */
function routeFiles(dir = API_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? routeFiles(join(dir, entry.name)) : [join(dir, entry.name)]));
}

/** Each route file's pattern, methods (as its exports name them) and source. */
const routes = routeFiles().map((file) => {
  const source = readFileSync(file, 'utf8');
  const methods = [...source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE|ALL)\b/g)].map((m) => m[1]!.toLowerCase());
  return { file: file.slice(process.cwd().length + 1), pattern: patternOfRouteFile(file), methods, source };
});

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (checked by swagger-parser against the official schema, every $ref resolved)', async () => {
    const document = buildOpenApiDocument();
    expect(document.openapi).toBe('3.1.0');
    // The validator dereferences in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    // Building and validating ~100 operations takes about a second alone, several beside the other unit files on 2 busy cores.
  }, 30_000);

  it('has every method of every route file in src/pages/api (add new routes to src/server/http/openapi/operations.ts)', () => {
    const { paths } = buildOpenApiDocument();
    const missing: string[] = [];
    for (const route of routes) {
      if (UNDOCUMENTED_ROUTES.includes(route.pattern)) continue;
      expect(route.methods.length, `${route.file} exports no method`).toBeGreaterThan(0);
      for (const method of route.methods) {
        if (!paths[openApiPathOf(route.pattern)]?.[method]) missing.push(`${method.toUpperCase()} ${route.pattern} (${route.file})`);
      }
    }
    expect(missing).toEqual([]);
    expect(routes.length).toBeGreaterThan(50);
  });

  it('documents no operation that no route file answers', () => {
    const answered = new Set(routes.flatMap((r) => r.methods.map((m) => `${m} ${r.pattern}`)));
    expect(OPENAPI_OPERATIONS.map((op) => `${op.method} ${op.path}`).filter((key) => !answered.has(key))).toEqual([]);
  });

  it("names the staff permission each back-office route's requireStaff asks for", () => {
    for (const op of OPENAPI_OPERATIONS) {
      const route = routes.find((r) => r.pattern === op.path)!;
      const asked = [...route.source.matchAll(/requireStaff\(request, url(?:, '([a-z_]+)')?\)/g)].map((m) => m[1] ?? 'any');
      if (asked.length === 0) continue;
      expect(op.access, `${op.method} ${op.path}`).toEqual({ kind: 'staff', permission: asked[0] });
    }
  });

  it('carries the zod rules of a request body: the order form’s limits and required fields', () => {
    const body = buildOpenApiDocument().paths['/api/orders']!.post!.requestBody!.content['application/json']!.schema as {
      required: string[];
      properties: { items: { minItems: number; maxItems: number }; idempotencyKey: { pattern: string } };
    };
    expect(body.required).toEqual(expect.arrayContaining(['idempotencyKey', 'items', 'customer', 'shippingAddress']));
    expect(body.properties.items).toMatchObject({ minItems: 1, maxItems: 100 });
    expect(body.properties.idempotencyKey.pattern).toBe('^[A-Za-z0-9_-]{16,128}$');
  });

  it('lists the fields of a query schema as query parameters, an intersection of objects included', () => {
    const parameters = buildOpenApiDocument().paths['/api/admin/stats/export.csv']!.get!.parameters!;
    expect(parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ['from', 'query', false],
      ['to', 'query', false],
      ['days', 'query', false],
      ['series', 'query', true],
    ]);
    expect(buildOpenApiDocument().paths['/api/admin/orders/{id}/approve']!.post!.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
  });
});
