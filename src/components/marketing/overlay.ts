/**
 * Shows a full-screen status overlay with its message for `ms` milliseconds, then hides it.
 * The overlay is a polite live region, so the message is announced; focus stays where it was.
 * Resolves false without waiting when the overlay is already showing.
 */
export function showOverlayFor(overlay: HTMLElement, ms: number): Promise<boolean> {
  if (overlay.dataset.open === 'true') return Promise.resolve(false);
  const message = overlay.querySelector<HTMLElement>('[data-overlay-message]');
  overlay.dataset.open = 'true';
  // The live region stays in the DOM; filling its text is what screen readers announce.
  if (message) message.textContent = overlay.dataset.message ?? '';
  return new Promise((resolve) => {
    window.setTimeout(() => {
      overlay.dataset.open = 'false';
      if (message) message.textContent = '';
      resolve(true);
    }, ms);
  });
}

/**
 * Shows the overlay for as long as `task` runs (no fixed delay), then hides it and returns the
 * task's result. The message is announced as with showOverlayFor.
 */
export async function showOverlayWhile<T>(overlay: HTMLElement, task: () => Promise<T>): Promise<T> {
  const message = overlay.querySelector<HTMLElement>('[data-overlay-message]');
  overlay.dataset.open = 'true';
  if (message) message.textContent = overlay.dataset.message ?? '';
  try {
    return await task();
  } finally {
    overlay.dataset.open = 'false';
    if (message) message.textContent = '';
  }
}
