import './zod-config';
import { z } from 'zod';
import { categorySchema, productSchema } from './catalog';

/** Machine-readable error codes of the HTTP API (the status says the class, the code the case). */
export const API_ERROR_CODES = [
  'bad_request',
  'bad_json',
  'unauthorized',
  'forbidden',
  'forbidden_origin',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'invalid_fields',
  'too_many_requests',
  'internal_error',
  'unavailable',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number] | (string & {});

/** Every API error: `{ error: { code, message, fields? } }`; `fields` maps a field name to its message. */
export const apiErrorSchema = z.object({
  error: z.object({
    /** Stable machine-readable code, e.g. 'invalid_fields'. */
    code: z.string().min(1),
    /** Message for people, the exact text of spec.md where it has one. */
    message: z.string().min(1),
    /** Per-field messages of a 422. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** GET /api/catalog: the live catalogue and its version (also its ETag). */
export const catalogResponseSchema = z.object({
  products: z.array(productSchema),
  categories: z.array(categorySchema),
  /** Content hash; equal catalogues have equal versions. */
  version: z.string().min(1),
});
export type CatalogResponse = z.infer<typeof catalogResponseSchema>;

/**
 * GET /api/health: 200 ok; 503 degraded (reads work, writes fail) or unavailable, with a reason.
 * `mail` is the outbox backlog whenever the database can be read.
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  database: z.enum(['sqlite', 'postgres']),
  reason: z.string().optional(),
  mail: z
    .object({
      /** Unsent messages. */
      queued: z.number().int().nonnegative(),
      /** Unsent password resets (they go first). */
      urgent: z.number().int().nonnegative(),
      /** Unsent messages whose delivery failed at least once. */
      failing: z.number().int().nonnegative(),
      /** Age of the oldest unsent message in seconds, 0 when none waits. */
      oldestSeconds: z.number().int().nonnegative(),
    })
    .optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /api/health/ready: 200 ready; 503 starting (database not migrated and seeded, or the live catalogue not built, yet) or stopping (SIGTERM received). */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'starting', 'stopping']),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
