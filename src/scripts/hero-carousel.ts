/**
 * The home carousel (spec §4): fades between slides every CAROUSEL_DELAY_MS, loops, holds while
 * the mouse is over it (or keyboard focus is in it, or the tab is hidden) and carries on after any
 * interaction. Under prefers-reduced-motion it neither advances by itself nor animates, and videos
 * stay on their posters. Only the active slide's video plays; the others are paused, never removed.
 * Videos (and the posters of the slides not shown yet) wait for the load event and then for the
 * first idle moment of the main thread, and play only while the carousel is on screen: a video
 * player's start is main-thread work that must not compete with the first paint and the page's own
 * scripts. Under the browser's data saver the posters stay. The root's `data-active-index` and
 * `data-state` (playing | held | paused | static) expose it.
 */
import { CAROUSEL_DELAY_MS, CAROUSEL_TRANSITION_MS } from '../lib/constants';

// A horizontal swipe longer than this (px) changes slide on touch screens.
const SWIPE_MIN_PX = 50;
// After the load event, media start at the main thread's first idle moment, or after this (ms) at the latest.
const MEDIA_IDLE_TIMEOUT_MS = 2000;

/** Runs `task` when the main thread is next idle (a macrotask where requestIdleCallback is missing). */
function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: MEDIA_IDLE_TIMEOUT_MS });
  else window.setTimeout(task, 0);
}

/** Whether the visitor asked the browser to save data (Network Information API, Chromium only). */
function isSavingData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/** Wires one carousel root. */
function initCarousel(root: HTMLElement): void {
  const slides = [...root.querySelectorAll<HTMLElement>('[data-slide]')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-carousel-dot]')];
  const track = root.querySelector<HTMLElement>('[data-carousel-track]');
  const counter = root.querySelector<HTMLElement>('[data-carousel-counter]');
  const pauseButton = root.querySelector<HTMLButtonElement>('[data-carousel-pause]');
  const total = slides.length;
  if (total === 0) return;

  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let index = 0;
  let userPaused = false;
  let hovered = false;
  let keyboardFocus = false;
  let timer: number | undefined;
  let remaining = CAROUSEL_DELAY_MS;
  let startedAt = 0;

  const isAutoplayAllowed = () => !reducedMotion.matches && !userPaused;
  const isHeld = () => hovered || keyboardFocus || document.hidden;

  // Until media are allowed (load event, then idle) the first slide shows its preloaded poster.
  let mediaAllowed = false;
  // Whether any of the carousel is in the viewport; a video off screen is paused.
  let onScreen = true;
  const videos = slides.map((slide) => slide.querySelector<HTMLVideoElement>('[data-slide-video]'));

  /** Plays the active slide's video and pauses the rest (once media are allowed). */
  const syncVideos = () => {
    if (!mediaAllowed) return;
    const mayPlay = onScreen && !document.hidden && !reducedMotion.matches && !userPaused && !isSavingData();
    videos.forEach((video, i) => {
      if (!video) return;
      if (!video.poster && video.dataset.poster) video.poster = video.dataset.poster;
      if (i === index && mayPlay) {
        video.preload = 'auto';
        video.play().catch((error: unknown) => {
          // Autoplay refused (power saving, data saver): the poster stays, which is fine.
          if ((error as DOMException)?.name !== 'AbortError') console.warn('Carousel video autoplay blocked', error);
        });
      } else {
        if (!video.paused) video.pause();
      }
    });
  };

  /** Starts, holds or stops the countdown to the next slide to match the current state. */
  const syncTimer = () => {
    window.clearTimeout(timer);
    timer = undefined;
    let state: string;
    if (!isAutoplayAllowed()) {
      state = reducedMotion.matches ? 'static' : 'paused';
    } else if (isHeld()) {
      state = 'held';
    } else {
      state = 'playing';
      startedAt = performance.now();
      timer = window.setTimeout(() => goTo(index + 1), remaining);
    }
    if (root.dataset.state !== state) root.dataset.state = state;
    // Announce slide changes only when they are not happening by themselves.
    const live = state === 'playing' ? 'off' : 'polite';
    if (track && track.getAttribute('aria-live') !== live) track.setAttribute('aria-live', live);
  };

  /** Stops the countdown where it is, keeping the time left. */
  const hold = () => {
    if (timer !== undefined) remaining = Math.max(0, remaining - (performance.now() - startedAt));
    syncTimer();
  };

  /** Shows slide `target` (wrapping around both ends). */
  const goTo = (target: number) => {
    index = ((target % total) + total) % total;
    // Only what changes is written: an attribute set, even to its own value, restyles the carousel.
    slides.forEach((slide, i) => {
      const active = String(i === index);
      if (slide.dataset.active === active) return;
      slide.dataset.active = active;
      slide.inert = i !== index;
    });
    dots.forEach((dot, i) => {
      const current = dot.getAttribute('aria-current') === 'true';
      if (i === index && !current) dot.setAttribute('aria-current', 'true');
      else if (i !== index && current) dot.removeAttribute('aria-current');
    });
    const shown = String(index + 1).padStart(2, '0');
    if (counter && counter.textContent !== shown) counter.textContent = shown;
    if (root.dataset.activeIndex !== String(index)) root.dataset.activeIndex = String(index);
    remaining = CAROUSEL_DELAY_MS;
    syncVideos();
    syncTimer();
  };

  const applyMotionPreference = () => {
    // The page sets the property inline; rewriting it unchanged would restyle the whole carousel.
    const transition = reducedMotion.matches ? '0ms' : `${CAROUSEL_TRANSITION_MS}ms`;
    if (root.style.getPropertyValue('--carousel-transition') !== transition) root.style.setProperty('--carousel-transition', transition);
    syncVideos();
    syncTimer();
  };

  const renderPauseButton = () => {
    if (!pauseButton) return;
    pauseButton.setAttribute('aria-label', userPaused ? 'Play slideshow' : 'Pause slideshow');
  };

  root.querySelector('[data-carousel-prev]')?.addEventListener('click', () => goTo(index - 1));
  root.querySelector('[data-carousel-next]')?.addEventListener('click', () => goTo(index + 1));
  dots.forEach((dot, i) => dot.addEventListener('click', () => goTo(i)));
  pauseButton?.addEventListener('click', () => {
    userPaused = !userPaused;
    remaining = CAROUSEL_DELAY_MS;
    renderPauseButton();
    syncVideos();
    syncTimer();
  });

  root.addEventListener('pointerenter', (event) => {
    if (event.pointerType !== 'mouse') return;
    hovered = true;
    hold();
  });
  root.addEventListener('pointerleave', (event) => {
    if (event.pointerType !== 'mouse') return;
    hovered = false;
    syncTimer();
  });
  // Keyboard users reading a slide keep it; a mouse click on a control does not hold it.
  root.addEventListener('focusin', (event) => {
    if (!(event.target as HTMLElement).matches(':focus-visible')) return;
    keyboardFocus = true;
    hold();
  });
  root.addEventListener('focusout', (event) => {
    if (root.contains(event.relatedTarget as Node | null)) return;
    keyboardFocus = false;
    syncTimer();
  });
  root.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowLeft') goTo(index - 1);
    else if (event.key === 'ArrowRight') goTo(index + 1);
    else return;
    event.preventDefault();
  });

  let touchX: number | undefined;
  root.addEventListener('touchstart', (event) => (touchX = event.touches[0]?.clientX), { passive: true });
  root.addEventListener(
    'touchend',
    (event) => {
      const endX = event.changedTouches[0]?.clientX;
      if (touchX === undefined || endX === undefined) return;
      const dx = endX - touchX;
      touchX = undefined;
      if (Math.abs(dx) >= SWIPE_MIN_PX) goTo(index + (dx < 0 ? 1 : -1));
    },
    { passive: true },
  );

  document.addEventListener('visibilitychange', () => {
    if (document.hidden) hold();
    else syncTimer();
    syncVideos();
  });
  reducedMotion.addEventListener('change', applyMotionPreference);

  renderPauseButton();
  applyMotionPreference();
  goTo(0);

  const allowMedia = () =>
    whenIdle(() => {
      mediaAllowed = true;
      if ('IntersectionObserver' in window) {
        new IntersectionObserver((entries) => {
          onScreen = entries.some((entry) => entry.isIntersecting);
          syncVideos();
        }).observe(root);
      } else {
        syncVideos();
      }
    });
  if (document.readyState === 'complete') allowMedia();
  else window.addEventListener('load', allowMedia, { once: true });
}

/** Wires every carousel of the page once. */
function initCarousels(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-carousel]')) {
    if (root.dataset.carouselBound) continue;
    root.dataset.carouselBound = 'true';
    initCarousel(root);
  }
}

initCarousels();
document.addEventListener('astro:after-swap', initCarousels);
