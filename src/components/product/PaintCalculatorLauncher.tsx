/**
 * The 'Calculate how much you need' button of a paint's page: the calculator itself (inputs, the
 * estimate, the cheapest mix) is a separate chunk loaded on the first click, so the page's own
 * JavaScript stays small.
 */
import { useState, type ComponentType } from 'react';
import type { PaintCalculatorProps } from './PaintCalculator';

/** Opens the coverage calculator in place, loading it on first use. */
export default function PaintCalculatorLauncher(props: PaintCalculatorProps) {
  const [Calculator, setCalculator] = useState<ComponentType<PaintCalculatorProps> | null>(null);
  const [state, setState] = useState<'closed' | 'loading' | 'failed'>('closed');

  const open = () => {
    setState('loading');
    import('./PaintCalculator')
      .then((m) => setCalculator(() => m.default))
      .catch(() => setState('failed'));
  };

  if (Calculator) return <Calculator {...props} />;
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        onClick={open}
        disabled={state === 'loading'}
        aria-expanded={false}
        className="inline-flex min-h-12 items-center justify-center gap-2 self-start rounded-lg bg-white px-5 text-sm font-semibold text-ink ring-1 ring-line transition hover:ring-ink/30 disabled:cursor-progress"
      >
        {state === 'loading' ? 'Opening the calculator…' : 'Calculate how much you need'}
      </button>
      {state === 'failed' && (
        <p role="alert" className="text-sm text-danger">
          The calculator could not be loaded. Please check your connection and try again.
        </p>
      )}
    </div>
  );
}
