/**
 * Parses the first rows of a chosen CSV off the main thread. A worker is also its own bundle: the
 * CommonJS interop papaparse needs stays in here instead of the build's shared runtime, which
 * every storefront page loads.
 */
import Papa from 'papaparse';

self.onmessage = (event: MessageEvent<{ text: string; rows: number }>) => {
  const { text, rows } = event.data;
  self.postMessage(Papa.parse<string[]>(text, { preview: rows, skipEmptyLines: 'greedy' }).data);
};
