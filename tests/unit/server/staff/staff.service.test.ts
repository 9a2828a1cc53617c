import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAFF_SESSION_ABSOLUTE_MS, STAFF_SESSION_IDLE_MS } from '../../../../src/lib/constants';
import { ADMIN_MESSAGES, canTransition, ORDER_TRANSITIONS, permissionsOf, STAFF_ROLES } from '../../../../src/lib/schemas/admin';
import { SYSTEM_ACTOR } from '../../../../src/server/audit/audit.service';
import { openDatabase, type DatabaseHandle } from '../../../../src/server/db/connection';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { ApiError } from '../../../../src/server/http/errors';
import {
  changeStaff,
  createStaff,
  ensureFirstAdmin,
  resolveStaffSession,
  signInStaff,
  validateNewStaff,
} from '../../../../src/server/staff/staff.service';
import { ORDER_STATUSES } from '../../../../src/lib/constants';

let handle: DatabaseHandle;

beforeEach(async () => {
  handle = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'shop-staff-db-')), 'shop.db') });
  await migrateToLatest(handle.db);
});

afterEach(async () => {
  await handle.close();
});

/** The ApiError a promise rejects with. */
async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('roles', () => {
  it('gives super_admin all four permissions and the narrower roles one each', () => {
    expect([...permissionsOf('super_admin')].sort()).toEqual(['manage_orders', 'manage_products', 'manage_users', 'view_analytics']);
    expect(permissionsOf('order_manager')).toEqual(['manage_orders']);
    expect(permissionsOf('product_manager')).toEqual(['manage_products']);
    expect(STAFF_ROLES.length).toBeGreaterThanOrEqual(3);
  });
});

describe('the order state machine', () => {
  it('allows exactly pending → approved|declined|cancelled, approved → processing|cancelled, processing → shipped|cancelled, shipped → delivered', () => {
    const allowed = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`));
    expect(allowed.sort()).toEqual(
      ['pending→approved', 'pending→declined', 'pending→cancelled', 'approved→processing', 'approved→cancelled', 'processing→shipped', 'processing→cancelled', 'shipped→delivered'].sort(),
    );
    for (const final of ['declined', 'delivered', 'cancelled'] as const) expect(ORDER_TRANSITIONS[final]).toEqual([]);
  });
});

describe('new staff accounts', () => {
  it('refuses a short, a common or a badly formed account with the admin messages', () => {
    expect(validateNewStaff({ email: 'nope', name: '', role: 'owner', password: '12345' })).toEqual({
      email: ADMIN_MESSAGES.email,
      name: ADMIN_MESSAGES.nameRequired,
      role: ADMIN_MESSAGES.roleInvalid,
      password: ADMIN_MESSAGES.passwordMin,
    });
    expect(validateNewStaff({ email: 'a@b.co', name: 'A', role: 'analyst', password: 'admin123' })).toEqual({ password: ADMIN_MESSAGES.commonPassword });
    expect(validateNewStaff({ email: 'a@b.co', name: 'A', role: 'analyst', password: 'Gr8!kq' })).toEqual({});
  });

  it('creates the first admin once and never overwrites it', async () => {
    expect(await ensureFirstAdmin(handle.db, 'Boss@Example.com', 'Graphene!Primer#88')).toBe(true);
    expect(await ensureFirstAdmin(handle.db, 'boss@example.com', 'Another!Secret#99')).toBe(false);
    const signedIn = await signInStaff(handle.db, { email: 'boss@example.com', password: 'Graphene!Primer#88' });
    expect(signedIn.admin.role).toBe('super_admin');
    const err = await rejection(signInStaff(handle.db, { email: 'boss@example.com', password: 'Another!Secret#99' }));
    expect(err.status).toBe(401);
  });

  it('refuses an e-mail already taken in any case (409)', async () => {
    await createStaff(handle.db, { email: 'omar@example.com', name: 'Omar', role: 'order_manager', password: 'Orders!Desk#42' }, SYSTEM_ACTOR);
    const err = await rejection(createStaff(handle.db, { email: 'OMAR@example.com', name: 'Omar 2', role: 'analyst', password: 'Orders!Desk#42' }, SYSTEM_ACTOR));
    expect(err.status).toBe(409);
  });
});

describe('staff sessions', () => {
  it('end after 30 minutes idle and 12 hours after sign-in, however active', async () => {
    await createStaff(handle.db, { email: 'dana@example.com', name: 'Dana', role: 'super_admin', password: 'Dana!Admin#2026' }, SYSTEM_ACTOR);
    const start = new Date('2026-11-23T08:00:00Z');
    const { token } = await signInStaff(handle.db, { email: 'dana@example.com', password: 'Dana!Admin#2026' }, { now: start });
    expect(await resolveStaffSession(handle.db, token, new Date(start.getTime() + STAFF_SESSION_IDLE_MS - 1000))).toBeDefined();
    // Kept alive by a request every 20 minutes...
    let now = start.getTime();
    while (now + 20 * 60_000 < start.getTime() + STAFF_SESSION_ABSOLUTE_MS) {
      now += 20 * 60_000;
      expect(await resolveStaffSession(handle.db, token, new Date(now))).toBeDefined();
    }
    // ...until the absolute end.
    expect(await resolveStaffSession(handle.db, token, new Date(start.getTime() + STAFF_SESSION_ABSOLUTE_MS))).toBeUndefined();

    const second = await signInStaff(handle.db, { email: 'dana@example.com', password: 'Dana!Admin#2026' }, { now: start });
    expect(await resolveStaffSession(handle.db, second.token, new Date(start.getTime() + STAFF_SESSION_IDLE_MS + 61_000))).toBeUndefined();
  });

  it('are revoked at once when the role changes or the account is deactivated', async () => {
    const boss = await createStaff(handle.db, { email: 'boss@example.com', name: 'Boss', role: 'super_admin', password: 'Boss!Admin#2026' }, SYSTEM_ACTOR);
    const omar = await createStaff(handle.db, { email: 'omar@example.com', name: 'Omar', role: 'order_manager', password: 'Orders!Desk#42' }, SYSTEM_ACTOR);
    const first = await signInStaff(handle.db, { email: 'omar@example.com', password: 'Orders!Desk#42' });
    await changeStaff(handle.db, omar.id, { role: 'analyst' }, { id: boss.id, name: boss.name });
    expect(await resolveStaffSession(handle.db, first.token)).toBeUndefined();
    const second = await signInStaff(handle.db, { email: 'omar@example.com', password: 'Orders!Desk#42' });
    expect((await resolveStaffSession(handle.db, second.token))?.admin.permissions).toEqual(['view_analytics']);
    await changeStaff(handle.db, omar.id, { active: false }, { id: boss.id, name: boss.name });
    expect(await resolveStaffSession(handle.db, second.token)).toBeUndefined();
    expect((await rejection(signInStaff(handle.db, { email: 'omar@example.com', password: 'Orders!Desk#42' }))).status).toBe(403);
  });

  it('never lets the last active super admin be deactivated or demoted', async () => {
    const boss = await createStaff(handle.db, { email: 'boss@example.com', name: 'Boss', role: 'super_admin', password: 'Boss!Admin#2026' }, SYSTEM_ACTOR);
    const actor = { id: boss.id, name: boss.name };
    expect((await rejection(changeStaff(handle.db, boss.id, { active: false }, actor))).status).toBe(409);
    expect((await rejection(changeStaff(handle.db, boss.id, { role: 'order_manager' }, actor))).status).toBe(409);
    const second = await createStaff(handle.db, { email: 'dana@example.com', name: 'Dana', role: 'super_admin', password: 'Dana!Admin#2026' }, SYSTEM_ACTOR);
    expect((await changeStaff(handle.db, boss.id, { role: 'order_manager' }, { id: second.id, name: second.name })).role).toBe('order_manager');
  });

  it('answers an unknown e-mail and a wrong password with the same 401 and audits a sign-in', async () => {
    await createStaff(handle.db, { email: 'dana@example.com', name: 'Dana', role: 'super_admin', password: 'Dana!Admin#2026' }, SYSTEM_ACTOR);
    const unknown = await rejection(signInStaff(handle.db, { email: 'nobody@example.com', password: 'Dana!Admin#2026' }));
    const wrong = await rejection(signInStaff(handle.db, { email: 'dana@example.com', password: 'wrong-password' }));
    expect([unknown.status, unknown.message]).toEqual([401, ADMIN_MESSAGES.invalidCredentials]);
    expect([wrong.status, wrong.message]).toEqual([401, ADMIN_MESSAGES.invalidCredentials]);
    await signInStaff(handle.db, { email: 'dana@example.com', password: 'Dana!Admin#2026' }, { address: '203.0.113.9' });
    const audit = await handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'staff.sign_in').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.address).toBe('203.0.113.9');
  });
});
