/** The parser ships no types: its one export as the metrics test uses it. */
declare module 'parse-prometheus-text-format' {
  /** Metric families of a Prometheus text exposition, as prom2json shows them. */
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
