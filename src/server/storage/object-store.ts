/**
 * Object storage (S3 and S3-compatible servers: MinIO, Ceph, R2, the tests' s3rver) behind one
 * boundary. An ObjectStore is one folder of a bucket (a key prefix): media keeps its images under
 * `media/`, and other stored files (import uploads) can take a folder of their own in the same bucket.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';

/** Where and how to reach the bucket (the S3_* settings). */
export interface S3Settings {
  /** http(s) address of an S3-compatible server; empty for AWS's own endpoint of the region. */
  endpoint: string;
  bucket: string;
  region: string;
  /** Both empty: the SDK's usual credential chain (AWS_* variables, a profile, an instance role). */
  accessKeyId: string;
  secretAccessKey: string;
  /** Address buckets as `endpoint/bucket/key` instead of `bucket.endpoint/key` (most self-hosted servers). */
  forcePathStyle: boolean;
}

/** An object as read back. */
export interface ObjectBody {
  /** The bytes, streamed. */
  body: Readable;
  /** Length in bytes. */
  size: number;
  contentType: string;
}

/** An object's metadata, without its bytes. */
export interface ObjectHead {
  size: number;
  contentType: string;
}

/** One object of a listing. */
export interface ObjectInfo {
  /** The name inside the store's folder (the prefix removed). */
  name: string;
  size: number;
  modifiedAt: Date;
}

/** How an object is written. */
export interface PutOptions {
  contentType: string;
  /** Cache-Control kept with the object, for whoever serves the bucket directly (a CDN). */
  cacheControl?: string;
}

/** A folder of objects by name; names are checked by the caller (this layer writes any it is given). */
export interface ObjectStore {
  /** Stores bytes under a name; readers see the old object or the new one, never part of one. */
  put(name: string, bytes: Uint8Array, options: PutOptions): Promise<void>;
  /** The object of a name, or undefined when there is none. */
  get(name: string): Promise<ObjectBody | undefined>;
  /** The size and type of a name's object, or undefined when there is none. */
  head(name: string): Promise<ObjectHead | undefined>;
  /** Removes a name; removing a missing name is not an error. */
  delete(name: string): Promise<void>;
  /** Every stored object of the folder. */
  list(): AsyncIterable<ObjectInfo>;
}

/** Bytes of a streamed upload sent per request (S3's smallest multipart part): what putStream holds in memory. */
const STREAM_PART_BYTES = 5 * 1024 * 1024;

/** How long a connection to the object store may take to open before the request fails. */
const CONNECT_TIMEOUT_MS = 5_000;
/** How long a request may wait for the store's answer (between bytes) before it fails. */
const REQUEST_TIMEOUT_MS = 30_000;

/** An S3 client for the settings. */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    // The SDK's default CRC32 headers and chunked trailers are refused by some S3-compatible servers;
    // a plain PUT of a buffer with its length is what every one of them accepts.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * A request to the object store that failed (unreachable, refused, a 5xx after the SDK's retries).
 * The cause is told in the message, not chained: its network codes (ECONNREFUSED ...) must not be
 * taken for the database's, which answer 503 'database unavailable'.
 */
export class ObjectStoreError extends Error {
  override name = 'ObjectStoreError';
}

/** The error to throw for a failed request `what` (e.g. `PUT media/<key>`). */
function storeError(what: string, err: unknown): ObjectStoreError {
  const e = err as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode ? ` (HTTP ${e.$metadata.httpStatusCode})` : '';
  return new ObjectStoreError(`object store ${what} failed: ${e.code ?? e.name ?? 'Error'}: ${e.message ?? String(err)}${status}`);
}

/**
 * Whether an error of the SDK says the object is not there (GET: NoSuchKey; HEAD: a bare 404). A
 * missing bucket (NoSuchBucket, also a 404) is a fault of the settings, not a missing image.
 */
function isNotFound(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound');
}

/** A folder (key prefix) of one S3 bucket. */
export class S3ObjectStore implements ObjectStore {
  constructor(
    readonly client: S3Client,
    readonly bucket: string,
    /** Prefix of every key, ending in `/` (e.g. `media/`), or empty for the bucket's root. */
    readonly prefix: string,
    /** Keys per listing request (S3 answers at most 1,000). */
    readonly pageSize = 1_000,
  ) {}

  async put(name: string, bytes: Uint8Array, options: PutOptions): Promise<void> {
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.prefix + name,
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: options.contentType,
          ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}),
        }),
      );
    } catch (err) {
      throw storeError(`PUT ${this.prefix}${name}`, err);
    }
  }

  /**
   * Stores a stream of unknown length under a name, one part at a time (a single PUT when it fits
   * in one part, a multipart upload otherwise, aborted when the stream fails): at most one part of
   * STREAM_PART_BYTES is held in memory. Readers see the whole object or none.
   */
  async putStream(name: string, body: Readable, options: PutOptions): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.prefix + name, Body: body, ContentType: options.contentType, ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}) },
      queueSize: 1,
      partSize: STREAM_PART_BYTES,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      throw storeError(`PUT ${this.prefix}${name}`, err);
    }
  }

  /** Bytes `start` to `end` (inclusive, cut at the object's end) of a name's object, or undefined when there is none. */
  async getRange(name: string, start: number, end: number): Promise<Uint8Array | undefined> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + name, Range: `bytes=${start}-${end}` }));
      return await answer.Body!.transformToByteArray();
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw storeError(`GET ${this.prefix}${name} (bytes ${start}-${end})`, err);
    }
  }

  async get(name: string): Promise<ObjectBody | undefined> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + name }));
      return { body: answer.Body as Readable, size: answer.ContentLength ?? 0, contentType: answer.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw storeError(`GET ${this.prefix}${name}`, err);
    }
  }

  async head(name: string): Promise<ObjectHead | undefined> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.prefix + name }));
      return { size: answer.ContentLength ?? 0, contentType: answer.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw storeError(`HEAD ${this.prefix}${name}`, err);
    }
  }

  async delete(name: string): Promise<void> {
    try {
      // S3 answers 204 for a missing key as for a present one.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + name }));
    } catch (err) {
      throw storeError(`DELETE ${this.prefix}${name}`, err);
    }
  }

  async *list(): AsyncIterable<ObjectInfo> {
    let token: string | undefined;
    do {
      const page = await this.client
        .send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix || undefined, MaxKeys: this.pageSize, ContinuationToken: token }))
        .catch((err: unknown) => {
          throw storeError(`LIST ${this.prefix}`, err);
        });
      for (const item of page.Contents ?? []) {
        if (!item.Key?.startsWith(this.prefix)) continue;
        yield { name: item.Key.slice(this.prefix.length), size: item.Size ?? 0, modifiedAt: item.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
