/**
 * The home carousel (spec §4): fades between slides every CAROUSEL_DELAY_MS, loops, holds while
 * the mouse is over it (or keyboard focus is in it, or the tab is hidden) and carries on after any
 * interaction. Under prefers-reduced-motion it neither advances by itself nor animates, and videos
 * stay on their posters. Only the active slide's video plays; the others are paused, never removed.
 * Videos (and the posters of the slides not shown yet) wait for the load event and then for the
 * first idle moment of the main thread, and play only while the carousel is on screen: a video
 * player's start is main-thread work that must not compete with the first paint and the page's own
 * scripts. The root's `data-active-index` and `data-state` (playing | held | paused | static)
 * expose it.
 */
import { CAROUSEL_DELAY_MS, CAROUSEL_TRANSITION_MS } from '../lib/constants';

// A horizontal swipe longer than this (px) changes slide on touch screens.
const SWIPE_MIN_PX = 50;


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

  // Whether the carousel is in the viewport, as last reported once media are allowed (load event,
  // then idle); until then the first slide shows its preloaded poster, and a video off screen is paused.
  let onScreen = false;
  const videos = slides.map((slide) => slide.querySelector<HTMLVideoElement>('[data-slide-video]'));

  /** Plays the active slide's video and pauses the rest (once media are allowed and on screen). */
  const syncVideos = () => {
    const mayPlay = onScreen && !reducedMotion.matches && !userPaused;
    videos.forEach((video, i) => {
      if (!video) return;
      if (onScreen && !video.poster && video.dataset.poster) video.poster = video.dataset.poster;
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
    root.dataset.state = state;
    // Announce slide changes only when they are not happening by themselves.
    track?.setAttribute('aria-live', state === 'playing' ? 'off' : 'polite');
  };

  /** Stops the countdown where it is, keeping the time left. */
  const hold = () => {
    if (timer !== undefined) remaining = Math.max(0, remaining - (performance.now() - startedAt));
    syncTimer();
  };

  /** Shows slide `target` (wrapping around both ends). */
  const goTo = (target: number) => {
    index = ((target % total) + total) % total;
    slides.forEach((slide, i) => {
      const active = i === index;
      slide.dataset.active = String(active);
      slide.inert = !active;
    });
    dots.forEach((dot, i) => {
      if (i === index) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
    if (counter) counter.textContent = String(index + 1).padStart(2, '0');
    root.dataset.activeIndex = String(index);
    remaining = CAROUSEL_DELAY_MS;
    syncVideos();
    syncTimer();
  };

  const applyMotionPreference = () => {
    root.style.setProperty('--carousel-transition', reducedMotion.matches ? '0ms' : `${CAROUSEL_TRANSITION_MS}ms`);
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

  document.addEventListener('visibilitychange', () => (document.hidden ? hold() : syncTimer()));
  reducedMotion.addEventListener('change', applyMotionPreference);

  // The page's HTML already shows slide 1, playing, with its labels: the start rewrites none of them
  // (an attribute set restyles the carousel), only what reduced motion changes.
  if (reducedMotion.matches) applyMotionPreference();
  else syncTimer();

  // Its first report (at once) starts the active video when the carousel is on screen.
  const startMedia = () =>
    new IntersectionObserver((entries) => {
      onScreen = entries.some((entry) => entry.isIntersecting);
      syncVideos();
    }).observe(root);
  // At the main thread's first idle moment (a macrotask where requestIdleCallback is missing).
  const allowMedia = () => ('requestIdleCallback' in window ? requestIdleCallback(startMedia) : setTimeout(startMedia));
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
