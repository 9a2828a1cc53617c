import { useEffect, useRef, useState } from 'react';
import type { DailySeries } from './uplot-chart';

/** Height of a daily chart, in CSS pixels (reserved before uPlot arrives so nothing jumps). */
const CHART_HEIGHT = 240;

/**
 * A chart of daily series, drawn by uPlot once its module has loaded (a chunk of its own, fetched
 * only here) and redrawn to the width of its box. The canvas is an image to assistive technology;
 * the figures are in the table that follows it.
 */
export function DailyChart({ title, labels, series }: { title: string; labels: string[]; series: DailySeries[] }) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined;
    let cancelled = false;
    const observer = new ResizeObserver(() => chart?.setSize({ width: Math.max(200, element.clientWidth), height: CHART_HEIGHT }));
    import('./uplot-chart')
      .then(({ drawDailyChart }) => {
        if (cancelled) return;
        chart = drawDailyChart(element, labels, series, { width: Math.max(200, element.clientWidth), height: CHART_HEIGHT });
        observer.observe(element);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      observer.disconnect();
      chart?.destroy();
    };
  }, [labels, series]);

  return (
    <figure className="min-w-0">
      <div ref={host} role="img" aria-label={`${title} chart; the figures are in the table below`} className="daily-chart min-h-[calc(240px+2.5rem)] w-full" data-chart={title} />
      {failed && <p className="text-sm text-danger">The chart could not be drawn; the figures are in the table below.</p>}
    </figure>
  );
}
