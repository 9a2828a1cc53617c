// The home carousel as a visitor meets it (spec §2.2, §4): seven slides, autoplay every
// CAROUSEL_DELAY_MS that pauses under the pointer and survives interaction, off under reduced
// motion; only the active slide's video plays and visited slides keep theirs.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CAROUSEL_DELAY_MS, CAROUSEL_TRANSITION_MS } from '../../src/lib/constants';
import { urlOf } from '../helpers/base-url';
import { usePagePerTest } from '../helpers/page-per-test';
import type { NewPageOptions } from '../helpers/browser';
import { waitForAttribute } from '../helpers/wait';

const SLIDE_COUNT = 7;
/** Comfortably longer than one autoplay step: nothing may have moved by then. */
const HOLD_FOR_MS = CAROUSEL_DELAY_MS + 1_500;

const pages = usePagePerTest();

/** The page's fake clock starts here and (a minute on, before the page loads) stands still. */
const CLOCK_START = new Date('2026-03-02T09:00:00Z');
const CLOCK_PAUSED_AT = new Date(CLOCK_START.getTime() + 60_000);

/**
 * Opens the home page and returns the carousel root. Unless `realTime` is set, the page runs on
 * Playwright's fake clock, paused: autoplay moves only when the test calls `page.clock.runFor`, so
 * a test neither sleeps through autoplay nor races it on a slow machine.
 */
async function openHome(options: Partial<NewPageOptions> = {}, { realTime = false } = {}): Promise<{ page: Page; carousel: Locator }> {
  const page = await pages.open({ width: 1440, ...options });
  if (!realTime) {
    await page.clock.install({ time: CLOCK_START });
    await page.clock.pauseAt(CLOCK_PAUSED_AT);
  }
  await page.goto(urlOf('/'), { waitUntil: 'load' });
  const carousel = page.locator('[aria-roledescription="carousel"]').first();
  await carousel.waitFor({ state: 'visible' });
  return { page, carousel };
}

/** The carousel's active slide index. */
async function readActiveIndex(carousel: Locator): Promise<string | null> {
  return carousel.getAttribute('data-active-index');
}

/** The state of each slide's video, by slide index ('none' when the slide has no <video>). */
function readVideoStates(carousel: Locator): Promise<Array<'playing' | 'paused' | 'loading' | 'error' | 'none'>> {
  return carousel.evaluate((root) =>
    [...root.querySelectorAll('[aria-roledescription="slide"]')].map((slide) => {
      const video = slide.querySelector('video');
      if (!video) return 'none';
      if (video.error) return 'error';
      if (video.paused) return 'paused';
      return video.readyState < 2 ? 'loading' : 'playing';
    }),
  );
}

/** Moves the pointer to a spot outside the carousel (the page's fixed header sits above it). */
async function movePointerOff(page: Page, carousel: Locator): Promise<void> {
  const box = await carousel.boundingBox();
  const viewport = page.viewportSize()!;
  // Below the carousel when it does not fill the screen, otherwise onto the header bar.
  const below = box ? box.y + box.height + 5 : viewport.height;
  if (below < viewport.height) await page.mouse.move(viewport.width / 2, below);
  else await page.mouse.move(viewport.width / 2, 8);
}

describe('home carousel', () => {
  it(`has ${SLIDE_COUNT} slides and starts on the first`, async () => {
    const { carousel } = await openHome();
    expect(await carousel.locator('[aria-roledescription="slide"]').count()).toBe(SLIDE_COUNT);
    expect(await readActiveIndex(carousel)).toBe('0');
  });

  it(`advances by itself after about ${CAROUSEL_DELAY_MS / 1000} s`, async () => {
    const { page, carousel } = await openHome();
    expect(await readActiveIndex(carousel)).toBe('0');
    await page.clock.runFor(CAROUSEL_DELAY_MS + CAROUSEL_TRANSITION_MS);
    await waitForAttribute(carousel, 'data-active-index', '1');
  });

  it('holds the slide while the pointer rests on it', async () => {
    const { page, carousel } = await openHome();
    const box = (await carousel.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const before = await readActiveIndex(carousel);
    await page.clock.runFor(HOLD_FOR_MS);
    expect(await readActiveIndex(carousel)).toBe(before);
  });

  it('moves to slide 2 on Next and keeps autoplaying afterwards', async () => {
    const { page, carousel } = await openHome();
    await carousel.getByRole('button', { name: /next/i }).first().click();
    await waitForAttribute(carousel, 'data-active-index', '1');
    await movePointerOff(page, carousel);
    await page.clock.runFor(CAROUSEL_DELAY_MS + CAROUSEL_TRANSITION_MS);
    await waitForAttribute(carousel, 'data-active-index', '2');
  });

  it('does not advance when the visitor prefers reduced motion', async () => {
    const { page, carousel } = await openHome({ reducedMotion: 'reduce' });
    await page.clock.runFor(HOLD_FOR_MS);
    expect(await readActiveIndex(carousel)).toBe('0');
  });

  it('keeps every video on its poster when the visitor prefers reduced motion', async () => {
    const { page, carousel } = await openHome({ reducedMotion: 'reduce' }, { realTime: true });
    // Videos may start once the page has loaded (the carousel then gives every slide its poster).
    await page.waitForFunction(
      () => document.readyState === 'complete' && [...document.querySelectorAll('[aria-roledescription="slide"] video')].every((v) => (v as HTMLVideoElement).poster),
      undefined,
      { timeout: 10_000, polling: 100 },
    );
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    expect(await readVideoStates(carousel)).not.toContain('playing');
    expect(await readVideoStates(carousel)).not.toContain('loading');
  });

  it('paints the first poster first: videos and the other posters are requested only after the load event', async () => {
    const page = await pages.open({ width: 375 });
    // Registered before the page's own scripts, so it notes the time before the carousel reacts to the event.
    await page.addInitScript(() => window.addEventListener('load', () => ((window as unknown as { loadAt: number }).loadAt = performance.now())));
    const media: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/media/slides/')) media.push(path);
    });
    await page.goto(urlOf('/'), { waitUntil: 'load' });
    await expect.poll(() => media.includes('/media/slides/company-overview.mp4'), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => new Set(media.filter((p) => p.endsWith('.webp'))).size, { timeout: 10_000 }).toBe(SLIDE_COUNT);
    const beforeLoad = await page.evaluate(() => {
      const loadAt = (window as unknown as { loadAt: number }).loadAt;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < loadAt)
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/media/slides/'));
    });
    expect(beforeLoad).toEqual(['/media/slides/company-overview.webp']);
  });

  it("plays only the active slide's video and keeps the video of a slide already visited", async () => {
    const { page, carousel } = await openHome({}, { realTime: true });
    const playingOnly = async (index: number) => {
      await page.waitForFunction(
        ([i]) => {
          const slides = [...document.querySelectorAll('[aria-roledescription="carousel"] [aria-roledescription="slide"]')];
          return slides.every((slide, n) => {
            const video = slide.querySelector('video');
            // Playing means really playing: not paused, frames decoded, no load or decode error.
            const playing = !!video && !video.paused && !video.error && video.readyState >= 2;
            return n === i ? playing : !video || video.paused;
          });
        },
        [index],
        { timeout: 10_000, polling: 100 },
      ).catch(async () => {
        throw new Error(`Expected only slide ${index} to play; states: ${JSON.stringify(await readVideoStates(carousel))}`);
      });
    };

    await playingOnly(0);
    await carousel.getByRole('button', { name: /next/i }).first().click();
    await waitForAttribute(carousel, 'data-active-index', '1');
    await playingOnly(1);
    const states = await readVideoStates(carousel);
    expect(states[0], 'the first slide keeps its <video>').toBe('paused');
  });

  it('pauses the video while the carousel is scrolled out of view and resumes it on return', async () => {
    const { page, carousel } = await openHome({ width: 375 }, { realTime: true });
    const firstVideoIs = (state: 'playing' | 'paused') =>
      page.waitForFunction(
        (wanted) => {
          const video = document.querySelector<HTMLVideoElement>('[aria-roledescription="slide"] video');
          const playing = !!video && !video.paused && !video.error && video.readyState >= 2;
          return wanted === 'playing' ? playing : !!video && video.paused;
        },
        state,
        { timeout: 10_000, polling: 100 },
      ).catch(async () => {
        throw new Error(`Expected the first video ${state}; states: ${JSON.stringify(await readVideoStates(carousel))}`);
      });
    await firstVideoIs('playing');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await firstVideoIs('paused');
    await page.evaluate(() => window.scrollTo(0, 0));
    await firstVideoIs('playing');
  });
});
