// The shop's catalogue is fetched, parsed and queried in a Web Worker (issue #15): the products
// view loads, searches and filters without a long task (over 50 ms) on the page's main thread,
// judged by each task's CPU time, so a task that only waited for a core of a busy machine does not
// count. Serial (*.serial.test.ts): a timing, taken with no other test's Chromium beside it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlOf } from '../../helpers/base-url';
import { launchBrowser, newPage } from '../../helpers/browser';
import { resultLine, searchBox, waitForShop } from './shop-helpers';

/** A task longer than this blocks input (the Long Tasks API's own threshold). */
const LONG_TASK_MS = 50;
/** The mark the page sets when the catalogue's worker first answers. */
const ARRIVED = 'shop-catalogue-arrived';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Installed before the page's scripts: the main thread's long tasks (PerformanceObserver), and a
 * mark when the catalogue's worker first answers (the catalogue in hand: from then on, every task
 * is the catalogue's arrival, the list and the shopper's input, not the island's hydration).
 */
const WATCH_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: Math.round(e.startTime), ms: Math.round(e.duration) });
  }).observe({ type: 'longtask', buffered: true });
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => {
        if (!performance.getEntriesByName('${ARRIVED}').length) performance.mark('${ARRIVED}');
      });
    }
  };
`;

/** A trace event of Chromium's (the fields read here). */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/**
 * Loads the products view, searches and filters. Returns, from the catalogue's arrival on, the
 * long tasks the page observed (wall time) and the main thread's tasks that used more than
 * LONG_TASK_MS of its CPU (a trace's thread time): on a busy shared machine a task waiting for a
 * core grows in wall time only, while work that grows with the catalogue grows in both.
 */
async function longTasksOfVisit(): Promise<{ observed: { start: number; ms: number }[]; cpu: { ms: number; cpuMs: number }[] }> {
  const tracked = await newPage(browser, { width: 1440, initScript: WATCH_LONG_TASKS });
  try {
    const { page } = tracked;
    const cdp = await tracked.context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: 'disabled-by-default-devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });

    await page.goto(urlOf('/shop?view=products'), { waitUntil: 'load' });
    await waitForShop(page);
    // Counts read from the page, so the test also runs against a generated catalogue (E2E_BASE_URL).
    const all = resultLine(page).filter({ hasText: /professional products available$/ });
    await all.waitFor();
    const total = await all.textContent();

    await searchBox(page).pressSequentially('primer', { delay: 30 });
    await resultLine(page).filter({ hasText: /results? for primer$/ }).waitFor();
    await searchBox(page).fill('');
    await resultLine(page).filter({ hasText: total! }).waitFor();
    await page.getByLabel('Category').selectOption('Zinsser');
    await page.getByRole('heading', { name: 'Zinsser', level: 2 }).waitFor();
    await page.getByLabel('In stock only').check();
    await page.waitForURL(/[?&]stock=1\b/);
    // The answer's render, then a moment for anything it sets off (images, layout) to run.
    await page.waitForTimeout(500);
    await page.locator('ul[aria-busy="true"]').waitFor({ state: 'detached' });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

    expect(await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes('longtask')), 'the Long Tasks API').toBe(true);
    expect(tracked.errors).toEqual([]);
    const { tasks, from } = await page.evaluate((mark) => {
      const w = window as unknown as { __longTasks: { start: number; ms: number }[] };
      return { tasks: w.__longTasks, from: performance.getEntriesByName(mark)[0]?.startTime };
    }, ARRIVED);
    await cdp.send('Tracing.end');
    await complete;
    expect(from, "the catalogue worker's first answer").toBeGreaterThan(0);
    // The mark is set on the page's main thread: its thread is the one whose tasks count.
    const mark = events.find((e) => e.name === ARRIVED);
    expect(mark, 'the mark in the trace').toBeDefined();
    const cpu = events
      .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === mark!.pid && e.tid === mark!.tid && e.ts + (e.dur ?? 0) > mark!.ts)
      .filter((e) => (e.tdur ?? e.dur ?? 0) / 1000 > LONG_TASK_MS)
      .map((e) => ({ ms: Math.round((e.dur ?? 0) / 1000), cpuMs: Math.round((e.tdur ?? e.dur ?? 0) / 1000) }));
    // A task under way when the answer came counts too.
    return { observed: tasks.filter((t) => t.start + t.ms > from!), cpu };
  } finally {
    await tracked.close();
  }
}

describe('the products view on the main thread', () => {
  it(`loads, searches and filters the catalogue without a task over ${LONG_TASK_MS} ms`, async () => {
    const { observed, cpu } = await longTasksOfVisit();
    expect(cpu, `main-thread tasks over ${LONG_TASK_MS} ms of CPU from the catalogue's arrival on (long tasks observed, wall time: ${JSON.stringify(observed)})`).toEqual([]);
  });
});
