import { randomBytes } from 'node:crypto';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';

/**
 * The real S3 server for the storage tests (scripts/s3-test-server.sh start,
 * or CI's TEST_S3_* variables). With REQUIRE_S3_TESTS=1 a missing endpoint is
 * an error, never a silent skip.
 */
export interface S3TestEnv {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export const S3_SKIP_REASON =
  'S3 tests skipped: TEST_S3_ENDPOINT is not set (start one with `bash scripts/s3-test-server.sh start` and export its values as TEST_S3_*)';

export function s3TestEnv(): S3TestEnv | null {
  const endpoint = process.env.TEST_S3_ENDPOINT;
  if (!endpoint) {
    if (process.env.REQUIRE_S3_TESTS === '1')
      throw new Error(
        'REQUIRE_S3_TESTS=1 but TEST_S3_ENDPOINT is not set: the S3 tests cannot run',
      );
    return null;
  }
  return {
    endpoint,
    accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? '',
    region: process.env.TEST_S3_REGION ?? 'us-east-1',
  };
}

function client(env: S3TestEnv) {
  return new S3Client({
    endpoint: env.endpoint,
    region: env.region,
    forcePathStyle: true,
    credentials: { accessKeyId: env.accessKeyId, secretAccessKey: env.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** A new, uniquely named bucket; `drop()` empties and removes it. */
export async function createTestBucket(env: S3TestEnv, label: string) {
  const name = `fa-${label}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .slice(0, 63);
  const s3 = client(env);
  await s3.send(new CreateBucketCommand({ Bucket: name }));
  return {
    name,
    /** The environment a server with STORAGE_DRIVER=s3 on this bucket would read. */
    serverEnv: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: env.endpoint,
      S3_BUCKET: name,
      S3_REGION: env.region,
      S3_ACCESS_KEY_ID: env.accessKeyId,
      S3_SECRET_ACCESS_KEY: env.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async drop() {
      for (;;) {
        const page = await s3.send(new ListObjectsV2Command({ Bucket: name }));
        const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
        if (keys.length === 0) break;
        await s3.send(new DeleteObjectsCommand({ Bucket: name, Delete: { Objects: keys } }));
      }
      await s3.send(new DeleteBucketCommand({ Bucket: name }));
      s3.destroy();
    },
  };
}
