import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { expectNoBrowserErrors, launchBrowser, newPage, type NewPageOptions, type TrackedPage } from './browser';

/** What usePagePerTest gives a test file. */
export interface PagePerTest {
  /** A fresh tracked page (its own context) for the running test; closed after the test. */
  open(options: NewPageOptions): Promise<Page>;
}

/**
 * The lifecycle most browser test files share: one Chromium for the file and one tracked page per
 * test, closed after it; a test fails on any console or page error its page did not allow.
 */
export function usePagePerTest(): PagePerTest {
  let browser: Browser | undefined;
  let tracked: TrackedPage | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    const errors = tracked?.errors ?? [];
    const where = tracked?.page.url() ?? 'the page';
    await tracked?.close();
    tracked = undefined;
    expectNoBrowserErrors(errors, where);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async open(options) {
      if (!browser) throw new Error('usePagePerTest: the browser is not launched yet (call open inside a test)');
      tracked = await newPage(browser, options);
      return tracked.page;
    },
  };
}
