import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { USER_SESSION_KEY } from '../../../src/lib/constants';

// The head script cannot import constants (it is inline, before any module), so it names the key itself.
describe('the account head script of BaseLayout', () => {
  const layout = readFileSync(new URL('../../../src/layouts/BaseLayout.astro', import.meta.url), 'utf8');
  const script = layout.match(/<script is:inline>(try\{.*?)<\/script>/)?.[1];

  it('reads the cached profile under USER_SESSION_KEY', () => {
    expect(script).toBeDefined();
    expect(script).toContain(`localStorage.getItem('${USER_SESSION_KEY}')`);
  });

  it('marks a cached customer as a member and ignores anything else', () => {
    const run = (stored: string | null) => {
      const root = { dataset: {} as Record<string, string> };
      new Function('localStorage', 'document', script!)({ getItem: () => stored }, { documentElement: root });
      return root.dataset.account;
    };
    expect(run(JSON.stringify({ role: 'user', fullName: 'A' }))).toBe('member');
    expect(run(null)).toBeUndefined();
    expect(run('{not json')).toBeUndefined();
    expect(run(JSON.stringify({ role: 'admin' }))).toBeUndefined();
  });
});
