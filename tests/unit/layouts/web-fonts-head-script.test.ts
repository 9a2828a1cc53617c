import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The head script that declares the web fonts (src/layouts/BaseLayout.astro): at once when an earlier
// page loaded them, else after the first frame painted once the page has loaded, remembering them once
// they have loaded. Run here over stand-ins for the page; tests/e2e/web-fonts.test.ts runs it in Chromium.
describe('the web fonts head script of BaseLayout', () => {
  const layout = readFileSync(new URL('../../../src/layouts/BaseLayout.astro', import.meta.url), 'utf8');
  const script = layout.match(/<script is:inline>(\(function\(\)\{var s=document\.getElementById\('web-fonts'\).*?)<\/script>/)?.[1];

  /** Runs the script over `storage` (or storage that throws); returns the sheet and what it waits for. */
  const run = (storage: Record<string, unknown> | 'blocked') => {
    const sheet = { media: 'not all' };
    const fonts: { onloadingdone?: () => void } = {};
    const listeners: { type: string; listener: () => void; options: unknown }[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const localStorage =
      storage === 'blocked'
        ? new Proxy({}, { get: () => { throw new Error('SecurityError'); }, set: () => { throw new Error('SecurityError'); } })
        : storage;
    const page = {
      document: { getElementById: (id: string) => (id === 'web-fonts' ? sheet : null), fonts },
      addEventListener: (type: string, listener: () => void, options: unknown) => listeners.push({ type, listener, options }),
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
      setTimeout: (callback: () => void) => timers.push(callback),
    };
    // The script reads localStorage through a getter that may throw, as a blocked origin's does.
    const scope = Object.defineProperty({ ...page }, 'localStorage', {
      get: () => {
        if (storage === 'blocked') throw new Error('SecurityError');
        return localStorage;
      },
    });
    new Function('scope', `with (scope) { ${script} }`)(scope);
    return { sheet, fonts, listeners, frames, timers, storage: localStorage };
  };

  it('is found in the layout', () => {
    expect(script).toBeDefined();
  });

  it('declares the fonts at once when an earlier page loaded them', () => {
    const page = run({ 'web-fonts': '1' });
    expect(page.sheet.media).toBe('all');
    expect(page.listeners).toEqual([]);
  });

  it('on a first visit waits for the load, then the next frame and a task, then declares them and remembers them once loaded', () => {
    const storage: Record<string, unknown> = {};
    const page = run(storage);
    expect(page.sheet.media).toBe('not all');
    expect(page.listeners.map((l) => [l.type, l.options])).toEqual([['load', { once: true }]]);
    page.listeners[0]!.listener();
    expect(page.sheet.media).toBe('not all');
    page.frames.shift()!();
    expect(page.sheet.media).toBe('not all');
    page.timers.shift()!();
    expect(page.sheet.media).toBe('all');
    expect(storage['web-fonts']).toBeUndefined();
    page.fonts.onloadingdone!();
    expect(String(storage['web-fonts'])).toBe('1');
  });

  it('still loads the fonts when storage refuses to be read or written', () => {
    const page = run('blocked');
    expect(page.listeners).toHaveLength(1);
    page.listeners[0]!.listener();
    page.frames.shift()!();
    page.timers.shift()!();
    expect(page.sheet.media).toBe('all');
    expect(() => page.fonts.onloadingdone!()).not.toThrow();
  });
});
