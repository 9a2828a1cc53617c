/**
 * Drives a native <dialog> as a modal from React state: showModal() when open (the rest of the page
 * becomes inert), Escape and a click outside the panel ask to close, Tab cycles inside, the page
 * behind does not scroll, and focus returns to where it was (or to a given element) on close.
 */
import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focusable elements inside a container that are actually shown. */
function focusablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.getClientRects().length > 0 && !el.closest('[inert]'),
  );
}

let openDialogs = 0;
let savedOverflow = '';

/** Locks page scrolling while at least one modal is open. */
function lockScroll(): void {
  if (openDialogs++ === 0) {
    savedOverflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
  }
}

/** Releases the scroll lock once the last modal closes. */
function unlockScroll(): void {
  if (--openDialogs === 0) document.documentElement.style.overflow = savedOverflow;
}

/** Options of {@link useModalDialog}. */
export interface ModalDialogOptions {
  /** Whether the dialog should be shown. */
  open: boolean;
  /** Asked to close (Escape, a click on the backdrop); the caller updates its state. */
  onRequestClose: () => void;
  /** Where focus goes on close when the element focused before opening is gone. */
  returnFocusTo?: () => HTMLElement | null | undefined;
  /** Element to focus on open; the first focusable one otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/** Binds a <dialog> element to `open`; returns the ref to put on it. */
export function useModalDialog({ open, onRequestClose, returnFocusTo, initialFocus }: ModalDialogOptions) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const requestClose = useRef(onRequestClose);
  requestClose.current = onRequestClose;
  const fallbackFocus = useRef(returnFocusTo);
  fallbackFocus.current = returnFocusTo;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    lockScroll();
    (initialFocus?.current ?? focusablesIn(dialog)[0] ?? dialog).focus();

    const onCancel = (event: Event) => {
      // Escape: let React state decide, so the store and the dialog never disagree.
      event.preventDefault();
      requestClose.current();
    };
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) requestClose.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = focusablesIn(dialog);
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('click', onClick);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('click', onClick);
      dialog.removeEventListener('keydown', onKeyDown);
      if (dialog.open) dialog.close();
      unlockScroll();
      const back = opener.current?.isConnected ? opener.current : fallbackFocus.current?.();
      back?.focus({ preventScroll: false });
    };
  }, [open]);

  return ref;
}
