import type { Kysely } from 'kysely';
import type { DemoInfo } from '../../lib/schemas/auth';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/schema';
import { findCustomerByEmail, insertCustomer } from './customers.repository';

/** The demo customers of SHOP_DEMO=1 (documented in the README); never created otherwise. */
export const DEMO_CUSTOMERS = [
  { fullName: 'Sarah Mitchell', email: 'sarah.mitchell@example.com', password: 'Demo-Satin-2026', phone: '+12145550101', dateOfBirth: '1988-04-12', blocked: false },
  { fullName: 'James Okafor', email: 'james.okafor@example.com', password: 'Demo-Primer-2026', phone: '+12145550102', dateOfBirth: '1979-09-30', blocked: false },
  { fullName: 'Lena Novak', email: 'lena.novak@example.com', password: 'Demo-Enamel-2026', phone: '+12145550103', dateOfBirth: '1993-01-21', blocked: true },
] as const;

/** Creates the missing demo customers (idempotent: an existing address is left as it is); returns how many were created. */
export async function seedDemoCustomers(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  let created = 0;
  for (const demo of DEMO_CUSTOMERS) {
    if (await findCustomerByEmail(db, demo.email)) continue;
    try {
      await insertCustomer(db, {
        id: crypto.randomUUID(),
        full_name: demo.fullName,
        email: demo.email,
        phone: demo.phone,
        date_of_birth: demo.dateOfBirth,
        password_hash: await hashPassword(demo.password),
        is_blocked: demo.blocked ? 1 : 0,
        created_at: now.toISOString(),
        last_login_at: null,
      });
      created++;
    } catch (err) {
      // Another process seeding at the same moment got there first.
      if (!(await findCustomerByEmail(db, demo.email))) throw err;
    }
  }
  return created;
}

/** What the sign-in page's hint box shows: the demo accounts when demo mode is on, nothing otherwise. */
export function describeDemo(enabled: boolean): DemoInfo {
  if (!enabled) return { enabled: false, accounts: [] };
  return {
    enabled: true,
    accounts: DEMO_CUSTOMERS.map((d) => ({ email: d.email, password: d.password, note: d.blocked ? 'blocked account' : 'customer' })),
  };
}
