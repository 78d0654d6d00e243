/**
 * A real S3-compatible server for the tests (s3rver, from the npm registry): started on a
 * free loopback port with a temporary folder and one private bucket, as the app's
 * STORAGE=s3 settings (`vars`) and an S3 client of its own to look into the bucket.
 * `stop()` takes it away (the store unreachable), `restart()` brings it back on the same
 * port with the same objects. `startS3Server()` answers the reason instead when the server
 * cannot start here, so a test can skip saying why.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's fixed credentials (it checks request signatures against them). */
const ACCESS_KEY = 'S3RVER';
const BUCKET = 'photos';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The app's environment for this store (createTestApp's `vars`). */
  vars: Record<string, string>;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** The bytes of an object. */
  object(key: string): Promise<Uint8Array>;
  stop(): Promise<void>;
  restart(): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

export async function startS3Server(): Promise<TestS3 | string> {
  const directory = await mkdtemp(join(tmpdir(), 'flirt-s3-'));
  const serve = (port: number) =>
    new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  let server = serve(0);
  let port: number;
  try {
    ({ port } = await server.run());
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    return `s3rver did not start: ${error instanceof Error ? error.message : String(error)}`;
  }
  let running = true;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  const stop = async () => {
    if (!running) return;
    running = false;
    await server.close();
  };
  return {
    endpoint,
    bucket: BUCKET,
    vars: {
      STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async object(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      return (await answer.Body?.transformToByteArray()) ?? new Uint8Array();
    },
    stop,
    async restart() {
      if (running) return;
      server = serve(port);
      await server.run();
      running = true;
    },
    async close() {
      await stop();
      client.destroy();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
