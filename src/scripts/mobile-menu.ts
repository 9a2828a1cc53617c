/**
 * The full-screen mobile menu: a modal <dialog> opened by `[data-menu-open]`. While open the page
 * behind does not scroll (body.scroll-locked). It closes on Escape (focus returns to the
 * hamburger), on any link inside it, on pagehide and astro:before-swap, and when the window widens
 * to DESKTOP_NAV_BREAKPOINT_PX or more.
 */
import { DESKTOP_NAV_BREAKPOINT_PX } from '../lib/constants';
import { openCart } from '../stores/cart';

const SCROLL_LOCK_CLASS = 'scroll-locked';

/** Finds the menu and its opener and wires them; safe to call again after a page swap. */
function initMobileMenu(): void {
  const dialog = document.getElementById('mobile-menu') as HTMLDialogElement | null;
  const opener = document.querySelector<HTMLButtonElement>('[data-menu-open]');
  if (!dialog || !opener || dialog.dataset.menuBound) return;
  dialog.dataset.menuBound = 'true';
  let returnFocus = true;

  const close = (restoreFocus: boolean) => {
    if (!dialog.open) return;
    returnFocus = restoreFocus;
    dialog.close();
  };

  opener.addEventListener('click', () => {
    if (dialog.open) return;
    dialog.showModal();
    document.body.classList.add(SCROLL_LOCK_CLASS);
    opener.setAttribute('aria-expanded', 'true');
  });

  dialog.addEventListener('close', () => {
    document.body.classList.remove(SCROLL_LOCK_CLASS);
    opener.setAttribute('aria-expanded', 'false');
    // Collapse the groups so the next opening starts from the top-level list.
    for (const group of dialog.querySelectorAll<HTMLButtonElement>('[data-menu-group]')) {
      setGroup(group, false);
    }
    if (returnFocus && opener.offsetParent !== null) opener.focus();
    returnFocus = true;
  });

  // Escape fires 'cancel'; the dialog then closes and focus goes back to the hamburger.
  dialog.addEventListener('cancel', () => {
    returnFocus = true;
  });

  dialog.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    if (target.closest('[data-menu-close]')) {
      close(true);
      return;
    }
    if (target.closest('[data-menu-cart]')) {
      close(false);
      openCart();
      return;
    }
    const group = target.closest<HTMLButtonElement>('[data-menu-group]');
    if (group) {
      setGroup(group, group.getAttribute('aria-expanded') !== 'true');
      return;
    }
    // Following a link is a route change: the menu must not be open on the next page.
    if (target.closest('a[href]')) close(false);
  });

  const desktop = window.matchMedia(`(min-width: ${DESKTOP_NAV_BREAKPOINT_PX}px)`);
  desktop.addEventListener('change', (event) => {
    if (event.matches) close(false);
  });
  window.addEventListener('pagehide', () => close(false));
  document.addEventListener('astro:before-swap', () => close(false));
}

/** Expands or collapses one group of the menu. */
function setGroup(button: HTMLButtonElement, open: boolean): void {
  button.setAttribute('aria-expanded', String(open));
  const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (panel) panel.hidden = !open;
}

initMobileMenu();
document.addEventListener('astro:after-swap', initMobileMenu);
