// Upper bound on waiting for an idle moment, so a busy page still gets on with it.
const IDLE_TIMEOUT_MS = 3000;

/**
 * Calls `resolve` after the page has loaded and the main thread is idle (or IDLE_TIMEOUT_MS has
 * passed): when the stores fetch what a page can show without at first (live prices, the shop's
 * catalogue). Its own module, so a page takes it without the store that first had it.
 */
export function afterLoadWhenIdle(resolve: () => void): void {
  // Safari has no requestIdleCallback: a timer after load instead.
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  };
  if (typeof document !== 'undefined' && document.readyState !== 'complete') window.addEventListener('load', whenIdle, { once: true });
  else whenIdle();
}
