// axe-core (WCAG 2.1 A and AA rules) on a page as it is now, for every browser test that checks
// accessibility. axe runs inside the page itself: @axe-core/playwright's default mode finishes each
// run in a new blank page (a renderer process of its own, ~0.5 s on a 2-core machine) so that it can
// merge results across cross-origin frames, and our pages have no frames. A page that does have
// child frames goes through AxeBuilder, which injects axe into each of them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { expectNone } from './browser';

/** The rule sets every accessibility check runs: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core's browser bundle, read once per test file. */
let axeSource: string | undefined;
function readAxeSource(): string {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/** Runs axe in the page's main frame (injecting it when the page does not have it yet). */
async function runInPage(page: Page): Promise<Result[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(readAxeSource());
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations;
  }, WCAG_TAGS);
}

/**
 * Waits until no finite CSS transition or animation is running (infinite ones, like a spinner,
 * never end and are left alone): axe measures colours as they are drawn, and a button fading from
 * its busy grey back to its colour would read as a contrast failure halfway through.
 */
async function waitForStillPage(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { polling: 'raf' },
  );
}

/** The page's WCAG 2.1 A/AA violations as readable lines: the rule, then up to five elements and why. */
export async function findAxeViolations(page: Page): Promise<string[]> {
  await waitForStillPage(page);
  const violations =
    page.mainFrame().childFrames().length === 0
      ? await runInPage(page)
      : (await new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] }).analyze()).violations;
  return violations.flatMap((v) => [
    `${v.id} (${v.impact}): ${v.help}`,
    ...v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
  ]);
}

/** Fails the test with every axe violation of the page listed, if it has any. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  expectNone(await findAxeViolations(page), `axe violations on ${what}`);
}
