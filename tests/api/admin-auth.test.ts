import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, adminSchema } from '../../src/lib/schemas/admin';
import {
  auditOf,
  call,
  countRows,
  createStaffMember,
  hashToken,
  setCookieValue,
  staffIdOf,
  staffLogin,
  staffSignIn,
  startShop,
  STRONG_PASSWORD,
  tokenOf,
  type Shop,
} from './helpers/admin';
import { errorOf } from './helpers/http';
import { createTestDatabase } from './helpers/lane';
import { q } from './helpers/orders';
import { runSql } from './helpers/sql';

/**
 * Staff sign-in and sessions (API.md "Back office", spec §5 Admin login, DESIGN.md "Rules"): the
 * gc_staff cookie, the failure answers and limits, revocation, the idle and absolute ends, the last
 * super admin, common passwords and the first admin from the environment.
 */

const FIRST_ADMIN = { email: 'first.admin@example.com', password: 'Copper-Kettle-Sunrise-41' };

/** This file's server: only the first admin from ADMIN_EMAIL/ADMIN_PASSWORD (no demo staff), behind a trusted proxy so each test can sign in from its own address. */
let shop: Shop;
let firstAdminCookie: string;
let firstAdminId: string;
let addressCounter = 0;

/** A client address of its own (X-Forwarded-For), so the per-address limit of one test does not spill into another. */
function newAddress(): Record<string, string> {
  addressCounter += 1;
  return { 'x-forwarded-for': `198.51.100.${addressCounter}` };
}

/** GET /api/admin/auth/me with a cookie. */
function me(cookie: string): Promise<Response> {
  return call(shop.base, '/api/admin/auth/me', { cookie });
}

/** The stored session row of a cookie, if any. */
async function sessionOf(cookie: string): Promise<{ created_at: string; last_seen_at: string; expires_at: string } | undefined> {
  const [row] = await runSql<{ created_at: string; last_seen_at: string; expires_at: string }>(
    shop.db,
    `SELECT created_at, last_seen_at, expires_at FROM staff_sessions WHERE token_hash = ${q(hashToken(tokenOf(cookie)))}`,
  );
  return row;
}

beforeAll(async () => {
  // PASSWORD_WAIT_MS: the bursts of wrong passwords below must all be tried, however busy the machine (see signin-limits).
  shop = await startShop({ SHOP_DEMO: '0', TRUST_PROXY: '1', ADMIN_EMAIL: FIRST_ADMIN.email, ADMIN_PASSWORD: FIRST_ADMIN.password, PASSWORD_WAIT_MS: '120000' });
  firstAdminCookie = await staffSignIn(shop.base, FIRST_ADMIN.email, FIRST_ADMIN.password, newAddress());
  firstAdminId = await staffIdOf(shop.db, FIRST_ADMIN.email);
});

afterAll(async () => {
  await shop?.server.stop();
});

describe('POST /api/admin/auth/login', () => {
  it('answers 200 { admin } and sets the gc_staff cookie: HttpOnly, SameSite=Strict, Path=/, no Secure on http, ending with the browser', async () => {
    const response = await staffLogin(shop.base, FIRST_ADMIN.email, FIRST_ADMIN.password, newAddress());
    expect(response.status).toBe(200);
    const body = (await response.json()) as { admin: unknown };
    const admin = adminSchema.strict().parse(body.admin);
    expect(admin).toEqual({
      id: firstAdminId,
      email: FIRST_ADMIN.email,
      name: 'Administrator',
      role: 'super_admin',
      permissions: expect.arrayContaining(['manage_products', 'manage_users', 'view_analytics', 'manage_orders']),
    });
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);

    const cookie = setCookieValue(response, 'gc_staff')!;
    expect(cookie).toMatch(/^gc_staff=[A-Za-z0-9_-]{43};/);
    const attributes = cookie.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['path=/', 'httponly', 'samesite=strict']));
    expect(attributes).not.toContain('secure');
    expect(cookie).not.toMatch(/max-age|expires/i);
    // No customer session is made.
    expect(setCookieValue(response, 'gc_session')).toBeUndefined();

    const pair = cookie.split(';')[0]!;
    const whoami = await me(pair);
    expect(whoami.status).toBe(200);
    expect(((await whoami.json()) as { admin: unknown }).admin).toEqual(admin);
    // Only the token's SHA-256 is stored.
    expect(await sessionOf(pair)).toBeDefined();
    expect(await countRows(shop.db, 'staff_sessions', `token_hash = ${q(tokenOf(pair))}`)).toBe(0);
  });

  it('takes the e-mail in any case and with spaces around it', async () => {
    const response = await staffLogin(shop.base, `  ${FIRST_ADMIN.email.toUpperCase()} `, FIRST_ADMIN.password, newAddress());
    expect(response.status).toBe(200);
  });

  it('ends the browser’s previous staff session at a new sign-in', async () => {
    const address = newAddress();
    const old = await staffSignIn(shop.base, FIRST_ADMIN.email, FIRST_ADMIN.password, address);
    const again = await call(shop.base, '/api/admin/auth/login', { body: FIRST_ADMIN, cookie: old, headers: address });
    expect(again.status).toBe(200);
    expect((await me(old)).status).toBe(401);
    expect((await me(setCookieValue(again, 'gc_staff')!.split(';')[0]!)).status).toBe(200);
  });

  it('answers 401 with the one message for a wrong password and for an unknown e-mail alike', async () => {
    const address = newAddress();
    const wrong = await staffLogin(shop.base, FIRST_ADMIN.email, 'Not-The-Password-1', address);
    const unknown = await staffLogin(shop.base, `nobody.${randomUUID()}@example.com`, 'Not-The-Password-1', address);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const wrongBody = await wrong.json();
    expect(errorOf(wrongBody)).toEqual({ code: 'invalid_credentials', message: 'Invalid admin credentials. Please check your email and password.' });
    expect(await unknown.json()).toEqual(wrongBody);
    expect(setCookieValue(wrong, 'gc_staff')).toBeUndefined();
    expect(setCookieValue(unknown, 'gc_staff')).toBeUndefined();
  });

  it.each([
    ['a malformed e-mail', { email: 'not-an-email', password: 'Whatever-123' }, 'email', 'Please enter a valid email address.'],
    ['a missing e-mail', { password: 'Whatever-123' }, 'email', 'Please enter a valid email address.'],
    ['a 5-character password', { email: FIRST_ADMIN.email, password: '12345' }, 'password', 'Password must be at least 6 characters.'],
    ['a missing password', { email: FIRST_ADMIN.email }, 'password', 'Password must be at least 6 characters.'],
  ])('answers 422 for %s with the spec message', async (_name, body, field, message) => {
    const response = await call(shop.base, '/api/admin/auth/login', { body, headers: newAddress() });
    expect(response.status).toBe(422);
    const error = errorOf(await response.json());
    expect(error.fields?.[field]).toBe(message);
    expect(error.message).toBe(message);
  });

  it('answers 403 for a deactivated account with the right password, and 401 for a wrong one (nothing revealed)', async () => {
    const member = await createStaffMember(shop.base, firstAdminCookie, 'order_manager', 'Dee Activated');
    const patched = await call(shop.base, `/api/admin/staff/${member.id}`, { method: 'PATCH', body: { active: false }, cookie: firstAdminCookie });
    expect(patched.status).toBe(200);
    const address = newAddress();
    const refused = await staffLogin(shop.base, member.email, member.password, address);
    expect(refused.status).toBe(403);
    expect(errorOf(await refused.json())).toEqual({ code: 'account_deactivated', message: ADMIN_MESSAGES.deactivated });
    expect(setCookieValue(refused, 'gc_staff')).toBeUndefined();
    expect((await staffLogin(shop.base, member.email, 'Wrong-Password-9', address)).status).toBe(401);
  });

  it('refuses an account from an address after 5 failures there with 429 and Retry-After, even with the right password; from another address it signs in', async () => {
    const member = await createStaffMember(shop.base, firstAdminCookie, 'order_manager', 'Lock Out');
    const address = newAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await staffLogin(shop.base, member.email, `Wrong-Password-${i}`, address)).status).toBe(401);
    }
    const refused = await staffLogin(shop.base, member.email, member.password, address);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(errorOf(await refused.json())).toMatchObject({ code: 'too_many_requests', message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/) });
    expect(setCookieValue(refused, 'gc_staff')).toBeUndefined();
    // A stranger's failures do not lock the member out: the limit is per account and address.
    expect((await staffLogin(shop.base, member.email, member.password, newAddress())).status).toBe(200);
    expect((await staffLogin(shop.base, FIRST_ADMIN.email, FIRST_ADMIN.password, address)).status).toBe(200);
  });

  // Regression (fixed in 838123e): signInStaff checked the limit, verified the password (slow argon2)
  // and only then recorded the failure, so of 20 guesses sent at once 14 to 20 were verified.
  it('counts failures sent all at once: of 20 parallel wrong passwords from one address exactly 5 are tried, the rest 429', async () => {
    const member = await createStaffMember(shop.base, firstAdminCookie, 'order_manager', 'Burst Target');
    const address = newAddress();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => staffLogin(shop.base, member.email, `Wrong-Password-${i}`, address)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses, statuses.join(',')).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
  });

  it('forgets an account’s failures at a successful sign-in', async () => {
    const member = await createStaffMember(shop.base, firstAdminCookie, 'order_manager', 'Forgetful');
    const address = newAddress();
    for (let i = 0; i < 4; i += 1) expect((await staffLogin(shop.base, member.email, `Wrong-Password-${i}`, address)).status).toBe(401);
    expect((await staffLogin(shop.base, member.email, member.password, address)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await staffLogin(shop.base, member.email, `Wrong-Password-${i}`, address)).status).toBe(401);
    expect((await staffLogin(shop.base, member.email, member.password, address)).status).toBe(200);
  });

  it('refuses an address after 20 failures over any accounts with 429; other addresses still sign in', async () => {
    const address = newAddress();
    for (let i = 0; i < 20; i += 1) {
      expect((await staffLogin(shop.base, `guess.${i}.${randomUUID().slice(0, 6)}@example.com`, 'Wrong-Password-1', address)).status).toBe(401);
    }
    const refused = await staffLogin(shop.base, FIRST_ADMIN.email, FIRST_ADMIN.password, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await staffLogin(shop.base, FIRST_ADMIN.email, FIRST_ADMIN.password, newAddress())).status).toBe(200);
  });

  it('refuses a cross-origin sign-in with 403 and no cookie', async () => {
    const crossOrigin: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null' }, { origin: '', 'sec-fetch-site': 'cross-site' }];
    for (const headers of crossOrigin) {
      const response = await call(shop.base, '/api/admin/auth/login', { body: FIRST_ADMIN, headers: { ...headers, ...newAddress() } });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(setCookieValue(response, 'gc_staff')).toBeUndefined();
    }
  });

  it('refuses a cross-origin change by signed-in staff with 403 and changes nothing', async () => {
    const member = await createStaffMember(shop.base, firstAdminCookie, 'order_manager', 'Cross Origin');
    const response = await call(shop.base, `/api/admin/staff/${member.id}`, {
      method: 'PATCH',
      body: { role: 'super_admin' },
      cookie: firstAdminCookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    const [row] = await runSql<{ role: string }>(shop.db, `SELECT role FROM staff WHERE id = ${q(member.id)}`);
    expect(row!.role).toBe('order_manager');
    // A cross-origin sign-out does not end the session either.
    expect((await call(shop.base, '/api/admin/auth/logout', { method: 'POST', cookie: firstAdminCookie, headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await me(firstAdminCookie)).status).toBe(200);
  });
});

describe('POST /api/admin/auth/logout', () => {
  it('answers 204, clears the cookie and revokes the session; sign-in and sign-out are in the audit log', async () => {
    const member = await createStaffMember(shop.base, firstAdminCookie, 'product_manager', 'Sign Out');
    const auditBefore = await auditOf(shop.db, member.id);
    const address = newAddress();
    const cookie = await staffSignIn(shop.base, member.email, member.password, address);
    const response = await call(shop.base, '/api/admin/auth/logout', { method: 'POST', cookie, headers: address });
    expect(response.status).toBe(204);
    const cleared = setCookieValue(response, 'gc_staff')!;
    expect(cleared).toMatch(/^gc_staff=;/);
    expect(cleared).toMatch(/Max-Age=0/i);
    expect(await sessionOf(cookie)).toBeUndefined();
    // The old cookie, replayed: 401.
    expect((await me(cookie)).status).toBe(401);
    expect((await call(shop.base, '/api/admin/summary', { cookie })).status).toBe(401);

    const added = (await auditOf(shop.db, member.id)).slice(auditBefore.length);
    expect(added.map((a) => a.action)).toEqual(['staff.sign_in', 'staff.sign_out']);
    for (const entry of added) expect(entry).toMatchObject({ actor_id: member.id, actor_name: member.name });
    // With the client's address (behind the trusted proxy, X-Forwarded-For).
    const addresses = await runSql<{ address: string | null }>(shop.db, `SELECT address FROM audit_log WHERE entity_id = ${q(member.id)} AND action IN ('staff.sign_in', 'staff.sign_out')`);
    expect(addresses.map((a) => a.address)).toEqual([address['x-forwarded-for'], address['x-forwarded-for']]);
  });

  it('answers 204 without a session and audits nothing', async () => {
    const before = await countRows(shop.db, 'audit_log');
    expect((await call(shop.base, '/api/admin/auth/logout', { method: 'POST' })).status).toBe(204);
    expect(await countRows(shop.db, 'audit_log')).toBe(before);
  });
});

describe('revocation on account changes', () => {
  it('ends every session of a staff member at once when the role changes', async () => {
    const member = await createStaffMember(shop.base, firstAdminCookie, 'order_manager', 'Role Change');
    const first = await staffSignIn(shop.base, member.email, member.password, newAddress());
    const second = await staffSignIn(shop.base, member.email, member.password, newAddress());
    expect((await call(shop.base, '/api/admin/orders', { cookie: first })).status).toBe(200);
    const patched = await call(shop.base, `/api/admin/staff/${member.id}`, { method: 'PATCH', body: { role: 'product_manager' }, cookie: firstAdminCookie });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { admin: { role: string } }).admin.role).toBe('product_manager');
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    expect(await countRows(shop.db, 'staff_sessions', `staff_id = ${q(member.id)}`)).toBe(0);
    // Signed in again, the new role applies.
    const again = await staffSignIn(shop.base, member.email, member.password, newAddress());
    expect((await call(shop.base, '/api/admin/orders', { cookie: again })).status).toBe(403);
    const audit = (await auditOf(shop.db, member.id)).filter((a) => a.action === 'staff.update');
    expect(audit).toEqual([
      expect.objectContaining({ actor_id: firstAdminId, before: { role: 'order_manager', active: true }, after: { role: 'product_manager', active: true } }),
    ]);
  });

  it('ends every session of a staff member at once when deactivated; reactivated, they sign in again', async () => {
    const member = await createStaffMember(shop.base, firstAdminCookie, 'order_manager', 'Deactivate Me');
    const cookie = await staffSignIn(shop.base, member.email, member.password, newAddress());
    expect((await me(cookie)).status).toBe(200);
    const off = await call(shop.base, `/api/admin/staff/${member.id}`, { method: 'PATCH', body: { active: false }, cookie: firstAdminCookie });
    expect(off.status).toBe(200);
    expect((await me(cookie)).status).toBe(401);
    expect((await call(shop.base, '/api/admin/orders', { cookie })).status).toBe(401);
    const on = await call(shop.base, `/api/admin/staff/${member.id}`, { method: 'PATCH', body: { active: true }, cookie: firstAdminCookie });
    expect(on.status).toBe(200);
    // The old cookie stays dead; a new sign-in works.
    expect((await me(cookie)).status).toBe(401);
    expect((await me(await staffSignIn(shop.base, member.email, member.password, newAddress()))).status).toBe(200);
  });

  it('refuses a session whose account was deactivated behind the server’s back', async () => {
    const member = await createStaffMember(shop.base, firstAdminCookie, 'order_manager', 'Back Door');
    const cookie = await staffSignIn(shop.base, member.email, member.password, newAddress());
    await runSql(shop.db, `UPDATE staff SET active = 0 WHERE id = ${q(member.id)}`);
    expect((await me(cookie)).status).toBe(401);
  });
});

describe('session ends', () => {
  it('lasts 12 hours at most from sign-in', async () => {
    const started = Date.now();
    const cookie = await staffSignIn(shop.base, FIRST_ADMIN.email, FIRST_ADMIN.password, newAddress());
    const row = (await sessionOf(cookie))!;
    const expires = new Date(row.expires_at).getTime();
    expect(expires - new Date(row.created_at).getTime()).toBe(12 * 3_600_000);
    expect(Math.abs(expires - (started + 12 * 3_600_000))).toBeLessThan(60_000);
  });

  it('ends after 30 idle minutes, not before, and activity keeps it alive', async () => {
    const cookie = await staffSignIn(shop.base, FIRST_ADMIN.email, FIRST_ADMIN.password, newAddress());
    const hash = q(hashToken(tokenOf(cookie)));
    const ago = (minutes: number) => q(new Date(Date.now() - minutes * 60_000).toISOString());
    await runSql(shop.db, `UPDATE staff_sessions SET last_seen_at = ${ago(29)} WHERE token_hash = ${hash}`);
    expect((await me(cookie)).status).toBe(200);
    // The request counted as activity: the idle clock started again.
    const touched = new Date((await sessionOf(cookie))!.last_seen_at).getTime();
    expect(Date.now() - touched).toBeLessThan(60_000);
    await runSql(shop.db, `UPDATE staff_sessions SET last_seen_at = ${ago(31)} WHERE token_hash = ${hash}`);
    const refused = await me(cookie);
    expect(refused.status).toBe(401);
    expect(errorOf(await refused.json())).toEqual({ code: 'unauthorized', message: ADMIN_MESSAGES.notSignedIn });
    expect(setCookieValue(refused, 'gc_staff')).toMatch(/Max-Age=0/i);
    // Over means gone: setting the clock back does not bring it back.
    expect(await sessionOf(cookie)).toBeUndefined();
  });

  it('ends at its absolute end even while in use', async () => {
    const cookie = await staffSignIn(shop.base, FIRST_ADMIN.email, FIRST_ADMIN.password, newAddress());
    const hash = q(hashToken(tokenOf(cookie)));
    await runSql(shop.db, `UPDATE staff_sessions SET created_at = ${q(new Date(Date.now() - 12 * 3_600_000 + 60_000).toISOString())}, expires_at = ${q(new Date(Date.now() + 60_000).toISOString())} WHERE token_hash = ${hash}`);
    expect((await me(cookie)).status).toBe(200);
    await runSql(shop.db, `UPDATE staff_sessions SET expires_at = ${q(new Date(Date.now() - 1000).toISOString())}, last_seen_at = ${q(new Date().toISOString())} WHERE token_hash = ${hash}`);
    expect((await me(cookie)).status).toBe(401);
    expect(await sessionOf(cookie)).toBeUndefined();
  });
});

describe('the last super admin', () => {
  it('can be neither deactivated nor given another role (409); with a second one, either may go', async () => {
    expect(await countRows(shop.db, 'staff', `role = 'super_admin' AND active = 1`)).toBe(1);
    for (const body of [{ active: false }, { role: 'order_manager' }, { role: 'analyst', active: false }]) {
      const response = await call(shop.base, `/api/admin/staff/${firstAdminId}`, { method: 'PATCH', body, cookie: firstAdminCookie });
      expect(response.status, JSON.stringify(body)).toBe(409);
      expect(errorOf(await response.json()).code).toBe('last_super_admin');
    }
    const [row] = await runSql<{ role: string; active: number }>(shop.db, `SELECT role, active FROM staff WHERE id = ${q(firstAdminId)}`);
    expect({ role: row!.role, active: Number(row!.active) }).toEqual({ role: 'super_admin', active: 1 });
    expect((await me(firstAdminCookie)).status).toBe(200);

    // A second super admin: now one of them may step down; then the other is the last again.
    const second = await createStaffMember(shop.base, firstAdminCookie, 'super_admin', 'Second Admin');
    const demoted = await call(shop.base, `/api/admin/staff/${second.id}`, { method: 'PATCH', body: { role: 'order_manager' }, cookie: firstAdminCookie });
    expect(demoted.status).toBe(200);
    expect((await call(shop.base, `/api/admin/staff/${firstAdminId}`, { method: 'PATCH', body: { active: false }, cookie: firstAdminCookie })).status).toBe(409);
    // A deactivated super admin does not count.
    const third = await createStaffMember(shop.base, firstAdminCookie, 'super_admin', 'Third Admin');
    await runSql(shop.db, `UPDATE staff SET active = 0 WHERE id = ${q(third.id)}`);
    expect((await call(shop.base, `/api/admin/staff/${firstAdminId}`, { method: 'PATCH', body: { role: 'order_manager' }, cookie: firstAdminCookie })).status).toBe(409);
  });

  // Regression (fixed in 838123e): changeStaff counted the active super admins and then updated without
  // a lock, so on PostgreSQL two of them deactivating each other at once both succeeded and left none.
  it('keeps one active super admin when the last two deactivate each other at the same moment', async () => {
    const own = await startShop({ SHOP_DEMO: '0', ADMIN_EMAIL: 'race.admin@example.com', ADMIN_PASSWORD: FIRST_ADMIN.password });
    try {
      let survivor = { id: await staffIdOf(own.db, 'race.admin@example.com'), cookie: await staffSignIn(own.base, 'race.admin@example.com', FIRST_ADMIN.password) };
      for (let round = 0; round < 2; round += 1) {
        const other = await createStaffMember(own.base, survivor.cookie, 'super_admin', `Rival ${round}`);
        const otherCookie = await staffSignIn(own.base, other.email, other.password);
        const [first, second] = await Promise.all([
          call(own.base, `/api/admin/staff/${other.id}`, { method: 'PATCH', body: { active: false }, cookie: survivor.cookie }),
          call(own.base, `/api/admin/staff/${survivor.id}`, { method: 'PATCH', body: { active: false }, cookie: otherCookie }),
        ]);
        const left = await runSql<{ id: string }>(own.db, `SELECT id FROM staff WHERE role = 'super_admin' AND active = 1`);
        expect(left.length, `round ${round}: ${first.status} and ${second.status}`).toBe(1);
        expect([first.status, second.status].filter((s) => s === 200)).toHaveLength(1);
        survivor = left[0]!.id === survivor.id ? survivor : { id: other.id, cookie: otherCookie };
      }
    } finally {
      await own.server.stop();
    }
  }, 300_000);

  it('answers 404 for an unknown staff id', async () => {
    const response = await call(shop.base, `/api/admin/staff/${randomUUID()}`, { method: 'PATCH', body: { active: false }, cookie: firstAdminCookie });
    expect(response.status).toBe(404);
  });
});

describe('POST /api/admin/staff', () => {
  it("refuses a common password ('password123') with 422 and creates nothing", async () => {
    const email = `common.${randomUUID().slice(0, 8)}@example.com`;
    const response = await call(shop.base, '/api/admin/staff', { body: { email, name: 'Common', role: 'order_manager', password: 'password123' }, cookie: firstAdminCookie });
    expect(response.status).toBe(422);
    const error = errorOf(await response.json());
    expect(error.fields?.password).toBe(ADMIN_MESSAGES.commonPassword);
    expect(await countRows(shop.db, 'staff', `email = ${q(email)}`)).toBe(0);
  });

  it('refuses a short password, a bad role and a taken e-mail (any case)', async () => {
    const short = await call(shop.base, '/api/admin/staff', { body: { email: `s.${randomUUID().slice(0, 8)}@example.com`, name: 'Short', role: 'order_manager', password: 'Ab1!x' }, cookie: firstAdminCookie });
    expect(short.status).toBe(422);
    expect(errorOf(await short.json()).fields?.password).toBe('Password must be at least 6 characters.');
    const role = await call(shop.base, '/api/admin/staff', { body: { email: `r.${randomUUID().slice(0, 8)}@example.com`, name: 'Role', role: 'god', password: STRONG_PASSWORD }, cookie: firstAdminCookie });
    expect(role.status).toBe(422);
    expect(errorOf(await role.json()).fields?.role).toBe(ADMIN_MESSAGES.roleInvalid);
    const taken = await call(shop.base, '/api/admin/staff', { body: { email: FIRST_ADMIN.email.toUpperCase(), name: 'Twin', role: 'order_manager', password: STRONG_PASSWORD }, cookie: firstAdminCookie });
    expect(taken.status).toBe(409);
    expect(errorOf(await taken.json()).message).toBe(ADMIN_MESSAGES.staffEmailTaken);
  });

  // Regression (fixed in 838123e): createStaff looked the e-mail up, then inserted; requests arriving
  // together hit the unique index and answered 500 instead of 409.
  it('answers 409, never 500, to simultaneous creations of one e-mail (any case) but the first', async () => {
    const email = `twin.${randomUUID().slice(0, 8)}@example.com`;
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call(shop.base, '/api/admin/staff', { body: { email: i % 2 ? email.toUpperCase() : email, name: 'Twin', role: 'analyst', password: STRONG_PASSWORD }, cookie: firstAdminCookie }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    expect(await countRows(shop.db, 'staff', `lower(email) = ${q(email)}`)).toBe(1);
  });

  it('creates an account that signs in with its role, audited with who made it', async () => {
    const member = await createStaffMember(shop.base, firstAdminCookie, 'product_manager', 'Priya New');
    const cookie = await staffSignIn(shop.base, member.email, member.password, newAddress());
    const body = (await (await me(cookie)).json()) as { admin: { role: string; permissions: string[] } };
    expect(body.admin).toMatchObject({ role: 'product_manager', permissions: ['manage_products'] });
    const [created] = (await auditOf(shop.db, member.id)).filter((a) => a.action === 'staff.create');
    expect(created).toMatchObject({ actor_id: firstAdminId, after: { email: member.email, role: 'product_manager' } });
    expect(JSON.stringify(created)).not.toMatch(/argon|password/i);
  });
});

describe('the first admin from ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  it('is created once at the first start and never overwritten by a later start with another password', async () => {
    const db = await createTestDatabase();
    const email = 'boot.admin@example.com';
    const first = await startShop({ SHOP_DEMO: '0', ADMIN_EMAIL: email, ADMIN_PASSWORD: 'Copper-Kettle-Sunrise-41' }, db);
    try {
      expect(await countRows(db, 'staff')).toBe(1);
      const [row] = await runSql<{ role: string; active: number }>(db, `SELECT role, active FROM staff WHERE email = ${q(email)}`);
      expect({ role: row!.role, active: Number(row!.active) }).toEqual({ role: 'super_admin', active: 1 });
      expect(first.server.logLines().some((l) => l.msg === 'first admin created' || JSON.stringify(l).includes('first admin created'))).toBe(true);
      expect((await staffLogin(first.base, email, 'Copper-Kettle-Sunrise-41')).status).toBe(200);
    } finally {
      await first.server.stop();
    }
    const second = await startShop({ SHOP_DEMO: '0', ADMIN_EMAIL: email, ADMIN_PASSWORD: 'Velvet-Harbour-Morning-77' }, db);
    try {
      expect(await countRows(db, 'staff')).toBe(1);
      expect(second.server.output()).not.toContain('first admin created');
      expect((await staffLogin(second.base, email, 'Copper-Kettle-Sunrise-41')).status).toBe(200);
      expect((await staffLogin(second.base, email, 'Velvet-Harbour-Morning-77')).status).toBe(401);
      expect(await countRows(db, 'audit_log', `action = 'staff.create'`)).toBe(1);
    } finally {
      await second.server.stop();
    }
  }, 300_000);
});

describe('the Secure flag', () => {
  it('is set on the staff cookie when SITE_URL is https', async () => {
    const secure = await startShop({ SITE_URL: 'https://shop.example.com' });
    try {
      const response = await call(secure.base, '/api/admin/auth/login', { body: { email: 'admin@example.com', password: 'Demo-Admin-2026' } });
      expect(response.status).toBe(200);
      const cookie = setCookieValue(response, 'gc_staff')!;
      expect(cookie.split(';').map((a) => a.trim().toLowerCase())).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=strict']));
      const logout = await call(secure.base, '/api/admin/auth/logout', { method: 'POST', cookie: cookie.split(';')[0] });
      expect(setCookieValue(logout, 'gc_staff')).toMatch(/;\s*Secure/i);
    } finally {
      await secure.server.stop();
    }
  }, 180_000);
});

describe('redirects that depend on the session', () => {
  /** GET a page without following its redirect. */
  const page = (path: string, cookie?: string) => fetch(`${shop.base}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

  it('are never stored by a cache (Cache-Control: no-store): /admin/login signed in, /admin/dashboard signed out, and a role sent to its first view', async () => {
    const member = await createStaffMember(shop.base, firstAdminCookie, 'order_manager', 'Redirected Member');
    const memberCookie = await staffSignIn(shop.base, member.email, member.password, newAddress());
    const cases: [string, string | undefined, string][] = [
      ['/admin/login', firstAdminCookie, '/admin/dashboard'],
      ['/admin/dashboard', undefined, '/admin/login'],
      ['/admin/dashboard/orders', undefined, '/admin/login'],
      ['/admin/dashboard', memberCookie, '/admin/dashboard/orders'],
    ];
    for (const [path, cookie, to] of cases) {
      const response = await page(path, cookie);
      expect(response.status, path).toBe(302);
      expect(new URL(response.headers.get('location')!, shop.base).pathname, path).toBe(to);
      expect(response.headers.get('cache-control'), `${path} ${cookie ? 'signed in' : 'signed out'}`).toBe('no-store');
    }
  });
});
