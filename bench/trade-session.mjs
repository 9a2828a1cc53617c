// A signed-in trade customer for the speed figures of issue 27 ("Lighthouse ≥ 95 and the JS budgets
// on product and shop pages for a signed-in trade customer"): registers a customer, has staff make
// them trade (a discount, a fixed price and a tier on the given products, terms and a credit limit,
// as tests/api/trade.test.ts does) and signs them in. What a browser then needs to be that customer:
// the session cookie and the profile the storefront caches under 'user-session' (which says trade,
// so pages load the customer's prices). Used by bench/lighthouse.mjs --trade and the trade JS budget.
import { randomUUID } from 'node:crypto';

/** The session cookie's name (src/server/auth/auth.http.ts). */
export const SESSION_COOKIE = 'gc_session';
/** localStorage key of the cached profile (src/lib/constants.ts USER_SESSION_KEY). */
export const USER_SESSION_KEY = 'user-session';
const PASSWORD = 'Trade-Bench-2026!';

/** POSTs or PUTs JSON as a browser of the shop would (same origin); the response. */
function send(origin, path, body, { method = 'POST', cookie } = {}) {
  return fetch(`${origin}${path}`, {
    method,
    headers: { origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** The session cookie (name=value) a response set. */
function sessionOf(response) {
  const cookie = response.headers.getSetCookie().map((c) => c.split(';', 1)[0]).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`No ${SESSION_COOKIE} cookie in the answer (${response.status}).`);
  return cookie;
}

/**
 * Makes a new trade customer on a running shop (staff `admin` must be able to edit trade accounts)
 * and signs them in: their session cookie's value and the profile to cache (with `trade: true`).
 * @param {string} origin
 * @param {{ admin: { email: string; password: string }; productIds?: string[] }} options
 * @returns {Promise<{ cookie: string; user: Record<string, unknown>; email: string }>}
 */
export async function signInTradeCustomer(origin, { admin, productIds = [] }) {
  const email = `trade.bench.${randomUUID()}@example.com`;
  const registered = await send(origin, '/api/auth/register', {
    fullName: 'Bench Trade Decorators',
    email,
    phone: '+447700900789',
    dateOfBirth: '1984-05-06',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: true,
  });
  if (registered.status !== 201) throw new Error(`Registering a customer answered ${registered.status}: ${await registered.text()}`);
  const customerId = (await registered.json()).user.id;
  const staff = await send(origin, '/api/admin/auth/login', admin);
  if (!staff.ok) throw new Error(`Staff sign-in as ${admin.email} answered ${staff.status}.`);
  const staffCookie = staff.headers.getSetCookie().map((c) => c.split(';', 1)[0]).join('; ');
  const products = await Promise.all(productIds.map(async (id) => (await fetch(`${origin}/api/products/${encodeURIComponent(id)}`)).json()));
  const trade = await send(
    origin,
    `/api/admin/users/${customerId}/trade`,
    {
      company: 'Bench Trade Decorators Ltd',
      vatNumber: 'GB 123 4567 89',
      discountPercent: 10,
      prices: products.map((p) => ({ productId: p.id, unitCents: Math.round(p.price * 100 * 0.8) })),
      tiers: products.map((p) => ({ productId: p.id, minQuantity: 10, unitCents: Math.round(p.price * 100 * 0.7) })),
      termsDays: 30,
      creditLimitCents: 500_000,
    },
    { method: 'PUT', cookie: staffCookie },
  );
  if (!trade.ok) throw new Error(`Making the customer trade answered ${trade.status}: ${await trade.text()}`);
  const login = await send(origin, '/api/auth/login', { email, password: PASSWORD });
  if (!login.ok) throw new Error(`Signing the trade customer in answered ${login.status}.`);
  const { user } = await login.json();
  if (user.trade !== true) throw new Error('The signed-in profile does not say trade.');
  return { cookie: sessionOf(login).slice(SESSION_COOKIE.length + 1), user, email };
}
