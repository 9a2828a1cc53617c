// The sweep of every public route at phone and desktop widths, one visit per route and width, each
// checking all a visitor and a search engine meet: the page answers 200 with one visible h1; after
// scrolling through it (so lazy sections and images load) every image has alt text and a size,
// nothing overflows sideways, no console error was logged, and axe finds no WCAG 2.1 A/AA
// violation; at the desktop width its head also carries a canonical URL, a description, og:title
// and Organization JSON-LD. The routes are dealt over a few test files (pages-1.test.ts, ...) so
// the e2e project runs them in parallel; one visit per route and width keeps the sweep as short as
// a single pass can be (page loads and scrolling are most of its time).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAxeViolations } from '../helpers/axe';
import { urlOf } from '../helpers/base-url';
import { expectNoBrowserErrors, expectNone, launchBrowser, newPage, scrollThrough, VIEWPORT_WIDTHS } from '../helpers/browser';
import { PUBLIC_ROUTES } from '../helpers/routes';

/** The width at which each page's head metadata is read as well (it does not change with width). */
const METADATA_WIDTH = 1440;

/** The routes of part `part` (1-based) when PUBLIC_ROUTES is dealt into `parts` parts in turn. */
export function routesOfPart(part: number, parts: number): string[] {
  return PUBLIC_ROUTES.filter((_, i) => i % parts === part - 1);
}

/** <img> elements lacking alt, width or height, as short HTML snippets. */
function findUnsizedImages(page: Page): Promise<string[]> {
  return page.$$eval('img', (images) =>
    images
      .filter((img) => !img.hasAttribute('alt') || !img.hasAttribute('width') || !img.hasAttribute('height'))
      .map((img) => img.outerHTML.slice(0, 160)),
  );
}

/** How far the document is wider than the viewport (0 when it fits). */
function measureOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

/** What a page's head tells search engines and link previews about it. */
interface HeadMetadata {
  canonical: string | null;
  description: string;
  ogTitle: string;
  jsonLdTypes: unknown[];
}

/** Reads the page's canonical link, description, og:title and the @type of every JSON-LD node. */
async function readHeadMetadata(page: Page): Promise<HeadMetadata> {
  const meta = await page.evaluate(() => ({
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? '',
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? ''),
  }));
  const nodes = meta.jsonLd
    .map((text) => JSON.parse(text) as unknown)
    .flatMap((doc) => (Array.isArray(doc) ? doc : [doc]))
    .flatMap((node) => (node && typeof node === 'object' && '@graph' in node ? [node, ...(node as { '@graph': unknown[] })['@graph']] : [node]));
  const jsonLdTypes = nodes.flatMap((node) => {
    const type = node && typeof node === 'object' ? (node as { '@type'?: unknown })['@type'] : undefined;
    return Array.isArray(type) ? type : [type];
  });
  return { canonical: meta.canonical, description: meta.description, ogTitle: meta.ogTitle, jsonLdTypes };
}

/** Fails unless the head names the route as canonical and has a description, og:title and Organization JSON-LD. */
function expectSearchMetadata(meta: HeadMetadata, route: string): void {
  expect(meta.canonical, `canonical link of ${route}`).not.toBeNull();
  expect(new URL(meta.canonical!).pathname, `canonical path of ${route}`).toBe(route);
  expect(meta.description.trim().length, `meta description length of ${route}`).toBeGreaterThan(0);
  expect(meta.ogTitle.trim().length, `og:title length of ${route}`).toBeGreaterThan(0);
  expect(meta.jsonLdTypes, `JSON-LD @type values of ${route}`).toContain('Organization');
}

/** Declares the sweep of one part of the public routes, at every viewport width. */
export function describePageSweep(part: number, parts: number): void {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe.each(VIEWPORT_WIDTHS)('public routes at %i px', (width) => {
    it.each(routesOfPart(part, parts))(
      '%s answers 200 with one h1, sized images, no overflow, no console error and no axe violation',
      // Two runs at most: a headless renderer starved of CPU has twice, in some twenty full runs,
      // stopped answering mid-visit (the step that hung is named in the error). A page that breaks a
      // rule breaks it on both runs, so the retry hides no finding.
      { retry: 1 },
      async (route) => {
        const step = <T>(name: string, work: Promise<T>) => withinStepDeadline(`${name} on ${route} at ${width} px`, work);
        // Reduced motion so fade-ins and the carousel sit still while axe measures contrast.
        const tracked = await step('opening a page', newPage(browser, { width, reducedMotion: 'reduce' }));
        try {
          const { page } = tracked;
          const response = await page.goto(urlOf(route), { waitUntil: 'load' });
          expect(response?.status(), `status of ${route}`).toBe(200);

          const headings = page.locator('h1');
          expect(await headings.count(), `h1 count on ${route}`).toBe(1);
          expect(await headings.first().isVisible(), `the h1 of ${route} is visible`).toBe(true);
          if (width === METADATA_WIDTH) expectSearchMetadata(await step('reading the head', readHeadMetadata(page)), route);

          await step('scrolling through', scrollThrough(page));
          await tracked.settle();
          expectNone(await step('listing images', findUnsizedImages(page)), `<img> without alt, width or height on ${route}`);
          expect(await step('measuring overflow', measureOverflow(page)), `horizontal overflow (px) on ${route}`).toBeLessThanOrEqual(0);
          expectNone(await step('running axe', findAxeViolations(page)), `axe violations on ${route} at ${width} px`);
          expectNoBrowserErrors(tracked.errors, route);
        } finally {
          await step('closing the page', tracked.close());
        }
      },
    );
  });
}

/**
 * How long one step of a visit may take. Steps that wait on their own (navigation, locators) have
 * Playwright's timeouts; page.evaluate, context creation and closing have none.
 */
const STEP_DEADLINE_MS = 45_000;

/** `work`, or a failure naming the step if it has not settled within STEP_DEADLINE_MS. */
async function withinStepDeadline<T>(step: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${step} did not finish in ${STEP_DEADLINE_MS / 1000} s`)), STEP_DEADLINE_MS);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
