import type { APIRoute } from 'astro';
import { errorResponse, notFound } from '../../server/http/errors';

export const prerender = false;

/** Any /api path no route claims: 404 in the API's JSON error shape, whatever the method. */
export const ALL: APIRoute = () => errorResponse(notFound());
