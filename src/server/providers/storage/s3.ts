/**
 * The S3 storage provider (STORAGE=s3): photo files as objects of one private bucket of any
 * S3-compatible store (AWS S3, MinIO, Ceph, R2). The bucket is never shown to a browser:
 * every photo goes through the API's viewer checks (features/photos/serve.ts), so nothing
 * here makes URLs. A store that cannot be reached, times out or refuses the credentials
 * fails with StorageUnavailableError (answered as 503; /readyz reports storage failed).
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '#src/server/env.ts';
import { InvalidStorageKeyError, isObjectKey, StorageUnavailableError, type StorageProvider } from './types.ts';

export type S3StorageConfig = Extract<StorageConfig, { kind: 's3' }>;

/**
 * How long the store may take: a refused or unanswered connection fails within about
 * 2 × (CONNECT + REQUEST) ms, two attempts, so an upload answers 503 instead of hanging.
 */
const CONNECT_TIMEOUT_MS = 1_000;
const REQUEST_TIMEOUT_MS = 3_000;
const MAX_ATTEMPTS = 2;

function checked(key: string): string {
  if (!isObjectKey(key)) throw new InvalidStorageKeyError(key);
  return key;
}

export function createS3StorageProvider(config: S3StorageConfig): StorageProvider {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    forcePathStyle: config.forcePathStyle,
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    // Checksums only where the API requires them: several S3-compatible stores refuse the
    // SDK's default checksum trailers on PutObject.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  async function attempt<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new StorageUnavailableError(operation, error);
    }
  }

  return {
    async put(key, bytes, contentType) {
      const Key = checked(key);
      await attempt('write', () =>
        client.send(new PutObjectCommand({ Bucket, Key, Body: bytes, ContentType: contentType })),
      );
    },
    async get(key) {
      const Key = checked(key);
      return attempt('read', async () => {
        try {
          const answer = await client.send(new GetObjectCommand({ Bucket, Key }));
          return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
        } catch (error) {
          if (error instanceof NoSuchKey) return null;
          throw error;
        }
      });
    },
    async delete(key) {
      const Key = checked(key);
      await attempt('delete', () => client.send(new DeleteObjectCommand({ Bucket, Key })));
    },
    async *list() {
      const pages = paginateListObjectsV2({ client }, { Bucket });
      const iterator = pages[Symbol.asyncIterator]();
      for (;;) {
        const page = await attempt('list', () => iterator.next());
        if (page.done) return;
        for (const object of page.value.Contents ?? []) {
          if (!object.Key) continue;
          yield { key: object.Key, bytes: object.Size ?? 0, modified: object.LastModified ?? new Date(0) };
        }
      }
    },
  };
}
