import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../../', import.meta.url).pathname;

/** Runs `npm run admin:create -- …args` (tsx scripts/admin-create.ts) with no terminal attached. */
function adminCreate(databaseUrl: string, args: string[]) {
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/admin-create.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: '' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}`.trim() };
}

describe('npm run admin:create', () => {
  it('creates a staff account from flags alone and says so in one line; bad input gets one clear line and exit 1', { timeout: 60_000 }, () => {
    const db = `file:${join(mkdtempSync(join(tmpdir(), 'admin-create-')), 'shop.db')}`;
    const made = adminCreate(db, ['--email', 'omar@example.com', '--role', 'order_manager', '--name', 'Omar Reyes', '--password', 'Orders!Desk#42']);
    expect(made).toEqual({ status: 0, out: 'Created order_manager omar@example.com (Omar Reyes); sign in at /admin/login.' });
    expect(adminCreate(db, ['--email', 'OMAR@example.com', '--password', 'Orders!Desk#42'])).toEqual({ status: 1, out: 'admin:create: A staff account with this email already exists.' });
    expect(adminCreate(db, ['--email', 'a@b.co', '--role', 'owner', '--password', 'Orders!Desk#42']).out).toBe(
      'admin:create: Unknown role "owner": use one of super_admin, order_manager, product_manager, analyst.',
    );
    expect(adminCreate(db, ['--email', 'a@b.co', '--password', 'password123']).out).toBe('admin:create: password: This password is too common. Please choose one that is harder to guess.');
    expect(adminCreate(db, ['--email', 'a@b.co'])).toEqual({ status: 1, out: 'admin:create: Missing --password (or ADMIN_PASSWORD); no terminal to ask for it.' });
  });
});
