/**
 * The performance monitor of a bulk import (spec §2.13, §3 import metrics, §8 suggestions, §9
 * status and thresholds): the server's status, speed trend, error rate, memory and images, and the
 * suggestions the server gives when a threshold is crossed.
 */
import { IMPORT_ERROR_RATE_WARN, IMPORT_MEMORY_WARN, type ImportJob } from '../../../lib/schemas/admin-imports';
import { formatClock, formatCount, formatPerProduct, formatShare, formatSpeed } from './import-format';
import { Figure, SideCard } from './import-ui';

/** Colours of the §9 performance statuses. */
const PERFORMANCE_CLASSES: Record<string, string> = {
  Excellent: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  Good: 'bg-sky-50 text-sky-900 ring-sky-300',
  Slow: 'bg-amber-100 text-amber-900 ring-amber-300',
  'Issues Detected': 'bg-red-50 text-red-800 ring-red-300',
};

/** The speed samples as a small line (drawn only; the figures say the same in text). */
function Trend({ samples }: { samples: readonly number[] }) {
  const width = 240;
  const height = 48;
  if (samples.length < 2) return <div className="grid h-12 place-items-center rounded-lg bg-canvas/60 px-3 text-center text-xs text-ink-muted">The speed trend draws while this page watches the import run.</div>;
  const max = Math.max(...samples, 1);
  const step = width / (samples.length - 1);
  const points = samples.map((v, i) => `${(i * step).toFixed(1)},${(height - 4 - (v / max) * (height - 8)).toFixed(1)}`);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className="h-12 w-full rounded-lg bg-canvas/60" aria-hidden="true" focusable="false">
      <polyline points={`0,${height} ${points.join(' ')} ${width},${height}`} fill="rgb(15 27 45 / 0.08)" stroke="none" />
      <polyline points={points.join(' ')} fill="none" stroke="var(--color-ink)" strokeWidth="2" vectorEffect="non-scaling-stroke" strokeLinejoin="round" />
    </svg>
  );
}

/** The monitor card of one job; `samples` are the upload speeds seen while it ran (at most IMPORT_TREND_SAMPLES). */
export function PerformanceMonitor({ job, samples }: { job: ImportJob; samples: readonly number[] }) {
  const m = job.metrics;
  const started = m.processedProducts > 0;
  const status = started ? m.performanceStatus : null;
  return (
    <SideCard
      id="import-performance"
      title="Performance monitor"
      level={3}
      badge={status && <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${PERFORMANCE_CLASSES[status] ?? PERFORMANCE_CLASSES.Good}`}>{status}</span>}
    >
      <div className="mt-3">
        <Trend samples={samples} />
        {samples.length >= 2 && <p className="mt-1 text-xs text-ink-muted">Upload speed, last {samples.length} samples</p>}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3">
        <Figure label="Upload speed" value={started ? formatSpeed(m.uploadSpeed) : '—'} />
        <Figure label="Error rate" value={started ? formatShare(m.errorRate) : '—'} tone={m.errorRate > IMPORT_ERROR_RATE_WARN ? 'danger' : 'ink'} />
        <Figure label="Per product" value={started ? formatPerProduct(m.averageProcessingTime) : '—'} />
        <Figure label="Server memory" value={formatShare(m.memoryUsage)} tone={m.memoryUsage > IMPORT_MEMORY_WARN ? 'danger' : 'ink'} />
        <Figure label="Images" value={`${formatCount(m.uploadedImages)} of ${formatCount(m.totalImages)}`} />
        <Figure label="Started at" value={formatClock(m.startTime)} />
      </dl>
      <div className="mt-4 border-t border-line pt-3">
        <h4 className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Suggestions</h4>
        {job.suggestions.length === 0 ? (
          <p className="mt-1.5 text-sm text-ink-soft">{started ? 'None: the import runs within its limits.' : 'They appear here if the import slows down or refuses many rows.'}</p>
        ) : (
          <ul className="mt-2 grid gap-2">
            {job.suggestions.map((s) => (
              <li key={s} className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
                <span aria-hidden="true" className="mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full bg-amber-600" />
                {s}
              </li>
            ))}
          </ul>
        )}
      </div>
    </SideCard>
  );
}
