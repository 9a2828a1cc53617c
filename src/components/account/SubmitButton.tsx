import type { ReactNode } from 'react';
import { useHydrated } from '../ui/use-hydrated';

/** The full-width submit button with a spinner while loading. */
export function SubmitButton({ children, loading, disabled }: { children: ReactNode; loading: boolean; disabled?: boolean }) {
  // Until the island hydrates there is no handler: a press would send the form natively, fields in the URL.
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      disabled={!hydrated || disabled || loading}
      aria-busy={loading || undefined}
      className="flex min-h-12 w-full items-center justify-center gap-2 rounded-xl bg-accent px-5 py-3 text-base font-semibold text-white shadow-sm transition-colors hover:bg-accent-strong disabled:cursor-not-allowed disabled:bg-ink-muted/50"
    >
      {loading && <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none" aria-hidden="true" />}
      {children}
    </button>
  );
}
