import type sharpFunction from 'sharp';

let loading: Promise<typeof sharpFunction> | undefined;

/**
 * sharp, loaded on first use and kept: its native libvips costs about 0.1 CPU-s to load, and
 * most server processes never touch an image (uploads and packing slips do).
 */
export function loadSharp(): Promise<typeof sharpFunction> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
