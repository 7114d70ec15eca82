import { createReadStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { assertSafeKey, eachInParallel, type ByteRange, type FileStore } from './file-store.js';

// The SDK (about 1 MB of modules) loads only when a service stores on S3: every service process
// paid for loading it, and most run on local files.
let loaded: typeof S3Sdk | null = null;
const sdk = (): typeof S3Sdk => (loaded ??= createRequire(import.meta.url)('@aws-sdk/client-s3') as typeof S3Sdk);

/** Where an S3-compatible store is (AWS S3, MinIO in docker-compose, any S3 API). */
export interface S3StoreSettings {
  bucket: string;
  /** Omit for AWS; `http://minio:9000` for MinIO. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** MinIO and most self-hosted stores need path-style addressing. */
  forcePathStyle: boolean;
  /** Keys below this prefix (one bucket shared by several platforms). */
  prefix?: string;
}

/**
 * Keys listed and deleted per round trip. S3 allows 1,000; smaller pages keep each DeleteObjects
 * quick on self-hosted stores (s3rver fails on 1,000 at once) at a small cost in requests.
 */
const DELETE_PAGE = 250;

const notFound = (err: unknown): boolean => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * The same five calls as the local folder, on an S3 bucket. Objects are written whole
 * (PutObject is atomic: a reader never sees half a file, like the local adapter's rename),
 * ranges map to `Range: bytes=a-b`, prefixes are deleted in pages of DELETE_PAGE keys.
 */
export class S3FileStore implements FileStore {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3StoreSettings, client?: S3Client) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix ? `${settings.prefix.replace(/\/+$/, '')}/` : '';
    if (settings.prefix) assertSafeKey(settings.prefix.replace(/\/+$/, ''));
    // Checksums only when an operation requires them: the SDK's default streams bodies as
    // aws-chunked with CRC trailers, which many S3-compatible stores do not understand.
    const config: S3ClientConfig = {
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (settings.endpoint) config.endpoint = settings.endpoint;
    if (settings.accessKeyId && settings.secretAccessKey) {
      config.credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey };
    }
    this.client = client ?? new (sdk().S3Client)(config);
  }

  private key(key: string): string {
    assertSafeKey(key);
    return this.prefix + key;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(new (sdk().PutObjectCommand)({ Bucket: this.bucket, Key: this.key(key), Body: data, ContentLength: data.length }));
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const { size } = await stat(localPath);
    await this.client.send(
      new (sdk().PutObjectCommand)({ Bucket: this.bucket, Key: this.key(key), Body: createReadStream(localPath), ContentLength: size }),
    );
    // The contract lets the source be moved; the local adapter renames it away, so do the same.
    await unlink(localPath).catch(() => undefined);
  }

  /** Several PutObjects in flight at once: tiles are small, a bucket's latency is the cost. */
  async putFiles(files: readonly { key: string; localPath: string }[]): Promise<void> {
    files.forEach((f) => this.key(f.key)); // every key checked before anything is sent
    await eachInParallel(files, 16, (f) => this.putFile(f.key, f.localPath));
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      const out = await this.client.send(new (sdk().GetObjectCommand)({ Bucket: this.bucket, Key: this.key(key) }));
      return Buffer.from(await out.Body!.transformToByteArray());
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async stream(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null> {
    const size = await this.size(key);
    if (size === null) return null;
    if (range && (range.start < 0 || range.end > size || range.end <= range.start))
      throw new RangeError(`bad range ${range.start}-${range.end} of ${key}`);
    try {
      const out = await this.client.send(
        new (sdk().GetObjectCommand)({
          Bucket: this.bucket,
          Key: this.key(key),
          Range: range ? `bytes=${range.start}-${range.end - 1}` : undefined,
        }),
      );
      return { stream: out.Body as Readable, size };
    } catch (err) {
      // Deleted between the HEAD and the GET.
      if (notFound(err)) return null;
      throw err;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const out = await this.client.send(new (sdk().HeadObjectCommand)({ Bucket: this.bucket, Key: this.key(key) }));
      return out.ContentLength ?? 0;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async removePrefix(prefix: string): Promise<void> {
    // `a/b` removes `a/b` itself and everything below `a/b/`, never `a/bc` (as the local rm -r does).
    const base = this.key(prefix);
    await this.client
      .send(new (sdk().DeleteObjectsCommand)({ Bucket: this.bucket, Delete: { Objects: [{ Key: base }], Quiet: true } }))
      .catch((err) => {
        if (!notFound(err)) throw err;
      });
    // Deleting what each page lists and listing again from the start needs no continuation
    // token (s3rver cannot make one under OpenSSL 3) and still ends: every round removes keys.
    for (;;) {
      const page = await this.client.send(new (sdk().ListObjectsV2Command)({ Bucket: this.bucket, Prefix: `${base}/`, MaxKeys: DELETE_PAGE }));
      const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
      if (!keys.length) return;
      const out = await this.client.send(new (sdk().DeleteObjectsCommand)({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
      if (out.Errors?.length)
        throw new Error(`could not delete ${out.Errors.length} objects below ${base}: ${out.Errors[0]!.Code} ${out.Errors[0]!.Message}`);
    }
  }
}

/** `FILE_STORE=s3` settings from the environment (names match docker-compose.yml). */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv): S3StoreSettings {
  const bucket = env.S3_BUCKET;
  if (!bucket) throw new Error('FILE_STORE=s3 needs S3_BUCKET (and S3_ENDPOINT for MinIO or another S3-compatible store).');
  return {
    bucket,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION ?? 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : Boolean(env.S3_ENDPOINT),
    prefix: env.S3_PREFIX || undefined,
  };
}
