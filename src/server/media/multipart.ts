import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { MEDIA_MESSAGES } from '../../lib/media-messages';
import { isBodyTooLarge } from '../http/body';
import { ApiError, payloadTooLarge, unsupportedMediaType } from '../http/errors';

/** A file of a multipart form. */
export interface UploadedFile {
  bytes: Buffer;
  /** The name the browser gave it (never trusted for anything but the audit log). */
  filename: string;
  /** The form's text fields (the first value of each name), for the caller to parse. */
  fields: Record<string, string>;
}

/** Whether the request body is multipart/form-data. */
export function isMultipart(request: Request): boolean {
  return request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() === 'multipart/form-data';
}

/**
 * Reads the one file of a multipart form field `field` while the body streams in, keeping at most
 * `maxBytes` of it: past that the rest is read and dropped, and the answer is 413 with `tooLarge`.
 * Text fields come back as they are; other files are ignored; 422 without the file, 400 for a body that is not multipart.
 */
export async function readMultipartFile(request: Request, field: string, maxBytes: number, tooLarge: string, noFile: string = MEDIA_MESSAGES.noFile): Promise<UploadedFile> {
  if (!isMultipart(request) || !request.body) throw unsupportedMediaType(MEDIA_MESSAGES.invalidType);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': request.headers.get('content-type')! },
      // busboy calls a file that reaches fileSize truncated: one byte more lets exactly maxBytes through.
      limits: { files: 1, fileSize: maxBytes + 1, fields: 20, fieldSize: 64 * 1024, parts: 40 },
    });
  } catch {
    throw new ApiError(400, 'bad_request', 'The upload could not be read.');
  }

  const result = new Promise<UploadedFile | undefined>((resolve, reject) => {
    let file: UploadedFile | undefined;
    let truncated = false;
    const fields: Record<string, string> = {};
    parser.on('field', (name, value) => {
      if (!(name in fields)) fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== field || file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => (truncated = true));
      stream.on('end', () => {
        file = { bytes: Buffer.concat(chunks), filename: info.filename ?? '', fields };
      });
    });
    parser.on('close', () => (truncated ? reject(payloadTooLarge(tooLarge)) : resolve(file)));
    parser.on('error', reject);
  });

  const body = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);
  body.on('error', (err) => parser.destroy(err));
  body.pipe(parser);
  try {
    const file = await result;
    if (!file) throw new ApiError(422, 'invalid_fields', noFile, { [field]: noFile });
    return file;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // The edge stops a body past MAX_UPLOAD_BYTES plus the form's overhead: a file too large anyway.
    if (isBodyTooLarge(err)) throw payloadTooLarge(tooLarge);
    throw new ApiError(400, 'bad_request', 'The upload could not be read.');
  }
}
