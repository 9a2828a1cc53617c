import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The head script that declares the web fonts (src/layouts/BaseLayout.astro): at once when an earlier
// page loaded them (or storage refuses), else, once the page has loaded, fetching them into
// the HTTP cache and remembering them once both arrived, the page itself staying in its fallbacks. Run here over stand-ins for the page;
// tests/e2e/web-fonts.test.ts runs it in Chromium.
describe('the web fonts head script of BaseLayout', () => {
  const layout = readFileSync(new URL('../../../src/layouts/BaseLayout.astro', import.meta.url), 'utf8');
  const script = layout.match(/<script is:inline>(\(\(\)=>\{var d=document,s=d\.getElementById\('web-fonts'\).*?)<\/script>/)?.[1];
  const FONT_URLS = ['/_astro/inter-latin-wght.abc.woff2', '/_astro/fraunces-latin-wght.def.woff2'];

  /** Runs the script over `storage` (or storage that throws), with fetch answering `status` (or failing); returns the sheet and what it waits for. */
  const run = (storage: Record<string, unknown> | 'blocked', status: number | 'offline' = 200) => {
    const sheet = {
      media: 'not all',
      textContent: FONT_URLS.map((url) => `@font-face{font-family:'X';src:url(${url}) format('woff2-variations')}`).join('\n'),
    };
    const fetched: string[] = [];
    const listeners: { type: string; listener: () => void; options: unknown }[] = [];
    const localStorage =
      storage === 'blocked'
        ? new Proxy({}, { get: () => { throw new Error('SecurityError'); }, set: () => { throw new Error('SecurityError'); } })
        : storage;
    const page = {
      document: { documentElement: { dataset: {} }, getElementById: (id: string) => (id === 'web-fonts' ? sheet : null) },
      addEventListener: (type: string, listener: () => void, options: unknown) => listeners.push({ type, listener, options }),
      fetch: (url: string) => {
        fetched.push(url);
        return status === 'offline' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve({ ok: status === 200, arrayBuffer: () => Promise.resolve(new ArrayBuffer(8)) });
      },
    };
    // The script reads localStorage through a getter that may throw, as a blocked origin's does.
    const scope = Object.defineProperty({ ...page }, 'localStorage', {
      get: () => {
        if (storage === 'blocked') throw new Error('SecurityError');
        return localStorage;
      },
    });
    new Function('scope', `with (scope) { ${script} }`)(scope);
    return { sheet, fetched, listeners, storage: localStorage };
  };

  /** Runs the load event. */
  const afterLoad = (page: ReturnType<typeof run>) => page.listeners[0]!.listener();
  const settled = () => new Promise((done) => setTimeout(done, 0));

  it('is found in the layout', () => {
    expect(script).toBeDefined();
  });

  it('declares the fonts at once when an earlier page loaded them', () => {
    const page = run({ 'web-fonts': '1' });
    expect(page.sheet.media).toBe('all');
    expect(page.listeners).toEqual([]);
  });

  it('on a first visit waits for the load, then fetches both fonts for the next page, leaves this one in its fallbacks and remembers them', async () => {
    const storage: Record<string, unknown> = {};
    const page = run(storage);
    expect(page.listeners.map((l) => l.type)).toEqual(['load']);
    expect(page.fetched).toEqual([]);
    afterLoad(page);
    expect(page.fetched).toEqual(FONT_URLS);
    await settled();
    expect(String(storage['web-fonts'])).toBe('1');
    expect(page.sheet.media).toBe('not all');
  });

  it('does not remember fonts that did not arrive', async () => {
    for (const status of [404, 'offline'] as const) {
      const storage: Record<string, unknown> = {};
      const page = run(storage, status);
      afterLoad(page);
      await settled();
      expect(storage['web-fonts'], String(status)).toBeUndefined();
      expect(page.sheet.media).toBe('not all');
    }
  });

  it('declares the fonts at once when storage refuses to be read, as it could never remember them', () => {
    const page = run('blocked');
    expect(page.sheet.media).toBe('all');
    expect(page.listeners).toEqual([]);
    expect(page.fetched).toEqual([]);
  });
});
