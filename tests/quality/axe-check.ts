// Automated accessibility check (axe-core, WCAG 2.1 A and AA rules) of every public route at
// phone and desktop widths, after lazy sections have loaded. The routes are split over a few test
// files (axe-1.test.ts, axe-2.test.ts, ...) so the e2e project can run them in parallel.
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlOf } from '../helpers/base-url';
import { expectNone, launchBrowser, newPage, scrollThrough, VIEWPORT_WIDTHS } from '../helpers/browser';
import { PUBLIC_ROUTES } from '../helpers/routes';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The routes of part `part` (1-based) when PUBLIC_ROUTES is dealt into `parts` parts in turn. */
export function routesOfPart(part: number, parts: number): string[] {
  return PUBLIC_ROUTES.filter((_, i) => i % parts === part - 1);
}

/** Declares the axe tests of one part of the public routes, at every viewport width. */
export function describeAxeCheck(part: number, parts: number): void {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe.each(VIEWPORT_WIDTHS)('axe at %i px', (width) => {
    it.each(routesOfPart(part, parts))('%s has no WCAG 2.1 A/AA violations', async (route) => {
      // Reduced motion so fade-ins and the carousel sit still while axe measures contrast.
      const tracked = await newPage(browser, { width, reducedMotion: 'reduce' });
      try {
        const { page } = tracked;
        const response = await page.goto(urlOf(route), { waitUntil: 'load' });
        expect(response?.status(), `status of ${route}`).toBe(200);
        await scrollThrough(page);
        await tracked.settle();
        // Only violations are reported: skipping the detail of passes keeps axe fast on long product grids.
        const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] }).analyze();
        const report = results.violations.flatMap((v) => [
          `${v.id} (${v.impact}): ${v.help}`,
          ...v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
        ]);
        expectNone(report, `axe violations on ${route} at ${width} px`);
      } finally {
        await tracked.close();
      }
    });
  });
}
