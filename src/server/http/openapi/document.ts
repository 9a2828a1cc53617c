import { z } from 'zod';
import { apiErrorSchema } from '../../../lib/schemas/api';
import { OPENAPI_OPERATIONS, type Operation, type OperationResponse } from './operations';

/** An OpenAPI 3.1 document as plain JSON. */
export type OpenApiDocument = Record<string, unknown> & { openapi: string; paths: Record<string, Record<string, OpenApiOperation>> };

/** One operation of the document, as the reference page reads it. */
export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: 'path' | 'query'; required: boolean; description?: string; schema: unknown }[];
  requestBody?: { required: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
}

/** The schema of a zod type as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a client sends ('input') or receives ('output'). */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  // A transform or a date has no JSON Schema form: it is left open rather than failing the document.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/** '/api/orders/[orderNumber]' → '/api/orders/{orderNumber}'. */
export function openApiPathOf(routePath: string): string {
  return routePath.replace(/\[([^\]/.]+)\]/g, '{$1}');
}

/** An operation id: the method and the path's words, e.g. postApiAdminOrdersIdApprove. */
function operationIdOf(op: Operation): string {
  const words = op.path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
  return op.method + words.join('');
}

/** Who may call, as the document's security requirement (none for public operations). */
function securityOf(op: Operation): OpenApiOperation['security'] {
  switch (op.access.kind) {
    case 'customer':
      return [{ customerSession: [] }];
    case 'staff':
      return [{ staffSession: [] }];
    case 'metrics':
      return [{ metricsToken: [] }];
    default:
      return undefined;
  }
}

/** The access line the description starts with. */
function accessNoteOf(op: Operation): string {
  switch (op.access.kind) {
    case 'customer':
      return 'A signed-in customer (session cookie).';
    case 'staff':
      return op.access.permission === 'any' ? 'Any signed-in staff member.' : `Staff with \`${op.access.permission}\`.`;
    case 'metrics':
      return 'Bearer METRICS_TOKEN.';
    default:
      return 'Anyone.';
  }
}

function parametersOf(op: Operation): OpenApiOperation['parameters'] {
  const parameters: NonNullable<OpenApiOperation['parameters']> = [...op.path.matchAll(/\[([^\]/.]+)\]/g)].map((m) => ({
    name: m[1]!,
    in: 'path' as const,
    required: true,
    schema: { type: 'string' },
  }));
  if (op.query) {
    type ObjectSchema = { properties?: Record<string, Record<string, unknown>>; required?: string[]; allOf?: ObjectSchema[] };
    const query = jsonSchemaOf(op.query, 'input') as ObjectSchema;
    // An intersection of objects comes out as allOf: its parts' fields are the parameters.
    for (const part of [query, ...(query.allOf ?? [])]) {
      for (const [name, schema] of Object.entries(part.properties ?? {})) {
        const { description, ...rest } = schema;
        parameters.push({ name, in: 'query', required: part.required?.includes(name) ?? false, ...(typeof description === 'string' ? { description } : {}), schema: rest });
      }
    }
  }
  return parameters.length ? parameters : undefined;
}

function requestBodyOf(op: Operation): OpenApiOperation['requestBody'] {
  if (!op.body) return undefined;
  if ('multipart' in op.body) {
    const properties = Object.fromEntries(Object.entries(op.body.multipart).map(([name, description]) => [name, name === 'file' ? { type: 'string', contentMediaType: 'application/octet-stream', description } : { type: 'string', description }]));
    return { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties, required: ['file'] } } } };
  }
  return { required: true, content: { 'application/json': { schema: jsonSchemaOf(op.body as z.ZodType, 'input') } } };
}

function responsesOf(op: Operation): OpenApiOperation['responses'] {
  const responses: OpenApiOperation['responses'] = {};
  for (const [status, given] of Object.entries(op.responses)) {
    const answer: OperationResponse = typeof given === 'string' ? { description: given } : given;
    const code = Number(status);
    if (code >= 400 && !answer.schema && !answer.contentType) {
      responses[status] = { description: answer.description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    } else if (answer.contentType) {
      responses[status] = { description: answer.description, content: { [answer.contentType]: {} } };
    } else if (answer.schema) {
      responses[status] = { description: answer.description, content: { 'application/json': { schema: jsonSchemaOf(answer.schema, 'output') } } };
    } else {
      responses[status] = { description: answer.description };
    }
  }
  // Any operation reading the database may meet these (the operations' own routes answer without it).
  if (op.tag !== 'Operations') responses['503'] ??= { description: 'The database is unavailable (Retry-After).', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  if (op.access.kind === 'staff') {
    responses['401'] ??= { description: 'Not signed in as staff.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    if (op.access.permission !== 'any') responses['403'] ??= { description: 'Signed in without the permission.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  }
  return responses;
}

let built: OpenApiDocument | undefined;

/** The OpenAPI 3.1 document of every operation in OPENAPI_OPERATIONS (built once). */
export function buildOpenApiDocument(): OpenApiDocument {
  if (built) return built;
  const paths: OpenApiDocument['paths'] = {};
  for (const op of OPENAPI_OPERATIONS) {
    const security = securityOf(op);
    const parameters = parametersOf(op);
    const requestBody = requestBodyOf(op);
    (paths[openApiPathOf(op.path)] ??= {})[op.method] = {
      operationId: operationIdOf(op),
      tags: [op.tag],
      summary: op.summary,
      description: [accessNoteOf(op), op.description].filter(Boolean).join(' '),
      ...(security ? { security } : {}),
      ...(parameters ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: responsesOf(op),
    };
  }
  const tags = [...new Set(OPENAPI_OPERATIONS.map((op) => op.tag))].map((name) => ({ name }));
  built = {
    openapi: '3.1.0',
    info: {
      title: 'Graphene Coatings shop API',
      version: '1',
      description:
        'JSON in and out (UTF-8). Money: dollars with two decimals on the wire. Times: ISO 8601 UTC. Errors: `{ error: { code, message, fields? } }`. ' +
        'A state-changing request from a browser must carry a same-origin Origin header; sessions are httpOnly cookies.',
    },
    servers: [{ url: '/' }],
    tags,
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(apiErrorSchema, 'output') },
      securitySchemes: {
        customerSession: { type: 'apiKey', in: 'cookie', name: 'gc_session', description: 'Set by POST /api/auth/login or /api/auth/register.' },
        staffSession: { type: 'apiKey', in: 'cookie', name: 'gc_staff', description: 'Set by POST /api/admin/auth/login.' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN.' },
      },
    },
  };
  return built;
}
