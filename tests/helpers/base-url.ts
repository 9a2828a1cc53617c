import { inject } from 'vitest';

/** Origin of the server under test (from the e2e globalSetup), without a trailing slash. */
export function baseUrl(): string {
  const url = inject('baseUrl');
  if (!url) throw new Error('No server under test: run the e2e project (its globalSetup starts one) or set E2E_BASE_URL.');
  return url;
}

/** Absolute URL of a path on the server under test. */
export function urlOf(path: string): string {
  return `${baseUrl()}${path}`;
}
