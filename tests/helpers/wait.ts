import type { Locator, Page } from 'playwright-core';

/** Default time to wait for a UI state to appear. */
export const UI_TIMEOUT_MS = 5_000;

/** Waits until an element's attribute has the expected value (null = absent); throws with the last value seen. */
export async function waitForAttribute(
  locator: Locator,
  name: string,
  expected: string | null,
  timeoutMs = UI_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: string | null = null;
  while (Date.now() < deadline) {
    last = await locator.getAttribute(name, { timeout: timeoutMs });
    if (last === expected) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Expected ${name}="${expected}" on ${locator}, last saw ${JSON.stringify(last)} after ${timeoutMs} ms.`);
}

/** Waits until a page-side condition holds; throws with `what` when it does not in time. */
export async function waitForCondition(
  page: Page,
  what: string,
  condition: () => boolean,
  timeoutMs = UI_TIMEOUT_MS,
): Promise<void> {
  try {
    await page.waitForFunction(condition, undefined, { timeout: timeoutMs, polling: 50 });
  } catch {
    throw new Error(`Timed out after ${timeoutMs} ms waiting for: ${what}`);
  }
}

/** Whether the element has keyboard focus. */
export function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement);
}

/** Whether the page's background is scroll-locked (overflow hidden/clip on html or body, or a fixed body). */
export function isScrollLocked(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const locks = (el: Element) => {
      const style = getComputedStyle(el);
      return ['hidden', 'clip'].includes(style.overflowY) || ['hidden', 'clip'].includes(style.overflow);
    };
    return locks(document.documentElement) || locks(document.body) || getComputedStyle(document.body).position === 'fixed';
  });
}

/**
 * Clicks a disclosure button (one with aria-expanded) until it says it is expanded: a click that lands
 * before its island has hydrated does nothing, as it would for a person, who clicks again.
 */
export async function clickUntilExpanded(button: Locator, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await button.getAttribute('aria-expanded')) !== 'true') {
    if (Date.now() > deadline) throw new Error(`${button} never expanded after ${timeoutMs} ms of clicks.`);
    await button.click();
    await button.page().waitForTimeout(100);
  }
}
