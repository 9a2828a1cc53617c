/**
 * The shop hero's image carousel (spec §2.7): a native scroll-snap strip, so touch swiping and
 * scrolling need no script; arrows on wide screens and the left/right keys move it one image at a
 * time, wrapping at either end.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ChevronIcon } from './Icons';
import type { HeroSlide } from './types';

/** The carousel's rendered width: beside the hero's text from 1024 px (at most about 640 px), the page's width below. */
const SLIDE_SIZES = '(min-width: 1280px) 640px, (min-width: 1024px) 52vw, calc(100vw - 2rem)';

/** True when a key press belongs to something that uses the arrow keys itself. */
function isOwnArrowTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName) ||
    target.closest('[role="slider"], [role="listbox"], [role="menu"], [role="tablist"], dialog[open]') !== null
  );
}

export interface HeroCarouselProps {
  slides: readonly HeroSlide[];
}

/** A horizontally scrolling strip of hero images with arrows, dots and keyboard control. */
export default function HeroCarousel({ slides }: HeroCarouselProps) {
  const strip = useRef<HTMLUListElement>(null);
  const region = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);

  const goTo = useCallback(
    (next: number) => {
      const el = strip.current;
      if (!el || slides.length === 0) return;
      const target = (next + slides.length) % slides.length;
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      el.scrollTo({ left: target * el.clientWidth, behavior: reduce ? 'auto' : 'smooth' });
      setIndex(target);
    },
    [slides.length],
  );

  // The index follows the strip when it is swiped or scrolled directly.
  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setIndex(Math.round(el.scrollLeft / Math.max(1, el.clientWidth))));
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  // Left/right keys scroll the carousel while it is on screen, unless another control owns them.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (isOwnArrowTarget(event.target)) return;
      const box = region.current?.getBoundingClientRect();
      if (!box || box.bottom <= 0 || box.top >= window.innerHeight) return;
      event.preventDefault();
      const current = Math.round((strip.current?.scrollLeft ?? 0) / Math.max(1, strip.current?.clientWidth ?? 1));
      goTo(current + (event.key === 'ArrowRight' ? 1 : -1));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [goTo]);

  const arrow =
    'absolute top-1/2 z-10 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow-card ring-1 ring-ink/10 backdrop-blur transition hover:bg-white lg:flex';

  return (
    <div
      ref={region}
      role="region"
      aria-roledescription="carousel"
      aria-label="Shop highlights"
      className="relative overflow-hidden rounded-card bg-ink shadow-lift"
    >
      <ul
        ref={strip}
        tabIndex={0}
        aria-label="Images, scroll sideways"
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {slides.map((slide, i) => (
          <li
            key={slide.src}
            className="relative w-full shrink-0 snap-center"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
          >
            <img
              src={slide.src}
              srcSet={slide.srcSet}
              sizes={slide.srcSet ? SLIDE_SIZES : undefined}
              alt={slide.alt}
              width={1600}
              height={1000}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
              decoding="async"
              className="aspect-[16/10] w-full object-cover"
            />
            <p className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/85 via-ink/40 to-transparent px-5 pt-12 pb-11 font-display text-base leading-snug text-white sm:text-xl">
              {slide.caption}
            </p>
          </li>
        ))}
      </ul>
      <button type="button" className={`${arrow} left-3`} onClick={() => goTo(index - 1)} aria-label="Previous image">
        <ChevronIcon direction="left" />
      </button>
      <button type="button" className={`${arrow} right-3`} onClick={() => goTo(index + 1)} aria-label="Next image">
        <ChevronIcon direction="right" />
      </button>
      <div className="absolute inset-x-0 bottom-0 flex justify-center">
        {slides.map((slide, i) => (
          <button
            key={slide.src}
            type="button"
            onClick={() => goTo(i)}
            aria-label={`Show image ${i + 1}: ${slide.caption}`}
            aria-current={i === index ? 'true' : undefined}
            className="group flex size-11 items-center justify-center"
          >
            <span className={`block h-1.5 rounded-full transition-all ${i === index ? 'w-6 bg-white' : 'w-1.5 bg-white/55 group-hover:bg-white/80'}`} />
          </button>
        ))}
      </div>
    </div>
  );
}
