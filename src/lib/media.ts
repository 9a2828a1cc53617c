/**
 * Names of the shop's stored images and the srcset built from them. Pure: the browser and the
 * server agree on every file name and size from the main image's URL alone, without a database.
 *
 * An upload is stored as `/media/<id>-<W>x<H>.webp` (W x H its size, fitted in 1920x1080) and as
 * one copy per variant, `/media/<id>-<W>x<H>.<variant>.webp`, whose size follows from W x H.
 */
import { IMAGE_MAX_HEIGHT, IMAGE_MAX_WIDTH, IMAGE_VARIANTS, type ImageVariantName } from './constants';

/** Path under which stored images are served. */
export const MEDIA_PATH_PREFIX = '/media/';
/** Extension (and format) of every stored image. */
export const MEDIA_EXTENSION = 'webp';

/** A width and a height in pixels. */
export interface PixelSize {
  width: number;
  height: number;
}

/** What a stored image's key says about it. */
export interface MediaKeyParts extends PixelSize {
  /** 32 lower-case hex digits, random. */
  id: string;
  /** The variant, or undefined for the main image. */
  variant?: ImageVariantName;
}

const VARIANT_NAMES = IMAGE_VARIANTS.map((v) => v.name).join('|').replace(/\./g, '\\.');
const KEY_PATTERN = new RegExp(`^([0-9a-f]{32})-([1-9][0-9]{0,4})x([1-9][0-9]{0,4})(?:\\.(${VARIANT_NAMES}))?\\.${MEDIA_EXTENSION}$`);

/** The size of an image of `size` scaled down (never up) to fit inside a box; an absent height is unbounded. */
export function fitInside(size: PixelSize, boxWidth: number, boxHeight: number = Number.POSITIVE_INFINITY): PixelSize {
  const scale = Math.min(1, boxWidth / size.width, boxHeight / size.height);
  if (scale === 1) return { width: size.width, height: size.height };
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/** The size a decoded image is stored at: fitted inside IMAGE_MAX_WIDTH x IMAGE_MAX_HEIGHT. */
export function storedImageSize(decoded: PixelSize): PixelSize {
  return fitInside(decoded, IMAGE_MAX_WIDTH, IMAGE_MAX_HEIGHT);
}

/** The size of each variant of a stored image of size `main`, in IMAGE_VARIANTS order. */
export function variantSizes(main: PixelSize): (PixelSize & { name: ImageVariantName })[] {
  return IMAGE_VARIANTS.map((v) => ({ name: v.name, ...fitInside(main, v.width, 'height' in v ? v.height : undefined) }));
}

/** The storage key of a stored image (main, or one of its variants). */
export function mediaKey(id: string, main: PixelSize, variant?: ImageVariantName): string {
  return `${id}-${main.width}x${main.height}${variant ? `.${variant}` : ''}.${MEDIA_EXTENSION}`;
}

/** Reads a storage key made by mediaKey; undefined for anything else (so no other name reaches storage). */
export function parseMediaKey(key: string): MediaKeyParts | undefined {
  const match = KEY_PATTERN.exec(key);
  if (!match) return undefined;
  const parts: MediaKeyParts = { id: match[1]!, width: Number(match[2]), height: Number(match[3]) };
  if (match[4]) parts.variant = match[4] as ImageVariantName;
  return parts;
}

/** The public URL of a storage key. */
export function mediaUrl(key: string): string {
  return `${MEDIA_PATH_PREFIX}${key}`;
}

/** The parts of one of our main-image URLs (`/media/<id>-<W>x<H>.webp`), or undefined for any other URL. */
export function parseMediaUrl(url: string): MediaKeyParts | undefined {
  if (!url.startsWith(MEDIA_PATH_PREFIX)) return undefined;
  const parts = parseMediaKey(url.slice(MEDIA_PATH_PREFIX.length));
  return parts && !parts.variant ? parts : undefined;
}

/** `srcSet` and `sizes` for an <img> (React names). */
export interface ImageSources {
  srcSet: string;
  sizes: string;
}

/**
 * The srcset of one of our images (the main image and its variants by width, one candidate per
 * width, the main file where a variant is as wide) with the given `sizes`; undefined for any other
 * image, which keeps its plain src.
 */
export function mediaSrcSet(url: string, sizes: string): ImageSources | undefined {
  const parts = parseMediaUrl(url);
  if (!parts) return undefined;
  // The main file first: where a variant is as wide, the browser reuses what `src` fetched.
  const byWidth = new Map<number, string>([[parts.width, url]]);
  for (const v of variantSizes(parts)) {
    if (!byWidth.has(v.width)) byWidth.set(v.width, mediaUrl(mediaKey(parts.id, parts, v.name)));
  }
  const srcSet = [...byWidth]
    .sort(([a], [b]) => a - b)
    .map(([width, src]) => `${src} ${width}w`)
    .join(', ');
  return { srcSet, sizes };
}
