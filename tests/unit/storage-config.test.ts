/**
 * STORAGE and its S3_* settings (src/server/env.ts; docs/operations.md "Photo storage"): the
 * local default, a complete S3 setting, and every half-given one stopped with the variable
 * named.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#src/server/env.ts';

const S3 = {
  STORAGE: 's3',
  S3_BUCKET: 'flirt-photos',
  S3_ENDPOINT: 'http://minio:9000',
  S3_ACCESS_KEY_ID: 'flirt',
  S3_SECRET_ACCESS_KEY: 'a-long-secret',
};

describe('photo storage settings', () => {
  it('keeps photos on the local disk by default', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
  });

  it('takes a complete S3 setting; path-style by default with an endpoint of its own', () => {
    expect(loadConfig(S3).storage).toEqual({
      kind: 's3',
      bucket: 'flirt-photos',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'flirt', secretAccessKey: 'a-long-secret' },
      forcePathStyle: true,
    });
    expect(loadConfig({ ...S3, S3_FORCE_PATH_STYLE: '0', S3_REGION: 'eu-central-1' }).storage).toMatchObject({
      forcePathStyle: false,
      region: 'eu-central-1',
    });
  });

  it('on AWS itself: no endpoint, virtual-host style, the instance role when no keys are given', () => {
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'flirt-photos', S3_REGION: 'eu-west-1' }).storage).toEqual({
      kind: 's3',
      bucket: 'flirt-photos',
      endpoint: undefined,
      region: 'eu-west-1',
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it.each([
    [{ ...S3, S3_BUCKET: undefined }, 'S3_BUCKET: STORAGE=s3 needs'],
    [{ ...S3, S3_BUCKET: 'Bad_Bucket' }, 'S3_BUCKET: a bucket name'],
    [{ ...S3, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ ...S3, S3_ENDPOINT: 'ftp://minio:9000' }, 'S3_ENDPOINT: an http(s):// URL'],
    [{ ...S3, S3_SECRET_ACCESS_KEY: undefined }, 'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both'],
    [{ ...S3, STORAGE: 'gcs' }, 'STORAGE'],
    [
      { ...S3, STORAGE: undefined },
      'STORAGE: S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY set but STORAGE is local',
    ],
    [{ ...S3, S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
  ])('refuses %o naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
