/**
 * What staff read when an image is refused, shared by the back office's upload and the server.
 * Apart from ./media.ts, whose srcset helper every shop page loads: shoppers never download these.
 */
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from './constants';

/** Spec §5's size message for a limit of `maxBytes` ('File size too large. Maximum size is 10MB.' at 10 MB). */
export function fileTooLargeMessage(maxBytes: number): string {
  return `File size too large. Maximum size is ${Number((maxBytes / (1024 * 1024)).toFixed(1))}MB.`;
}

/** What staff read when an image is refused (spec §5 and §8 where it has the words). */
export const MEDIA_MESSAGES = {
  /** Spec §5 Image upload. */
  invalidType: 'Invalid file type. Only JPEG, PNG, WebP, and GIF are allowed.',
  /** Spec §5 Image upload. */
  tooLarge: fileTooLargeMessage(IMAGE_MAX_BYTES),
  tooManyPixels: `Image dimensions too large. Maximum is ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`,
  unreadable: 'The image could not be read. It may be damaged: please try another file.',
  noFile: 'Please choose an image to upload.',
  badUrl: 'Please enter an http(s) image URL.',
  privateAddress: 'Images can only be fetched from public web addresses.',
  unreachable: 'That address could not be reached. Please check the URL.',
  timeout: 'The image took too long to download. Please try again or upload the file instead.',
  tooManyRedirects: 'That address redirects too many times.',
  /** The remote server answered something else than the image; `{status}` is its HTTP status. */
  remoteStatus: 'The image could not be downloaded from that address (it answered {status}).',
} as const;
