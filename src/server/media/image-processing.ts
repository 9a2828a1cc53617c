import type { Metadata, OutputInfo, Raw, SharpOptions } from 'sharp';
import { IMAGE_MAX_PIXELS, IMAGE_QUALITY } from '../../lib/constants';
import { storedImageSize, variantSizes, type PixelSize } from '../../lib/media';
import { MEDIA_MESSAGES } from '../../lib/media-messages';
import type { ImageVariantName } from '../../lib/constants';
import { ApiError, payloadTooLarge, unsupportedMediaType } from '../http/errors';
import { loadSharp } from './load-sharp';

/** The image types staff may send (spec §5), told apart by their first bytes only. */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

/** libvips' name of each accepted format (what sharp's metadata reports). */
const SHARP_FORMATS: Record<ImageType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The type of an image from its magic bytes, whatever its name or declared type; undefined for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

/**
 * Markup a browser or a PHP interpreter would run, anywhere in the file: the mark of a polyglot (an
 * image that is also an HTML page or a script). Each pattern is long enough that compressed pixel
 * data matches it by chance about once in a million 10 MB files.
 */
const MARKUP = /<(?:script|iframe|object|embed)[\s>/]|<(?:html|body|svg)[\s>]|<!doctype\s+html|<\?php[\s\n]|javascript:/i;

/** Whether the bytes carry HTML, SVG, script or PHP markup. */
export function carriesMarkup(bytes: Uint8Array): boolean {
  return MARKUP.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
}

/** One re-encoded file of an image. */
export interface EncodedImage extends PixelSize {
  bytes: Buffer;
}

/** An accepted image, re-encoded: the main file and one per variant, in IMAGE_VARIANTS order. */
export interface ProcessedImage {
  /** What the upload was, by its bytes. */
  sourceType: ImageType;
  /** Its size as decoded (after EXIF orientation). */
  source: PixelSize;
  main: EncodedImage;
  variants: (EncodedImage & { name: ImageVariantName })[];
}

/**
 * Decoding options: refuse pictures over IMAGE_MAX_PIXELS before any pixel is decoded; read only
 * the first frame of an animation (a product image is a still, and a GIF of thousands of frames
 * would cost thousands of decodes); tolerate the small flaws (warnings) browsers show anyway.
 */
const INPUT: SharpOptions = { limitInputPixels: IMAGE_MAX_PIXELS, pages: 1, failOn: 'error' };

/** Whether sharp refused an image for its declared pixel count. */
function isPixelLimitError(err: unknown): boolean {
  return err instanceof Error && /pixel limit/i.test(err.message);
}

/** The ApiError for an image sharp could not decode. */
function decodeError(err: unknown): ApiError {
  if (isPixelLimitError(err)) return payloadTooLarge(MEDIA_MESSAGES.tooManyPixels);
  return new ApiError(422, 'invalid_image', MEDIA_MESSAGES.unreadable);
}

/** The size of a picture once turned upright by its EXIF orientation. */
function uprightSize(metadata: Metadata): PixelSize {
  return metadata.autoOrient ?? { width: metadata.width!, height: metadata.height! };
}

/** WebP: every browser shows it, about a third smaller than JPEG at the same quality, and it keeps transparency. */
async function encode(pixels: Buffer, raw: Raw, size: PixelSize): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(pixels, { raw });
  const resized = size.width === raw.width && size.height === raw.height ? image : image.resize(size.width, size.height, { fit: 'fill' });
  return resized.webp({ quality: IMAGE_QUALITY, effort: 4 }).toBuffer();
}

/**
 * Checks and re-encodes an uploaded image: type from the bytes (JPEG, PNG, WebP, GIF; 415 for
 * anything else, SVG included, and for polyglots), 413 for a picture over IMAGE_MAX_PIXELS, 422 for
 * one that does not decode. The picture is turned upright by its EXIF orientation, fitted in
 * 1920x1080 and written as WebP with every variant; no metadata (EXIF, GPS, XMP, comments) is kept.
 */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const sourceType = sniffImageType(bytes);
  if (!sourceType || carriesMarkup(bytes)) throw unsupportedMediaType(MEDIA_MESSAGES.invalidType);

  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, INPUT).metadata();
  } catch (err) {
    throw decodeError(err);
  }
  if (metadata.format !== SHARP_FORMATS[sourceType]) throw unsupportedMediaType(MEDIA_MESSAGES.invalidType);

  let decoded: { data: Buffer; info: OutputInfo };
  try {
    const size = storedImageSize(uprightSize(metadata));
    decoded = await sharp(bytes, INPUT)
      .autoOrient()
      .resize(size.width, size.height, { fit: 'fill' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw decodeError(err);
  }

  const { data, info } = decoded;
  const raw: Raw = { width: info.width, height: info.height, channels: info.channels };
  const main: PixelSize = { width: info.width, height: info.height };
  const sizes = variantSizes(main);
  const [mainBytes, ...variantBytes] = await Promise.all([encode(data, raw, main), ...sizes.map((s) => encode(data, raw, s))]);
  return {
    sourceType,
    source: uprightSize(metadata),
    main: { ...main, bytes: mainBytes! },
    variants: sizes.map((s, i) => ({ ...s, bytes: variantBytes[i]! })),
  };
}
