import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../src/lib/schemas/admin';
import { auditPageSchema, STAFF_MESSAGES, staffListSchema, type AuditEntry } from '../../src/lib/schemas/admin-staff';
import {
  call,
  countRows,
  createStaffMember,
  hashToken,
  placeOrder,
  staffIdOf,
  staffLogin,
  staffSignIn,
  startShop,
  STRONG_PASSWORD,
  type Shop,
} from './helpers/admin';
import { errorOf } from './helpers/http';
import { readDeliveredMails } from './helpers/mail';
import { fetchProducts, q, setStock } from './helpers/orders';
import { runSql } from './helpers/sql';

/**
 * Staff accounts and the audit log (issue #13 items 2 and 6; API.md "Back office", super_admin):
 * the staff list, adding a member with or without a first password, role changes and deactivation
 * ending sessions at once, the last super admin (also under a race), e-mailed single-use expiring
 * password links and their page, and the audit view's filters.
 */

const FIRST_ADMIN = { email: 'boss@example.com', password: 'Copper-Kettle-Sunrise-41', name: 'Administrator' };
const NEW_PASSWORD = 'Granite-Lantern-Orchid-58';

let shop: Shop;
let mailDir: string;
let bossCookie: string;
let bossId: string;
let addressCounter = 0;

/** A client address of its own (X-Forwarded-For), so per-address sign-in limits never mix tests. */
function newAddress(): Record<string, string> {
  addressCounter += 1;
  return { 'x-forwarded-for': `203.0.113.${addressCounter}` };
}

/** GET /api/admin/auth/me with a cookie. */
function me(cookie: string): Promise<Response> {
  return call(shop.base, '/api/admin/auth/me', { cookie });
}

/** Waits for the staff password mail to `email` with this subject start and returns the token of its link. */
async function deliveredLink(email: string, subjectStart: string, skip = 0): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(
      () => {
        const mails = readDeliveredMails(mailDir).filter((m) => m.to === email && m.subject.startsWith(subjectStart));
        const mail = mails[skip];
        token = mail && /\/admin\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
        return token;
      },
      { timeout: 15_000, interval: 50, message: `a '${subjectStart}' mail to ${email}` },
    )
    .toBeTruthy();
  return token!;
}

/** POST /api/admin/staff/:id/reset-link as the first admin. */
function sendReset(id: string, cookie = bossCookie): Promise<Response> {
  return call(shop.base, `/api/admin/staff/${id}/reset-link`, { method: 'POST', cookie });
}

/** POST /api/admin/auth/reset-password. */
function setPassword(token: string, password: string, confirmPassword = password): Promise<Response> {
  return call(shop.base, '/api/admin/auth/reset-password', { body: { token, password, confirmPassword } });
}

/** GET /api/admin/audit with a query, parsed with the contract's schema. */
async function audit(query: Record<string, string> = {}, cookie = bossCookie) {
  const response = await call(shop.base, `/api/admin/audit?${new URLSearchParams(query)}`, { cookie });
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(200);
  return auditPageSchema.parse(json);
}

/** PATCH /api/admin/staff/:id. */
function patchStaff(id: string, body: unknown, cookie = bossCookie): Promise<Response> {
  return call(shop.base, `/api/admin/staff/${id}`, { method: 'PATCH', body, cookie });
}

beforeAll(async () => {
  mailDir = mkdtempSync(join(tmpdir(), 'shop-staff-mail-'));
  shop = await startShop({ SHOP_DEMO: '0', TRUST_PROXY: '1', ADMIN_EMAIL: FIRST_ADMIN.email, ADMIN_PASSWORD: FIRST_ADMIN.password, MAIL_DIR: mailDir });
  bossCookie = await staffSignIn(shop.base, FIRST_ADMIN.email, FIRST_ADMIN.password, newAddress());
  bossId = await staffIdOf(shop.db, FIRST_ADMIN.email);
});

afterAll(async () => {
  await shop?.server.stop();
});

describe('GET /api/admin/staff', () => {
  it('lists every member with role, permissions, active state and last sign-in, never a password hash', async () => {
    const member = await createStaffMember(shop.base, bossCookie, 'analyst', 'Listed Analyst');
    const response = await call(shop.base, '/api/admin/staff', { cookie: bossCookie });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toMatch(/argon|password_hash|passwordHash/i);
    const { staff } = staffListSchema.parse(JSON.parse(text));
    expect(staff.find((s) => s.id === bossId)).toMatchObject({ email: FIRST_ADMIN.email, role: 'super_admin', active: true, lastLogin: expect.any(String) });
    expect(staff.find((s) => s.id === member.id)).toMatchObject({ name: 'Listed Analyst', role: 'analyst', permissions: ['view_analytics'], active: true, lastLogin: null });
  });
});

describe('POST /api/admin/staff', () => {
  it('adds a member with a first password: 201, they sign in with their role, audited with who added them', async () => {
    const email = `oscar.${randomUUID().slice(0, 8)}@example.com`;
    const response = await call(shop.base, '/api/admin/staff', { body: { name: ' Oscar Orders ', email, role: 'order_manager', password: STRONG_PASSWORD }, cookie: bossCookie });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { admin: { id: string; name: string; role: string; permissions: string[] }; invited: boolean };
    expect(body).toMatchObject({ admin: { name: 'Oscar Orders', role: 'order_manager', permissions: ['manage_orders'] }, invited: false });
    const cookie = await staffSignIn(shop.base, email, STRONG_PASSWORD, newAddress());
    expect((await call(shop.base, '/api/admin/orders', { cookie })).status).toBe(200);
    expect((await call(shop.base, '/api/admin/staff', { cookie })).status).toBe(403);
    const { entries } = await audit({ kind: 'staff' });
    expect(entries.find((e) => e.action === 'staff.create' && e.entityId === body.admin.id)).toMatchObject({
      actor: { id: bossId, name: FIRST_ADMIN.name },
      entityName: 'Oscar Orders',
      before: null,
      after: { email, role: 'order_manager', active: true },
    });
  });

  it('adds a member without a password: they are e-mailed a single-use link, cannot sign in until they use it, then can', async () => {
    const email = `ivy.${randomUUID().slice(0, 8)}@example.com`;
    const response = await call(shop.base, '/api/admin/staff', { body: { name: 'Ivy Invite', email, role: 'product_manager', password: '' }, cookie: bossCookie });
    expect(response.status).toBe(201);
    const { admin, invited } = (await response.json()) as { admin: { id: string }; invited: boolean };
    expect(invited).toBe(true);
    const token = await deliveredLink(email, 'Set up your');
    const mail = readDeliveredMails(mailDir).find((m) => m.to === email)!;
    expect(mail.body).toContain(`Administrator added you`);
    expect(mail.body).toContain('expires in 72 hours');
    // Only the token's hash is stored.
    expect(await countRows(shop.db, 'staff_password_tokens', `token_hash = ${q(hashToken(token))} AND purpose = 'invite'`)).toBe(1);
    expect(await countRows(shop.db, 'staff_password_tokens', `token_hash = ${q(token)}`)).toBe(0);
    expect((await staffLogin(shop.base, email, NEW_PASSWORD, newAddress())).status).toBe(401);

    expect((await setPassword(token, NEW_PASSWORD)).status).toBe(204);
    const cookie = await staffSignIn(shop.base, email, NEW_PASSWORD, newAddress());
    expect((await call(shop.base, '/api/admin/products', { cookie })).status).toBe(200);
    const again = await setPassword(token, 'Another-Fine-Password-7');
    expect(again.status).toBe(400);
    expect(errorOf(await again.json())).toEqual({ code: 'token_used', message: STAFF_MESSAGES.linkUsed });
    const { entries } = await audit({ kind: 'auth', actor: admin.id });
    expect(entries.map((e) => e.action)).toEqual(['staff.sign_in', 'staff.password_set']);
    expect((await audit({ kind: 'staff' })).entries.find((e) => e.action === 'staff.invite_sent' && e.entityId === admin.id)).toMatchObject({
      actor: { id: bossId },
      after: { sentTo: email },
    });
  });

  it('refuses a short password, a common one and a bad role with 422 and the admin messages, creating nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: 'Ab1!x' }, 'password', 'Password must be at least 6 characters.'],
      [{ password: 'password123' }, 'password', ADMIN_MESSAGES.commonPassword],
      [{ role: 'owner' }, 'role', ADMIN_MESSAGES.roleInvalid],
      [{ name: '  ' }, 'name', ADMIN_MESSAGES.nameRequired],
      [{ email: 'not-an-email' }, 'email', ADMIN_MESSAGES.email],
    ];
    for (const [change, field, message] of cases) {
      const email = `refused.${randomUUID().slice(0, 8)}@example.com`;
      const response = await call(shop.base, '/api/admin/staff', { body: { name: 'Refused', email, role: 'analyst', password: STRONG_PASSWORD, ...change }, cookie: bossCookie });
      expect(response.status, JSON.stringify(change)).toBe(422);
      expect(errorOf(await response.json()).fields?.[field], JSON.stringify(change)).toBe(message);
      expect(await countRows(shop.db, 'staff', `email = ${q(email)}`)).toBe(0);
    }
  });
});

describe('PATCH /api/admin/staff/:id', () => {
  it('changing the role ends every session of the member at once, and the new role applies at the next sign-in', async () => {
    const member = await createStaffMember(shop.base, bossCookie, 'order_manager', 'Role Swap');
    const cookies = [await staffSignIn(shop.base, member.email, member.password, newAddress()), await staffSignIn(shop.base, member.email, member.password, newAddress())];
    const response = await patchStaff(member.id, { role: 'product_manager' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { admin: { role: string; active: boolean } }).admin).toMatchObject({ role: 'product_manager', active: true });
    for (const cookie of cookies) expect((await me(cookie)).status).toBe(401);
    expect(await countRows(shop.db, 'staff_sessions', `staff_id = ${q(member.id)}`)).toBe(0);
    const fresh = await staffSignIn(shop.base, member.email, member.password, newAddress());
    expect((await call(shop.base, '/api/admin/orders', { cookie: fresh })).status).toBe(403);
    expect((await call(shop.base, '/api/admin/products', { cookie: fresh })).status).toBe(200);
    const entry = (await audit({ kind: 'staff' })).entries.find((e) => e.action === 'staff.update' && e.entityId === member.id);
    expect(entry).toMatchObject({ actor: { id: bossId }, before: { role: 'order_manager', active: true }, after: { role: 'product_manager', active: true } });
  });

  it('deactivating signs the member out and refuses their sign-in (403); reactivating lets them sign in again; both audited', async () => {
    const member = await createStaffMember(shop.base, bossCookie, 'analyst', 'On Off');
    const cookie = await staffSignIn(shop.base, member.email, member.password, newAddress());
    expect((await patchStaff(member.id, { active: false })).status).toBe(200);
    expect((await me(cookie)).status).toBe(401);
    const refused = await staffLogin(shop.base, member.email, member.password, newAddress());
    expect(refused.status).toBe(403);
    expect(errorOf(await refused.json()).message).toBe(ADMIN_MESSAGES.deactivated);
    const listed = staffListSchema.parse(await (await call(shop.base, '/api/admin/staff', { cookie: bossCookie })).json()).staff.find((s) => s.id === member.id);
    expect(listed?.active).toBe(false);
    expect((await patchStaff(member.id, { active: true })).status).toBe(200);
    expect((await me(cookie)).status).toBe(401);
    expect((await me(await staffSignIn(shop.base, member.email, member.password, newAddress()))).status).toBe(200);
    const updates = (await audit({ kind: 'staff' })).entries.filter((e) => e.action === 'staff.update' && e.entityId === member.id);
    // Newest first.
    expect(updates.map((e) => [e.before, e.after])).toEqual([
      [{ role: 'analyst', active: false }, { role: 'analyst', active: true }],
      [{ role: 'analyst', active: true }, { role: 'analyst', active: false }],
    ]);
  });

  it('refuses to deactivate or demote the last active super admin with 409 and a clear message, changing nothing', async () => {
    expect(await countRows(shop.db, 'staff', `role = 'super_admin' AND active = 1`)).toBe(1);
    const before = await countRows(shop.db, 'audit_log', `action = 'staff.update'`);
    for (const body of [{ active: false }, { role: 'order_manager' }]) {
      const response = await patchStaff(bossId, body);
      expect(response.status).toBe(409);
      expect(errorOf(await response.json())).toEqual({ code: 'last_super_admin', message: STAFF_MESSAGES.lastSuperAdmin });
    }
    expect((await me(bossCookie)).status).toBe(200);
    expect(await countRows(shop.db, 'audit_log', `action = 'staff.update'`)).toBe(before);
  });

  it('refuses a change with nothing in it (422) and an unknown member (404)', async () => {
    const member = await createStaffMember(shop.base, bossCookie, 'analyst', 'Nothing');
    expect((await patchStaff(member.id, {})).status).toBe(422);
    expect((await patchStaff(member.id, { role: 'emperor' })).status).toBe(422);
    const unknown = await patchStaff(randomUUID(), { active: false });
    expect(unknown.status).toBe(404);
    expect(errorOf(await unknown.json()).message).toBe(STAFF_MESSAGES.staffNotFound);
  });
});

describe('the last super admin under a race', () => {
  it('keeps exactly one when the last two super admins demote each other at the same moment', async () => {
    const own = await startShop({ SHOP_DEMO: '0', TRUST_PROXY: '1', ADMIN_EMAIL: 'race@example.com', ADMIN_PASSWORD: FIRST_ADMIN.password });
    try {
      let survivor = { id: await staffIdOf(own.db, 'race@example.com'), cookie: await staffSignIn(own.base, 'race@example.com', FIRST_ADMIN.password) };
      for (let round = 0; round < 3; round += 1) {
        const other = await createStaffMember(own.base, survivor.cookie, 'super_admin', `Rival ${round}`);
        const otherCookie = await staffSignIn(own.base, other.email, other.password);
        const [first, second] = await Promise.all([
          call(own.base, `/api/admin/staff/${other.id}`, { method: 'PATCH', body: { role: 'order_manager' }, cookie: survivor.cookie }),
          call(own.base, `/api/admin/staff/${survivor.id}`, { method: 'PATCH', body: { role: 'order_manager' }, cookie: otherCookie }),
        ]);
        const statuses = [first.status, second.status];
        const left = await runSql<{ id: string }>(own.db, `SELECT id FROM staff WHERE role = 'super_admin' AND active = 1`);
        expect(left.length, `round ${round}: ${statuses.join(' and ')}`).toBe(1);
        expect(statuses.filter((s) => s === 200), `round ${round}`).toHaveLength(1);
        // The loser is refused: the last super admin (409), or no longer a super admin by then (403 or 401).
        expect([401, 403, 409], `round ${round}`).toContain(statuses.find((s) => s !== 200));
        expect(await countRows(own.db, 'audit_log', `action = 'staff.update'`)).toBe(round + 1);
        survivor = left[0]!.id === survivor.id ? survivor : { id: other.id, cookie: otherCookie };
        expect((await call(own.base, '/api/admin/staff', { cookie: survivor.cookie })).status).toBe(200);
      }
    } finally {
      await own.server.stop();
    }
  }, 300_000);
});

describe('password reset links', () => {
  it('e-mails a single-use link that works for an hour: the new password works, the old one and every session end', async () => {
    const member = await createStaffMember(shop.base, bossCookie, 'order_manager', 'Rita Reset');
    const session = await staffSignIn(shop.base, member.email, member.password, newAddress());
    const sentAt = Date.now();
    const response = await sendReset(member.id);
    expect(response.status).toBe(202);
    const sent = (await response.json()) as { sentTo: string; expiresAt: string };
    expect(sent.sentTo).toBe(member.email);
    expect(Math.abs(Date.parse(sent.expiresAt) - (sentAt + 3_600_000))).toBeLessThan(60_000);
    const token = await deliveredLink(member.email, 'Reset your');
    const mail = readDeliveredMails(mailDir).find((m) => m.to === member.email && m.subject.startsWith('Reset your'))!;
    expect(mail.subject).toBe('Reset your Graphene Coatings back-office password');
    expect(mail.body).toContain('expires in 1 hour');
    // Sending the link alone changes nothing for the member.
    expect((await me(session)).status).toBe(200);

    const page = await fetch(`${shop.base}/admin/reset-password?token=${token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Set a New Password');
    expect(html).toContain(member.email);
    expect(html).toMatch(/noindex/);

    expect((await setPassword(token, NEW_PASSWORD)).status).toBe(204);
    expect((await me(session)).status).toBe(401);
    expect((await staffLogin(shop.base, member.email, member.password, newAddress())).status).toBe(401);
    expect((await staffLogin(shop.base, member.email, NEW_PASSWORD, newAddress())).status).toBe(200);

    const reused = await setPassword(token, 'Yet-Another-Password-9');
    expect(reused.status).toBe(400);
    expect(errorOf(await reused.json()).code).toBe('token_used');
    expect(await (await fetch(`${shop.base}/admin/reset-password?token=${token}`)).text()).toContain(STAFF_MESSAGES.linkUsed.replace(/'/g, '&#39;'));
    const entries = (await audit({ actor: member.id, kind: 'auth' })).entries.map((e) => e.action);
    expect(entries).toContain('staff.password_set');
    expect((await audit({ kind: 'staff' })).entries.find((e) => e.action === 'staff.reset_link_sent' && e.entityId === member.id)).toMatchObject({ actor: { id: bossId }, after: { sentTo: member.email } });
  });

  it('lets only one of two requests racing with one link set the password', async () => {
    const member = await createStaffMember(shop.base, bossCookie, 'analyst', 'Racing Link');
    expect((await sendReset(member.id)).status).toBe(202);
    const token = await deliveredLink(member.email, 'Reset your');
    const answers = await Promise.all([setPassword(token, 'Racing-Password-One-1'), setPassword(token, 'Racing-Password-Two-2')]);
    expect(answers.map((a) => a.status).sort()).toEqual([204, 400]);
  });

  it('refuses an expired link, an unknown link, and the older link once a newer one is sent (400, password unchanged)', async () => {
    const member = await createStaffMember(shop.base, bossCookie, 'analyst', 'Edgar Expired');
    expect((await sendReset(member.id)).status).toBe(202);
    const older = await deliveredLink(member.email, 'Reset your', 0);
    expect((await sendReset(member.id)).status).toBe(202);
    const newer = await deliveredLink(member.email, 'Reset your', 1);
    expect(newer).not.toBe(older);
    const old = await setPassword(older, NEW_PASSWORD);
    expect(old.status).toBe(400);
    expect(errorOf(await old.json()).code).toBe('token_used');

    await runSql(shop.db, `UPDATE staff_password_tokens SET expires_at = ${q(new Date(Date.now() - 1000).toISOString())} WHERE token_hash = ${q(hashToken(newer))}`);
    const expired = await setPassword(newer, NEW_PASSWORD);
    expect(expired.status).toBe(400);
    expect(errorOf(await expired.json())).toEqual({ code: 'token_expired', message: STAFF_MESSAGES.linkExpired });
    expect(await (await fetch(`${shop.base}/admin/reset-password?token=${newer}`)).text()).toContain('expired');

    const unknown = await setPassword('A'.repeat(43), NEW_PASSWORD);
    expect(unknown.status).toBe(400);
    expect(errorOf(await unknown.json())).toEqual({ code: 'invalid_token', message: STAFF_MESSAGES.linkInvalid });
    expect((await staffLogin(shop.base, member.email, member.password, newAddress())).status).toBe(200);
  });

  it('applies the admin password rules: at least 6 characters, common passwords refused, both typed alike', async () => {
    const member = await createStaffMember(shop.base, bossCookie, 'analyst', 'Rules Apply');
    expect((await sendReset(member.id)).status).toBe(202);
    const token = await deliveredLink(member.email, 'Reset your');
    const short = await setPassword(token, 'Ab1!x');
    expect(short.status).toBe(422);
    expect(errorOf(await short.json()).fields?.password).toBe('Password must be at least 6 characters.');
    const common = await setPassword(token, 'password123');
    expect(common.status).toBe(422);
    expect(errorOf(await common.json()).fields?.password).toBe(ADMIN_MESSAGES.commonPassword);
    const mismatch = await setPassword(token, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(mismatch.status).toBe(422);
    expect(errorOf(await mismatch.json()).fields?.confirmPassword).toBe(STAFF_MESSAGES.passwordsDontMatch);
    // None of the refusals spent the link.
    expect((await setPassword(token, NEW_PASSWORD)).status).toBe(204);
  });

  it('sends no link to a deactivated member (409), and deactivating spends the links already sent', async () => {
    const member = await createStaffMember(shop.base, bossCookie, 'analyst', 'Dee Activated');
    expect((await sendReset(member.id)).status).toBe(202);
    const token = await deliveredLink(member.email, 'Reset your');
    expect((await patchStaff(member.id, { active: false })).status).toBe(200);
    const refused = await setPassword(token, NEW_PASSWORD);
    expect(refused.status).toBe(400);
    const outboxBefore = await countRows(shop.db, 'outbox');
    const again = await sendReset(member.id);
    expect(again.status).toBe(409);
    expect(errorOf(await again.json()).message).toBe(STAFF_MESSAGES.resetInactive);
    expect(await countRows(shop.db, 'outbox')).toBe(outboxBefore);
    expect((await sendReset(randomUUID())).status).toBe(404);
  });
});

describe('GET /api/admin/audit', () => {
  /** Entries of the whole log (every page). */
  async function everything(query: Record<string, string> = {}): Promise<AuditEntry[]> {
    const first = await audit({ ...query, pageSize: '100' });
    const all = [...first.entries];
    for (let page = 2; all.length < first.total; page += 1) all.push(...(await audit({ ...query, pageSize: '100', page: String(page) })).entries);
    return all;
  }

  it('pages the log newest first, each entry with who, what, when and before/after', async () => {
    const all = await everything();
    expect(all.length).toBeGreaterThan(10);
    const times = all.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    const first = await audit({ pageSize: '5' });
    const second = await audit({ pageSize: '5', page: '2' });
    expect(first.total).toBe(all.length);
    expect(first.entries.map((e) => e.id)).toEqual(all.slice(0, 5).map((e) => e.id));
    expect(second.entries.map((e) => e.id)).toEqual(all.slice(5, 10).map((e) => e.id));
    expect(first.pageSize).toBe(5);
    // The default page is 25 long.
    expect((await audit()).pageSize).toBe(25);
  });

  it('filters by staff member, the system, kind and date range, each alone and together', async () => {
    // A second super admin's own actions, and an order approved.
    const other = await createStaffMember(shop.base, bossCookie, 'super_admin', 'Second Boss');
    const otherCookie = await staffSignIn(shop.base, other.email, other.password, newAddress());
    const target = await createStaffMember(shop.base, otherCookie, 'analyst', 'Made By Second');
    const product = (await fetchProducts(shop.base)).find((p) => !p.requestQuoteOnly && p.inStock)!;
    await setStock(shop.db, product.id, 100);
    const order = await placeOrder(shop.base, [{ productId: product.id, quantity: 1 }]);
    expect((await call(shop.base, `/api/admin/orders/${order.id}/approve`, { method: 'POST', cookie: otherCookie })).status).toBe(200);

    const bySecond = await everything({ actor: other.id });
    expect(bySecond.map((e) => e.action)).toEqual(['order.approve', 'staff.create', 'staff.sign_in']);
    expect(bySecond.every((e) => e.actor.id === other.id && e.actor.name === 'Second Boss')).toBe(true);
    expect(bySecond[0]).toMatchObject({ kind: 'order', entityId: order.id, before: { status: 'pending', orderNumber: order.orderNumber }, after: { status: 'approved' } });
    expect(bySecond[1]).toMatchObject({ kind: 'staff', entityId: target.id, entityName: 'Made By Second' });

    const orders = await everything({ kind: 'order' });
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((e) => e.entityType === 'order')).toBe(true);
    const auth = await everything({ kind: 'auth' });
    expect(new Set(auth.map((e) => e.action))).toEqual(new Set(['staff.sign_in', 'staff.password_set']));
    const staff = await everything({ kind: 'staff' });
    expect(staff.some((e) => e.action === 'staff.sign_in')).toBe(false);
    expect(staff.every((e) => e.entityType === 'staff')).toBe(true);
    expect(await everything({ actor: other.id, kind: 'order' })).toHaveLength(1);
    // The first admin's creation at start-up was the system's.
    expect((await everything({ actor: 'system' })).map((e) => e.action)).toContain('staff.create');

    // Two of the second admin's entries moved to a known day: the range keeps exactly them (days are UTC and included).
    const moved = bySecond.slice(1).map((e) => e.id);
    await runSql(shop.db, `UPDATE audit_log SET at = '2026-01-15T23:59:59.000Z' WHERE id = ${q(moved[0]!)}`);
    await runSql(shop.db, `UPDATE audit_log SET at = '2026-01-15T00:00:00.000Z' WHERE id = ${q(moved[1]!)}`);
    expect((await everything({ from: '2026-01-15', to: '2026-01-15' })).map((e) => e.id)).toEqual(moved);
    expect(await everything({ from: '2026-01-16', to: '2026-01-16' })).toEqual([]);
    expect(await everything({ to: '2026-01-14' })).toEqual([]);
    expect((await everything({ from: '2026-01-15T12:00:00Z', to: '2026-01-16T00:00:00Z' })).map((e) => e.id)).toEqual([moved[0]]);
    expect((await everything({ actor: other.id, from: '2026-01-16' })).map((e) => e.action)).toEqual(['order.approve']);
  });

  it('refuses filters it cannot read with 422 rather than showing more than asked', async () => {
    for (const query of [{ kind: 'everything' }, { from: 'yesterday' }, { to: '2026-13-45T99' }] as Record<string, string>[]) {
      const response = await call(shop.base, `/api/admin/audit?${new URLSearchParams(query)}`, { cookie: bossCookie });
      expect(response.status, JSON.stringify(query)).toBe(422);
    }
  });

  it('refuses a day or time that is not on the calendar (2026-13-45, 30 February) with 422 and a field message, never 500', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ from: '2026-13-45' }, 'from'],
      [{ to: '2026-02-30' }, 'to'],
      [{ from: '2026-02-30T10:00:00Z' }, 'from'],
      [{ to: '2026-00-10' }, 'to'],
    ];
    for (const [query, field] of cases) {
      const response = await call(shop.base, `/api/admin/audit?${new URLSearchParams(query)}`, { cookie: bossCookie });
      const json = await response.json();
      expect(response.status, JSON.stringify(query)).toBe(422);
      expect(json.error.code).toBe('invalid_fields');
      expect(json.error.fields[field]).toBe('Please give a date (YYYY-MM-DD) or a time (ISO 8601).');
    }
  });

  it('is for super admins only', async () => {
    const member = await createStaffMember(shop.base, bossCookie, 'order_manager', 'Not Boss');
    const cookie = await staffSignIn(shop.base, member.email, member.password, newAddress());
    expect((await call(shop.base, '/api/admin/audit', { cookie })).status).toBe(403);
    expect((await call(shop.base, `/api/admin/staff/${member.id}/reset-link`, { method: 'POST', cookie })).status).toBe(403);
    expect((await call(shop.base, '/api/admin/audit')).status).toBe(401);
  });
});
