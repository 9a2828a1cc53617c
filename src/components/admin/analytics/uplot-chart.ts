/**
 * Daily charts drawn with uPlot (loaded only by the analytics view, lazily): a few series over the
 * days of a period, lines or bars, in the back office's colours. uPlot draws on a canvas; the
 * figures are also in a table beside each chart for screen readers and keyboard users.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One series of a daily chart. */
export interface DailySeries {
  label: string;
  values: number[];
  color: string;
  kind: 'line' | 'bars';
  /** How a value reads in the legend. */
  format: (value: number) => string;
  /** How a value reads on the axis (short), `format` when absent. */
  axis?: (value: number) => string;
}

/** Draws a chart of `series` over `labels` (one per day) into `host`; returns it (call destroy() when done). */
export function drawDailyChart(host: HTMLElement, labels: string[], series: DailySeries[], size: { width: number; height: number }): uPlot {
  const bars = uPlot.paths.bars!({ size: [0.7, 28], align: 0 });
  const format = series[0]!.axis ?? series[0]!.format;
  const options: uPlot.Options = {
    width: size.width,
    height: size.height,
    scales: { x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
    cursor: { points: { size: 7 } },
    legend: { live: true },
    axes: [
      {
        stroke: '#566174',
        grid: { show: false },
        ticks: { stroke: '#e3ddd2' },
        values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (labels[i] ?? '') : '')),
      },
      { stroke: '#566174', grid: { stroke: '#efe9df' }, ticks: { show: false }, size: 56, values: (_u, splits) => splits.map((v) => format(v)) },
    ],
    series: [
      { label: 'Day', value: (_u, i) => (i === null || i === undefined ? '–' : (labels[i] ?? '–')) },
      ...series.map<uPlot.Series>((s) => ({
        label: s.label,
        stroke: s.color,
        width: s.kind === 'bars' ? 0 : 2,
        fill: s.kind === 'bars' ? s.color : `${s.color}14`,
        paths: s.kind === 'bars' ? bars : undefined,
        points: { show: s.kind === 'line' && labels.length <= 31, size: 5, fill: s.color },
        value: (_u, v) => (v === null || v === undefined ? '–' : s.format(v)),
      })),
    ],
  };
  const data: uPlot.AlignedData = [labels.map((_, i) => i), ...series.map((s) => s.values)];
  return new uPlot(options, data, host);
}
