/**
 * The shop state that product cards, the detail modal and the performance overlay share: the
 * selected product and the overlay's timings. Apart from ./shop (filters, search, sort and their
 * URL) so that category and vendor pages, which show cards and the modal but no shop query, do not
 * load the shop's state.
 */
import { atom } from 'nanostores';

/** Id of the product shown in the detail modal, or null when it is closed. */
export const $selectedProduct = atom<string | null>(null);
/** How long the last filter/sort/search took, in milliseconds (performance overlay). */
export const $lastQueryMs = atom(0);
/** How long the detail modal took from selection to its DOM being in place, in ms. */
export const $modalRenderMs = atom<number | null>(null);

let selectedAt = 0;

/** Opens the detail modal for a product, noting when, so the modal can time its render. */
export function selectProduct(id: string): void {
  selectedAt = performance.now();
  $selectedProduct.set(id);
}

/** When the last product was selected (performance.now() time). */
export function readSelectionTime(): number {
  return selectedAt;
}

/** Records the modal's render time (performance overlay). */
export function recordModalRender(ms: number): void {
  $modalRenderMs.set(ms);
}

/** Closes the detail modal. */
export function deselectProduct(): void {
  $selectedProduct.set(null);
}
