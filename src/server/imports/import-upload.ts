import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { Transform } from 'node:stream';
import busboy from 'busboy';
import Papa from 'papaparse';
import { IMPORT_MESSAGES, parseDryRunField } from '../../lib/schemas/admin-imports';
import { isBodyTooLarge } from '../http/body';
import { ApiError, payloadTooLarge, unsupportedMediaType } from '../http/errors';
import { isMultipart } from '../media/multipart';
import { sniffCsv } from './csv-formats';
import { SNIFF_BYTES } from './csv-reader';
import { importFileKey, type ImportFileStore } from './import-files';
import type { StoredImportFile } from './imports.service';

/** An upload stored in the import file store, with the form's dryRun field. */
export interface ReceivedImport {
  file: StoredImportFile;
  dryRun: boolean;
}

/** Whether the first bytes hold a header and at least one record (a file of only a header has no product). */
function hasRecord(sample: Buffer, delimiter: string, complete: boolean): boolean {
  const text = sample.toString('utf8');
  const parsed = Papa.parse<string[]>(complete ? text : text.slice(0, text.lastIndexOf('\n') + 1) || text, { delimiter, skipEmptyLines: 'greedy', preview: 2 });
  return parsed.data.length >= 2 || (!complete && parsed.data.length >= 1 && sample.length >= SNIFF_BYTES);
}

/**
 * Streams the multipart field `file` into the import file store under a new job id's key (never held whole in memory),
 * at most `maxBytes`: 415 'Please select a valid CSV file' unless its first bytes are a CSV
 * (whatever its name or type say), 413 past the limit, 422 'No valid products found in CSV file'
 * for a file without a product row. The stored file is removed on any refusal.
 */
export async function receiveImportUpload(request: Request, files: ImportFileStore, maxBytes: number): Promise<ReceivedImport> {
  if (!isMultipart(request) || !request.body) throw unsupportedMediaType(IMPORT_MESSAGES.invalidFile);
  const id = randomUUID();
  const fileKey = importFileKey(id);
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { 'content-type': request.headers.get('content-type')! }, limits: { files: 1, fileSize: maxBytes + 1, fields: 10, fieldSize: 1024, parts: 20 } });
  } catch {
    throw new ApiError(400, 'bad_request', 'The upload could not be read.');
  }
  const fields: Record<string, string> = {};
  let sample = Buffer.alloc(0);
  let bytes = 0;
  let name = '';
  let seen = false;
  let refused: ApiError | undefined;
  let writing: Promise<void> | undefined;

  const done = new Promise<void>((resolve, reject) => {
    parser.on('field', (key, value) => (fields[key] = value));
    parser.on('file', (key, stream, info) => {
      if (key !== 'file' || seen) {
        stream.resume();
        return;
      }
      seen = true;
      name = info.filename ?? '';
      // Counted and sampled on the way through, not by a 'data' listener: that would let chunks flow
      // away before the store starts reading (it may first open a folder or a connection).
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          if (sample.length < SNIFF_BYTES) sample = Buffer.concat([sample, chunk.subarray(0, SNIFF_BYTES - sample.length)]);
          done(null, chunk);
        },
      });
      stream.on('error', (err) => tap.destroy(err));
      stream.on('limit', () => (refused = payloadTooLarge(IMPORT_MESSAGES.fileTooLarge(maxBytes))));
      writing = files.write(fileKey, stream.pipe(tap));
      // Awaited below; marked handled now so a store that fails before then is not an unhandled rejection.
      writing.catch(() => undefined);
    });
    parser.on('close', resolve);
    parser.on('error', reject);
  });

  const body = request.body as unknown as AsyncIterable<Uint8Array>;
  void (async () => {
    for await (const chunk of body) {
      if (parser.destroyed) return;
      if (!parser.write(chunk)) await once(parser, 'drain');
      // Other requests get their turn between chunks: chunks already received would otherwise be
      // parsed and written one after another without the event loop seeing anything else.
      await new Promise((resolve) => setImmediate(resolve));
    }
    parser.end();
  })().catch((err: unknown) => parser.destroy(err as Error));
  try {
    await done;
    await writing;
    if (refused) throw refused;
    if (!seen) throw new ApiError(422, 'invalid_fields', IMPORT_MESSAGES.noFile, { file: IMPORT_MESSAGES.noFile });
    if (bytes === 0 || sample.toString('utf8').trim() === '') throw new ApiError(422, 'invalid_fields', IMPORT_MESSAGES.noProducts, { file: IMPORT_MESSAGES.noProducts });
    const sniff = sniffCsv(sample);
    if (!sniff) throw unsupportedMediaType(IMPORT_MESSAGES.invalidFile);
    if (!hasRecord(sample, sniff.delimiter, bytes <= sample.length)) throw new ApiError(422, 'invalid_fields', IMPORT_MESSAGES.noProducts, { file: IMPORT_MESSAGES.noProducts });
    return { file: { id, key: fileKey, name, bytes }, dryRun: parseDryRunField(fields.dryRun) };
  } catch (err) {
    // The file's write fails with the body's own error: settled here, not left as an unhandled rejection (logged as an error).
    await writing?.catch(() => undefined);
    await files.delete(fileKey).catch(() => undefined);
    if (err instanceof ApiError) throw err;
    // The bucket failed, not the request: a 500 with its reason in the log. Told by name: the
    // class would load the AWS SDK into every server, bucket or not.
    if (err instanceof Error && err.name === 'ObjectStoreError') throw err;
    if (isBodyTooLarge(err)) throw payloadTooLarge(IMPORT_MESSAGES.fileTooLarge(maxBytes));
    throw new ApiError(400, 'bad_request', 'The upload could not be read.');
  }
}
