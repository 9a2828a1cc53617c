import type { APIRoute } from 'astro';
import { describeDemo } from '../../../server/customers/demo';
import { jsonResponse } from '../../../server/http/errors';
import { getConfig } from '../../../server/runtime';

export const prerender = false;

/** Whether demo mode is on, and the demo accounts the sign-in page may show (none otherwise). */
export const GET: APIRoute = () => jsonResponse(describeDemo(getConfig().SHOP_DEMO));
