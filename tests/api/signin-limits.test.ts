// Sign-in, password-reset, enquiry and order look-up limits over HTTP: counted before the work (a
// burst sent at once lets exactly the limit through), per account and address so a stranger cannot
// lock a customer out, and sign-in taking as long for an unknown e-mail as for a known one.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMERS } from '../../src/server/customers/demo';
import { DEMO, placeOrder, startShop, STRONG_PASSWORD, type Shop } from './helpers/admin';
import { fetchProducts, q } from './helpers/orders';
import { runSql } from './helpers/sql';

let shop: Shop;
let addressCounter = 0;

beforeAll(async () => {
  // Bursts of five hashes at once: at the lowest CPU priority, on a machine busy with the other
  // lane and the browser tests, the fifth could wait past the gate's 5 s (503) and not be tried.
  shop = await startShop({ TRUST_PROXY: 'true', PASSWORD_WAIT_MS: '120000' });
});
afterAll(async () => {
  await shop?.server.stop();
});

/** A client address of its own, forwarded by the trusted proxy. */
const newAddress = () => {
  addressCounter += 1;
  return `198.51.${100 + Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
};

/** POSTs JSON from `address` as a same-origin browser behind the proxy would. */
function post(path: string, body: unknown, address: string): Promise<Response> {
  return fetch(`${shop.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.base, 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
}

/** A new customer account (signed up from an address of its own); returns its e-mail. */
async function newCustomer(): Promise<string> {
  const email = `casey.${randomUUID().slice(0, 8)}@example.com`;
  const body = { fullName: 'Casey Customer', email, phone: '+12145550123', dateOfBirth: '1990-05-17', password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, acceptTerms: true };
  expect((await post('/api/auth/register', body, newAddress())).status).toBe(201);
  return email;
}

/** Sends `count` requests at once and returns their statuses, sorted. */
async function burst(count: number, send: (i: number) => Promise<Response>): Promise<number[]> {
  const responses = await Promise.all(Array.from({ length: count }, (_, i) => send(i)));
  await Promise.all(responses.map((r) => r.arrayBuffer()));
  return responses.map((r) => r.status).sort();
}

const times = (n: number, status: number) => Array<number>(n).fill(status);

describe('customer sign-in', () => {
  it('lets exactly 5 of 10 wrong passwords sent at once from one address be tried; the rest get 429', async () => {
    const email = await newCustomer();
    const address = newAddress();
    const statuses = await burst(10, (i) => post('/api/auth/login', { email, password: `Wrong-password-${i}` }, address));
    expect(statuses).toEqual([...times(5, 401), ...times(5, 429)]);
  });

  it('counts unknown e-mails from one address against its limit of 20, sent at once too', async () => {
    const address = newAddress();
    const ghost = () => post('/api/auth/login', { email: `ghost.${randomUUID()}@example.com`, password: STRONG_PASSWORD }, address);
    // Most one by one: twenty hashes at once could wait past the password gate's limit (503) on a busy machine.
    for (let i = 0; i < 15; i++) expect((await ghost()).status).toBe(404);
    expect(await burst(10, ghost)).toEqual([...times(5, 404), ...times(5, 429)]);
  });

  it('keeps strangers guessing from ten addresses (5 each, 50 in all) from locking the customer out: the right password from a fresh address signs in', async () => {
    const email = await newCustomer();
    const guessers = Array.from({ length: 10 }, newAddress);
    for (const address of guessers) {
      expect(await burst(5, (i) => post('/api/auth/login', { email, password: `Wrong-password-${i}` }, address))).toEqual(times(5, 401));
    }
    // The account has its 50 failures: a fresh address has failed nothing for it and is let through.
    expect((await post('/api/auth/login', { email, password: STRONG_PASSWORD }, newAddress())).status).toBe(200);
    // That sign-in forgave only its own address: the guessers stay refused, the right password too.
    expect((await post('/api/auth/login', { email, password: STRONG_PASSWORD }, guessers[0]!)).status).toBe(429);
  });

  it('slows a spray over the per-account limit to one guess per fresh address: after one failure there, that address waits', async () => {
    const email = await newCustomer();
    for (let a = 0; a < 10; a++) {
      const address = newAddress();
      expect(await burst(5, (i) => post('/api/auth/login', { email, password: `Wrong-password-${i}` }, address))).toEqual(times(5, 401));
    }
    const sprayer = newAddress();
    expect((await post('/api/auth/login', { email, password: 'Wrong-password-x' }, sprayer)).status).toBe(401);
    const refused = await post('/api/auth/login', { email, password: 'Wrong-password-y' }, sprayer);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Below the account limit the same address would have had 5 guesses (the pair limit).
    expect((await post('/api/auth/login', { email, password: STRONG_PASSWORD }, sprayer)).status).toBe(429);
  });

  it('takes as long for an unknown e-mail as for a known one with a wrong password (medians of 30)', async () => {
    const known = await newCustomer();
    const unknown = `nobody.${randomUUID()}@example.com`;
    const timeSignIn = async (email: string) => {
      const started = performance.now();
      const response = await post('/api/auth/login', { email, password: 'Wrong-password-1' }, newAddress());
      await response.arrayBuffer();
      expect([401, 404]).toContain(response.status);
      return performance.now() - started;
    };
    // Warm-up: the decoy hash is made at the first unknown e-mail.
    for (let i = 0; i < 3; i++) {
      await timeSignIn(unknown);
      await timeSignIn(known);
    }
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    // Interleaved, so a change in the machine's load touches both series alike.
    for (let i = 0; i < 30; i++) {
      knownMs.push(await timeSignIn(known));
      unknownMs.push(await timeSignIn(unknown));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const [knownMedian, unknownMedian] = [median(knownMs), median(unknownMs)];
    console.info(`sign-in medians of 30: known e-mail ${knownMedian.toFixed(1)} ms, unknown e-mail ${unknownMedian.toFixed(1)} ms`);
    // Without the decoy hash an unknown e-mail answered in about a fifth of the time; the bounds
    // leave room for a machine busy with other work (hashing runs at the lowest CPU priority).
    expect(unknownMedian / knownMedian).toBeGreaterThan(0.45);
    expect(unknownMedian / knownMedian).toBeLessThan(1 / 0.45);
  });
});

describe('staff sign-in', () => {
  it('lets exactly 5 of 10 wrong passwords sent at once from one address be tried, and the member still signs in from elsewhere', async () => {
    const address = newAddress();
    const staff = DEMO.productManager;
    const statuses = await burst(10, (i) => post('/api/admin/auth/login', { email: staff.email, password: `Wrong-password-${i}` }, address));
    expect(statuses).toEqual([...times(5, 401), ...times(5, 429)]);
    expect((await post('/api/admin/auth/login', { email: staff.email, password: staff.password }, address)).status).toBe(429);
    expect((await post('/api/admin/auth/login', { email: staff.email, password: staff.password }, newAddress())).status).toBe(200);
  });

  it('keeps strangers guessing from ten addresses (5 each, 50 in all) from locking the member out: the right password from a fresh address signs in', async () => {
    const staff = DEMO.orderManager;
    const guessers = Array.from({ length: 10 }, newAddress);
    for (const address of guessers) {
      expect(await burst(5, (i) => post('/api/admin/auth/login', { email: staff.email, password: `Wrong-password-${i}` }, address))).toEqual(times(5, 401));
    }
    expect((await post('/api/admin/auth/login', { email: staff.email, password: staff.password }, newAddress())).status).toBe(200);
    const sprayer = newAddress();
    expect((await post('/api/admin/auth/login', { email: staff.email, password: 'Wrong-password-x' }, sprayer)).status).toBe(401);
    expect((await post('/api/admin/auth/login', { email: staff.email, password: 'Wrong-password-y' }, sprayer)).status).toBe(429);
  });
});

describe('password reset requests', () => {
  it('send exactly 5 of 10 requests for one account sent at once from different addresses; the rest get 429', async () => {
    const email = await newCustomer();
    const statuses = await burst(10, () => post('/api/auth/forgot-password', { email }, newAddress()));
    expect(statuses).toEqual([...times(5, 202), ...times(5, 429)]);
    const [row] = await runSql<{ n: number }>(shop.db, `SELECT count(*) AS n FROM password_reset_tokens t JOIN customers c ON c.id = t.customer_id WHERE c.email = ${q(email)}`);
    expect(Number(row!.n)).toBe(5);
  });

  it('send a blocked customer nothing, with the same answer as anyone else', async () => {
    const blocked = DEMO_CUSTOMERS.find((c) => c.blocked)!;
    const response = await post('/api/auth/forgot-password', { email: blocked.email }, newAddress());
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ status: 'sent' });
    const [tokens] = await runSql<{ n: number }>(shop.db, `SELECT count(*) AS n FROM password_reset_tokens t JOIN customers c ON c.id = t.customer_id WHERE c.email = ${q(blocked.email)}`);
    expect(Number(tokens!.n)).toBe(0);
    const [mails] = await runSql<{ n: number }>(shop.db, `SELECT count(*) AS n FROM outbox WHERE to_address = ${q(blocked.email)}`);
    expect(Number(mails!.n)).toBe(0);
  });
});

describe('enquiries', () => {
  const enquirer = () => ({ name: 'Maya Patel', email: `maya.${randomUUID().slice(0, 8)}@example.com`, phone: '020 7946 0958' });

  it('store exactly 5 of 10 contact messages sent at once from one address; the rest get 429', async () => {
    const address = newAddress();
    const message = 'We are repainting a Victorian hallway and would like advice on a durable off-white.';
    const statuses = await burst(10, () => post('/api/contact', { ...enquirer(), subject: 'Colour consultation', message }, address));
    expect(statuses).toEqual([...times(5, 201), ...times(5, 429)]);
  });

  it('store exactly 5 of 10 quote requests sent at once from one address; the rest get 429', async () => {
    const address = newAddress();
    const [product] = await runSql<{ id: string }>(shop.db, 'SELECT id FROM products ORDER BY id LIMIT 1');
    const statuses = await burst(10, () => post('/api/quotes', { ...enquirer(), productId: product!.id, quantity: 40 }, address));
    expect(statuses).toEqual([...times(5, 201), ...times(5, 429)]);
  });
});

describe('order look-up by number and e-mail', () => {
  it('counts only the failures of an address, exactly 10 of 15 sent at once, and always answers the right number and e-mail', async () => {
    const product = (await fetchProducts(shop.base)).find((p) => p.inStock && !p.requestQuoteOnly && (p.stockQuantity ?? 100) > 5)!;
    const order = await placeOrder(shop.base, [{ productId: product.id, quantity: 1 }]);
    const address = newAddress();
    const lookUp = (email: string) => fetch(`${shop.base}/api/orders/${order.orderNumber}?email=${encodeURIComponent(email)}`, { headers: { 'x-forwarded-for': address } });
    // Right look-ups do not count.
    for (let i = 0; i < 12; i++) expect((await lookUp(order.email)).status).toBe(200);
    const statuses = await burst(15, (i) => lookUp(`guess.${i}@example.com`));
    expect(statuses).toEqual([...times(10, 404), ...times(5, 429)]);
    expect((await lookUp('guess@example.com')).status).toBe(429);
    // The owner, even from the address that failed, still sees the order.
    expect((await lookUp(order.email)).status).toBe(200);
  });
});

describe('the password gate (PASSWORD_WAIT_MS)', () => {
  it('turns away with 503 and Retry-After the sign-ins that waited longer than the setting for a hash, and tries the rest', async () => {
    // 100 ms is four hashes' time at best: of twenty sent at once, most wait longer.
    const own = await startShop({ TRUST_PROXY: 'true', PASSWORD_WAIT_MS: '100' });
    try {
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          fetch(`${own.base}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: own.base, 'x-forwarded-for': `203.0.113.${i + 1}` },
            body: JSON.stringify({ email: `gate.${i}.${randomUUID()}@example.com`, password: STRONG_PASSWORD }),
          }),
        ),
      );
      const turnedAway = responses.filter((r) => r.status === 503);
      expect(turnedAway.length).toBeGreaterThan(0);
      // Every other one was tried: an unknown e-mail, after the decoy hash.
      expect(responses.filter((r) => r.status !== 503).map((r) => r.status)).toEqual(times(20 - turnedAway.length, 404));
      for (const response of turnedAway) {
        expect(response.headers.get('retry-after')).toBe('1');
        expect(await response.json()).toEqual({ error: { code: 'busy', message: 'The server is busy signing other people in. Please try again in a moment.' } });
      }
    } finally {
      await own.server.stop();
    }
  });
});
