import type { OpenApiDocument, OpenApiOperation } from './document';

/** One field of a schema as the reference page lists it. */
export interface FieldRow {
  /** Dotted path, '[]' for the items of a list: customer.firstName, items[].quantity. */
  name: string;
  /** string, integer, number, boolean, object, list of …, one of 'a' | 'b', … */
  type: string;
  required: boolean;
  /** Limits and formats in words: 1–100 characters, pattern …, at least 1. */
  rules: string;
  description: string;
}

/** One operation as the reference page shows it. */
export interface ReferenceOperation {
  method: string;
  path: string;
  /** The anchor of its section. */
  id: string;
  summary: string;
  description: string;
  parameters: FieldRow[];
  /** The JSON body's fields, or the multipart fields. */
  body: { contentType: string; fields: FieldRow[] } | undefined;
  responses: { status: string; description: string; contentType?: string; fields: FieldRow[] }[];
}

type Schema = Record<string, unknown>;

/** How deep nested objects are listed: deeper ones read as 'object'. */
const MAX_DEPTH = 4;

/** A schema's type in words. */
function typeOf(schema: Schema): string {
  if (Array.isArray(schema.enum)) return `one of ${(schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ')}`;
  if ('const' in schema) return JSON.stringify(schema.const);
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) return [...new Set(variants.map(typeOf))].join(' or ');
  if (schema.type === 'array') return `list of ${typeOf((schema.items as Schema) ?? {})}`;
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  if (typeof schema.type === 'string') return schema.type;
  if (schema.properties) return 'object';
  return 'any';
}

/** A schema's limits in words. */
function rulesOf(schema: Schema): string {
  const rules: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min !== undefined && max !== undefined) rules.push(min === max ? `${String(min)} ${unit}` : `${String(min)}–${String(max)} ${unit}`);
    else if (min !== undefined) rules.push(`at least ${String(min)} ${unit}`);
    else if (max !== undefined) rules.push(`at most ${String(max)} ${unit}`);
  };
  range(schema.minLength, schema.maxLength, 'characters');
  range(schema.minItems, schema.maxItems, 'items');
  range(schema.minimum ?? schema.exclusiveMinimum, schema.maximum ?? schema.exclusiveMaximum, '(value)');
  if (typeof schema.format === 'string') rules.push(schema.format);
  if (typeof schema.pattern === 'string') rules.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) rules.push(`default ${JSON.stringify(schema.default)}`);
  return rules.join('; ');
}

/** The object form of a schema (itself, its list items, or its one object variant), if any. */
function objectOf(schema: Schema): Schema | undefined {
  if (schema.properties) return schema;
  if (schema.type === 'array' && schema.items) return objectOf(schema.items as Schema);
  const variants = ((schema.anyOf ?? schema.oneOf) as Schema[] | undefined)?.map(objectOf).filter(Boolean);
  return variants?.length === 1 ? variants[0] : undefined;
}

/** The fields of an object schema, nested ones under dotted names. */
export function listFields(schema: Schema | undefined, prefix = '', depth = 0): FieldRow[] {
  const object = schema && objectOf(schema);
  if (!object || depth >= MAX_DEPTH) return [];
  const required = new Set((object.required as string[] | undefined) ?? []);
  const rows: FieldRow[] = [];
  for (const [name, child] of Object.entries((object.properties as Record<string, Schema>) ?? {})) {
    const path = `${prefix}${name}`;
    rows.push({ name: path, type: typeOf(child), required: required.has(name), rules: rulesOf(child), description: typeof child.description === 'string' ? child.description : '' });
    const nested = objectOf(child);
    if (nested && nested !== object) rows.push(...listFields(child, `${path}${child.type === 'array' ? '[]' : ''}.`, depth + 1));
  }
  return rows;
}

/** The operations of a document, grouped by tag in the document's order, ready to draw. */
export function describeOperations(document: OpenApiDocument): { tag: string; operations: ReferenceOperation[] }[] {
  const groups = new Map<string, ReferenceOperation[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods) as [string, OpenApiOperation][]) {
      const jsonBody = op.requestBody?.content['application/json'];
      const multipart = op.requestBody?.content['multipart/form-data'];
      const body = jsonBody
        ? { contentType: 'application/json', fields: listFields(jsonBody.schema as Schema) }
        : multipart
          ? { contentType: 'multipart/form-data', fields: listFields(multipart.schema as Schema) }
          : undefined;
      const entry: ReferenceOperation = {
        method: method.toUpperCase(),
        path,
        id: op.operationId,
        summary: op.summary,
        description: op.description ?? '',
        parameters: (op.parameters ?? []).map((p) => ({
          name: `${p.name} (${p.in})`,
          type: typeOf(p.schema as Schema),
          required: p.required,
          rules: rulesOf(p.schema as Schema),
          description: p.description ?? '',
        })),
        body,
        responses: Object.entries(op.responses).map(([status, answer]) => {
          const [contentType, media] = Object.entries(answer.content ?? {})[0] ?? [];
          const schema = media?.schema as Schema | undefined;
          return { status, description: answer.description, contentType, fields: schema && !('$ref' in schema) ? listFields(schema) : [] };
        }),
      };
      const tag = op.tags[0] ?? 'Other';
      groups.set(tag, [...(groups.get(tag) ?? []), entry]);
    }
  }
  return [...groups].map(([tag, operations]) => ({ tag, operations }));
}

/** A description's text and `code` spans, in order, for drawing the spans as code. */
export function splitCode(text: string): { code: boolean; text: string }[] {
  return text
    .split('`')
    .map((part, i) => ({ code: i % 2 === 1, text: part }))
    .filter((part) => part.text !== '');
}
