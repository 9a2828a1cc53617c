import { assert } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from 'playwright-core';

/** Debian's headless Chromium shell, installed by scripts/ensure-chromium.mjs. */
export const CHROMIUM_PATH = '/usr/bin/chromium-headless-shell';

/** Flags that keep Chromium quiet, offline and working as root in a container. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Viewport widths every page is checked at: a small phone and a wide desktop. */
export const VIEWPORT_WIDTHS = [375, 1440] as const;

/** How long a locator action or wait may take before the test fails. */
export const ACTION_TIMEOUT_MS = 10_000;
/**
 * How long a navigation may take: a page load is the one step whose time grows with the machine's
 * load (the server and two browsers share two cores), so it gets more room than a click.
 */
export const NAVIGATION_TIMEOUT_MS = 30_000;

/** How long {@link TrackedPage.settle} waits for requests in flight before going on regardless. */
export const SETTLE_TIMEOUT_MS = 5_000;
/** No request may start for this long after the last one ended (one that answers with another). */
const SETTLE_QUIET_MS = 100;
/** Requests that may stay open as long as the page lives: a video streams in ranges, an event source never ends. */
const STREAMING_TYPES = new Set(['media', 'eventsource', 'websocket']);

/** Launches headless Chromium for the browser tests. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** Options for {@link newPage}. */
export interface NewPageOptions {
  /** Viewport width in CSS pixels. */
  width: number;
  /** Viewport height; a phone-like or laptop-like height for the width by default. */
  height?: number;
  /** Emulated `prefers-reduced-motion`. */
  reducedMotion?: BrowserContextOptions['reducedMotion'];
  /** Script run before any page script on every navigation (e.g. to seed localStorage). */
  initScript?: string;
  /**
   * Console or page errors that are expected for this page (e.g. the document's own 404), each
   * matched against "<text> @ <url>". Everything else is recorded as an error.
   */
  allowErrors?: RegExp[];
}

/** A page in its own context, with the console and page errors it produced. */
export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions, as "<text> @ <url>". */
  errors: string[];
  /** Closes the page's context. */
  close: () => Promise<void>;
  /**
   * Resolves once none of the page's requests is in flight (streams excepted) and none started for a
   * moment, so late requests (islands hydrating, lazy images) have answered and logged any error.
   * Goes on after SETTLE_TIMEOUT_MS regardless, as Playwright's 'networkidle' wait did.
   */
  settle: () => Promise<void>;
}

/** Opens a page in a fresh context at the given width and records its console and page errors. */
export async function newPage(browser: Browser, options: NewPageOptions): Promise<TrackedPage> {
  const height = options.height ?? (options.width < 768 ? 812 : 900);
  const context = await browser.newContext({
    viewport: { width: options.width, height },
    reducedMotion: options.reducedMotion ?? 'no-preference',
    isMobile: false,
    hasTouch: false,
  });
  if (options.initScript) await context.addInitScript(options.initScript);
  const page = await context.newPage();
  // Fail a missing element in seconds rather than Playwright's 30 s default.
  page.setDefaultTimeout(ACTION_TIMEOUT_MS);
  page.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  const errors: string[] = [];
  const allow = options.allowErrors ?? [];
  const record = (entry: string) => {
    if (!allow.some((pattern) => pattern.test(entry))) errors.push(entry);
  };
  page.on('console', (message) => {
    if (message.type() === 'error') record(`${message.text()} @ ${message.location().url}`);
  });
  page.on('pageerror', (error) => record(`Uncaught ${error.name}: ${error.message} @ ${page.url()}`));
  return { page, context, errors, close: () => context.close(), settle: trackRequests(page) };
}

/** Counts a page's requests in flight from now on; returns a function that waits until there are none. */
function trackRequests(page: Page): () => Promise<void> {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  page.on('request', (request) => {
    if (STREAMING_TYPES.has(request.resourceType())) return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  const done = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (inFlight.size === 0 && Date.now() - lastChange >= SETTLE_QUIET_MS) return;
      await new Promise((r) => setTimeout(r, 25));
    }
  };
}

/** Scrolls a page to the bottom step by step, so lazy sections and images load, then back to the top. */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      // The next frame lays the page out at this offset, and intersection observers (lazy images,
      // fade-ins) take their readings in that same frame; the timeout lets the frame finish first.
      // A renderer that stops producing frames (a starved headless page) must not hold the sweep:
      // page.evaluate has no timeout of its own, so each step waits 250 ms at most.
      await new Promise((r) => {
        requestAnimationFrame(() => setTimeout(r, 0));
        setTimeout(r, 250);
      });
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((r) => setTimeout(r, 150));
    window.scrollTo(0, 0);
  });
}

/** Fails the test with every recorded console or page error listed, if there are any. */
export function expectNoBrowserErrors(errors: readonly string[], where: string): void {
  if (errors.length > 0) assert.fail(`console/page errors on ${where}:\n  ${errors.join('\n  ')}`);
}

/** Fails the test with every problem listed, if there are any. */
export function expectNone(problems: readonly string[], what: string): void {
  if (problems.length > 0) assert.fail(`${what}:\n  ${problems.join('\n  ')}`);
}
