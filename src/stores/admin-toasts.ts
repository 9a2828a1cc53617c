/**
 * $toasts: the back office's notifications (spec §9: at most 3 visible, 4000 ms each). A tiny store
 * instead of a toast library: sonner needs react-dom, which then leaves the React renderer's chunk
 * on every storefront page (measured +0.6 KB gzip per page, over the 85 KB budget).
 */
import { atom } from 'nanostores';

/** Toasts shown at once; older ones wait their turn. */
export const TOAST_VISIBLE = 3;
/** How long a toast stays. */
export const TOAST_DURATION_MS = 4000;

/** One notification. */
export interface Toast {
  id: number;
  kind: 'success' | 'error';
  message: string;
}

/** Every toast not yet dismissed, oldest first. */
export const $toasts = atom<Toast[]>([]);

let nextId = 1;

/** Shows a toast; it leaves after TOAST_DURATION_MS once visible (see AdminToaster). */
export function showToast(kind: Toast['kind'], message: string): void {
  $toasts.set([...$toasts.get(), { id: nextId++, kind, message }]);
}

/** Removes a toast. */
export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** The toast API the order actions call. */
export const toast = {
  success: (message: string) => showToast('success', message),
  error: (message: string) => showToast('error', message),
};
