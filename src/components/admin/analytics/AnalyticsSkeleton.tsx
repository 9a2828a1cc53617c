/** The analytics view's frame while its code and chart library load (or before the island hydrates). */
export function AnalyticsSkeleton() {
  return (
    <div className="h-full overflow-y-auto p-4 sm:p-6 lg:p-8">
      <div className="mx-auto max-w-7xl space-y-5" aria-busy="true">
        <h1 className="font-display text-2xl font-semibold text-ink sm:text-3xl">Analytics</h1>
        <p className="text-sm text-ink-muted">Loading the charts…</p>
        <div aria-hidden="true" className="h-96 animate-pulse rounded-xl border border-line bg-white motion-reduce:animate-none" />
      </div>
    </div>
  );
}
