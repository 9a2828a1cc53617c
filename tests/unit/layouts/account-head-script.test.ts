import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { USER_SESSION_KEY } from '../../../src/lib/constants';

// The head script cannot import constants (it is inline, before any module), so it names the key itself.
// It also declares or fetches the web fonts (tests/unit/layouts/web-fonts-head-script.test.ts), given stand-ins here.
describe('the account head script of BaseLayout', () => {
  const layout = readFileSync(new URL('../../../src/layouts/BaseLayout.astro', import.meta.url), 'utf8');
  const script = layout.match(/<script is:inline>(\(\(\)=>\{var d=document,s=d\.getElementById\('web-fonts'\).*?)<\/script>/)?.[1];

  /** Runs the script with `localStorage` (a getter, which may throw as a blocked origin's does) and `root` as the document's element. */
  const runWith = (localStorage: () => unknown, root: { dataset: Record<string, string> }) => {
    const scope = Object.defineProperty(
      { document: { documentElement: root, getElementById: () => ({ media: 'not all', textContent: '' }) }, addEventListener: () => undefined },
      'localStorage',
      { get: localStorage },
    );
    new Function('scope', `with (scope) { ${script} }`)(scope);
  };

  it('reads the cached profile under USER_SESSION_KEY', () => {
    expect(script).toBeDefined();
    expect(script).toContain(`'${USER_SESSION_KEY}'`);
  });

  /** Runs the script over a storage holding `stored` (or nothing); what it marked and what stays stored. */
  const run = (stored: string | null) => {
    const root = { dataset: {} as Record<string, string> };
    // Storage exposes its items as properties too, which the script uses to stay short.
    const storage: Record<string, string> = stored === null ? {} : { [USER_SESSION_KEY]: stored };
    runWith(() => storage, root);
    return { account: root.dataset.account, stored: storage[USER_SESSION_KEY] ?? null };
  };

  it('marks a cached customer as a member and ignores anything else', () => {
    const profile = JSON.stringify({ role: 'user', fullName: 'A' });
    expect(run(profile)).toEqual({ account: 'member', stored: profile });
    expect(run(null)).toEqual({ account: undefined, stored: null });
    expect(run('{not json').account).toBeUndefined();
    expect(run(JSON.stringify({ role: 'admin' })).account).toBeUndefined();
  });

  it('removes a stored session it cannot read, on every page at start (spec §4)', () => {
    for (const stored of ['{not json', '', 'null', '42', JSON.stringify({ role: 'admin' })]) {
      expect(run(stored), stored).toEqual({ account: undefined, stored: null });
    }
  });

  it('survives storage that refuses to be read', () => {
    const root = { dataset: {} as Record<string, string> };
    expect(() =>
      runWith(() => {
        throw new Error('SecurityError');
      }, root),
    ).not.toThrow();
    expect(root.dataset.account).toBeUndefined();
  });
});
