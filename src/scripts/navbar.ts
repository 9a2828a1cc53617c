/**
 * Navbar behaviour: the scrolled style (data-scrolled on the header past
 * NAVBAR_SCROLL_THRESHOLD_PX), and the desktop dropdowns with their nested submenu, usable with a
 * mouse (hover), a pointer (click) and a keyboard (Enter/Space, arrows, Home/End, Escape).
 */
import { NAVBAR_SCROLL_THRESHOLD_PX } from '../lib/constants';
import './mobile-menu';

// How long the pointer may leave a menu before it closes, so diagonal moves do not snap it shut.
const HOVER_CLOSE_DELAY_MS = 180;

/** Keeps `data-scrolled` on the header in step with the scroll position. */
function watchScroll(header: HTMLElement): void {
  let queued = false;
  const update = () => {
    queued = false;
    const scrolled = window.scrollY > NAVBAR_SCROLL_THRESHOLD_PX;
    if (header.dataset.scrolled !== String(scrolled)) header.dataset.scrolled = String(scrolled);
  };
  update();
  window.addEventListener(
    'scroll',
    () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(update);
    },
    { passive: true },
  );
}

/** Focusable items of a menu panel that are currently shown (links and buttons, in order). */
function listItems(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>('a[href], button')].filter(
    (el) => !el.closest('[hidden]'),
  );
}

/** Moves focus within a panel's items by the key pressed; returns whether it handled the key. */
function moveFocus(panel: HTMLElement, key: string): boolean {
  const items = listItems(panel);
  if (items.length === 0) return false;
  const index = items.indexOf(document.activeElement as HTMLElement);
  let next: number;
  if (key === 'ArrowDown') next = index < 0 ? 0 : (index + 1) % items.length;
  else if (key === 'ArrowUp') next = index <= 0 ? items.length - 1 : index - 1;
  else if (key === 'Home') next = 0;
  else if (key === 'End') next = items.length - 1;
  else return false;
  items[next]!.focus();
  return true;
}

/** A disclosure: a trigger button with aria-expanded and the panel it shows. */
interface Disclosure {
  root: HTMLElement;
  trigger: HTMLButtonElement;
  panel: HTMLElement;
  /** Opened by hovering (a click then pins it instead of closing it). */
  byHover: boolean;
  closeTimer?: number;
}

/** Opens or closes a disclosure and reflects it in aria-expanded. */
function setOpen(d: Disclosure, open: boolean): void {
  window.clearTimeout(d.closeTimer);
  d.trigger.setAttribute('aria-expanded', String(open));
  d.panel.hidden = !open;
  if (!open) d.byHover = false;
}

/** Whether a disclosure is open. */
function isOpen(d: Disclosure): boolean {
  return d.trigger.getAttribute('aria-expanded') === 'true';
}

/** Opens a submenu to the side that has room for it. */
function placeSubmenu(panel: HTMLElement): void {
  panel.removeAttribute('data-flip');
  const rect = panel.getBoundingClientRect();
  if (rect.right > document.documentElement.clientWidth - 8) panel.dataset.flip = 'left';
}

/** Binds hover and click behaviour shared by dropdowns and submenus. */
function bindPointer(d: Disclosure, onOpen: () => void, onClose: () => void): void {
  d.root.addEventListener('pointerenter', (event) => {
    if (event.pointerType !== 'mouse') return;
    window.clearTimeout(d.closeTimer);
    if (!isOpen(d)) {
      onOpen();
      d.byHover = true;
    }
  });
  d.root.addEventListener('pointerleave', (event) => {
    if (event.pointerType !== 'mouse' || !d.byHover) return;
    d.closeTimer = window.setTimeout(onClose, HOVER_CLOSE_DELAY_MS);
  });
  d.trigger.addEventListener('click', () => {
    if (isOpen(d) && d.byHover) {
      d.byHover = false; // a click on a hover-opened menu keeps it open
      return;
    }
    if (isOpen(d)) onClose();
    else onOpen();
  });
}

/** Wires the desktop navigation's dropdowns. */
function initDropdowns(nav: HTMLElement): void {
  const dropdowns: Disclosure[] = [];
  const submenus: Disclosure[] = [];

  const closeSubmenus = (within?: HTMLElement) => {
    for (const s of submenus) if (!within || within.contains(s.root)) setOpen(s, false);
  };
  const closeDropdown = (d: Disclosure) => {
    closeSubmenus(d.panel);
    setOpen(d, false);
  };
  const openDropdown = (d: Disclosure) => {
    for (const other of dropdowns) if (other !== d) closeDropdown(other);
    setOpen(d, true);
  };

  for (const root of nav.querySelectorAll<HTMLElement>('[data-dropdown]')) {
    const trigger = root.querySelector<HTMLButtonElement>('[data-dropdown-trigger]');
    const panel = root.querySelector<HTMLElement>('[data-dropdown-panel]');
    if (!trigger || !panel) continue;
    const d: Disclosure = { root, trigger, panel, byHover: false };
    dropdowns.push(d);
    bindPointer(d, () => openDropdown(d), () => closeDropdown(d));

    trigger.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        openDropdown(d);
        moveFocus(panel, event.key === 'ArrowDown' ? 'Home' : 'End');
      }
    });
    panel.addEventListener('keydown', (event) => {
      const inSubmenu = (event.target as HTMLElement).closest('[data-submenu-panel]');
      if (inSubmenu) return; // the submenu handles its own keys
      if (moveFocus(panel, event.key)) event.preventDefault();
    });
    root.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !isOpen(d)) return;
      const openSub = submenus.find((s) => isOpen(s) && panel.contains(s.root));
      event.preventDefault();
      if (openSub && openSub.root.contains(document.activeElement)) {
        setOpen(openSub, false);
        openSub.trigger.focus();
        return;
      }
      closeDropdown(d);
      trigger.focus();
    });
    root.addEventListener('focusout', (event) => {
      const next = event.relatedTarget as Node | null;
      if (next && root.contains(next)) return;
      if (next) closeDropdown(d); // focus moved elsewhere on the page
    });
  }

  for (const root of nav.querySelectorAll<HTMLElement>('[data-submenu]')) {
    const trigger = root.querySelector<HTMLButtonElement>('[data-submenu-trigger]');
    const panel = root.querySelector<HTMLElement>('[data-submenu-panel]');
    if (!trigger || !panel) continue;
    const s: Disclosure = { root, trigger, panel, byHover: false };
    submenus.push(s);
    const open = () => {
      setOpen(s, true);
      placeSubmenu(panel);
    };
    bindPointer(s, open, () => setOpen(s, false));
    root.addEventListener('keydown', (event) => {
      const fromPanel = panel.contains(event.target as Node);
      if (!fromPanel && event.key === 'ArrowRight') {
        event.preventDefault();
        open();
        moveFocus(panel, 'Home');
      } else if (fromPanel && event.key === 'ArrowLeft') {
        event.preventDefault();
        setOpen(s, false);
        trigger.focus();
      } else if (fromPanel && moveFocus(panel, event.key)) {
        event.preventDefault();
      }
    });
  }

  document.addEventListener('click', (event) => {
    for (const d of dropdowns) {
      if (isOpen(d) && !d.root.contains(event.target as Node)) closeDropdown(d);
    }
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    // Menus opened by hover close too, even when focus is outside them.
    for (const d of dropdowns) if (isOpen(d) && !d.root.contains(document.activeElement)) closeDropdown(d);
  });
  // A page restored from the back/forward cache must not come back with a menu open.
  window.addEventListener('pageshow', () => dropdowns.forEach(closeDropdown));
}

/** Finds the navbar in the document and wires it. */
function initNavbar(): void {
  const header = document.getElementById('site-header');
  if (!header || header.dataset.navBound) return;
  header.dataset.navBound = 'true';
  watchScroll(header);
  // The desktop nav's menus and the account menu beside the cart.
  initDropdowns(header);
}

initNavbar();
document.addEventListener('astro:after-swap', initNavbar);
// Only a browser with a cached profile (BaseLayout marks it before first paint) needs the account
// controls' code; guests load none of it.
if (document.documentElement.dataset.account === 'member') void import('./account-nav');
