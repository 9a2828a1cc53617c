/**
 * What the cart drawer says about a line the live catalogue no longer lets a shopper order as it
 * stands (see applyLiveToCart), and whether the cart may go on to checkout.
 */
import type { CartLineProblem } from './reconcile';

/** The note shown on a flagged cart line: what changed and what the shopper can do. */
export function describeCartLineProblem(problem: CartLineProblem): string {
  switch (problem.reason) {
    case 'removed':
      return 'No longer available. Remove it to continue to checkout.';
    case 'quote-only':
      return 'Now sold by quote only. Remove it and request a quote instead.';
    case 'out-of-stock':
      return 'Out of Stock. Remove it to continue to checkout.';
    case 'short':
      return problem.available === 1
        ? 'Only 1 left. Lower the quantity to continue to checkout.'
        : `Only ${problem.available} left. Lower the quantity to continue to checkout.`;
  }
}

/** Whether a cart with these problems may proceed to checkout: only when none is left. */
export function canProceedToCheckout(lineCount: number, problems: readonly CartLineProblem[]): boolean {
  return lineCount > 0 && problems.length === 0;
}
