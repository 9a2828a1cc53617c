/**
 * The home sections below the carousel: fade-in on scroll (`[data-fade]`, opacity and a vertical
 * offset over FADE_IN_DURATION_S, off under reduced motion; content is visible without JS) and the
 * pause toggle of the brand marquee.
 */

/** Hides `[data-fade]` blocks until they scroll into view, then fades them in once. */
function initFadeIn(): void {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  if (!('IntersectionObserver' in window)) return;
  const targets = [...document.querySelectorAll<HTMLElement>('[data-fade]:not(.is-visible)')];
  if (targets.length === 0) return;
  // The duration and offset (FADE_IN_DURATION_S, FADE_IN_OFFSET_PX) are set on the sections by the
  // page at build time: custom properties set here on <html> would restyle every element of the page.
  const root = document.documentElement;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.classList.add('is-visible');
        observer.unobserve(entry.target);
      }
    },
    { rootMargin: '0px 0px -8% 0px', threshold: 0.08 },
  );
  // No layout reads here: measuring every block would force a layout of the whole page at start.
  // The observer reports blocks already on screen in its first callback.
  for (const el of targets) observer.observe(el);
  root.classList.add('fade-ready');
}

/** The marquee's pause button (WCAG 2.2.2: moving content can be stopped). */
function initMarqueeToggle(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-marquee-toggle]')) {
    const marquee = button.closest('section')?.querySelector<HTMLElement>('[data-marquee]');
    if (!marquee || button.dataset.bound) continue;
    button.dataset.bound = 'true';
    button.addEventListener('click', () => {
      const paused = button.getAttribute('aria-pressed') !== 'true';
      button.setAttribute('aria-pressed', String(paused));
      marquee.dataset.paused = String(paused);
    });
  }
}

initFadeIn();
initMarqueeToggle();
document.addEventListener('astro:after-swap', () => {
  initFadeIn();
  initMarqueeToggle();
});
