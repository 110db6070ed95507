import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/support/context';
import { S3_SKIP_REASON, createTestBucket, s3TestEnv } from '../../../test/support/s3';
import { S3Storage } from './s3';
import { describeStorageContract } from './storage-contract.testkit';
import type { DriverHarness } from './storage-contract.testkit';

// Throws (fails this file) when REQUIRE_S3_TESTS=1 and no endpoint is given.
const env = s3TestEnv();

async function http(
  url: string,
  init: { method: 'GET' | 'PUT'; headers?: Record<string, string>; body?: Buffer },
) {
  const res = await fetch(url, {
    method: init.method,
    headers: init.headers,
    ...(init.body ? { body: init.body } : {}),
  });
  return {
    status: res.status,
    headers: Object.fromEntries(res.headers.entries()),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

describe.skipIf(!env)(env ? 'S3 driver (real server)' : S3_SKIP_REASON, () => {
  let bucket: Awaited<ReturnType<typeof createTestBucket>>;
  let storage: S3Storage;
  const clock = new TestClock();

  beforeAll(async () => {
    bucket = await createTestBucket(env!, 'storage');
    storage = new S3Storage({
      endpoint: env!.endpoint,
      bucket: bucket.name,
      region: env!.region,
      accessKeyId: env!.accessKeyId,
      secretAccessKey: env!.secretAccessKey,
      forcePathStyle: true,
      clock,
    });
  });
  afterAll(async () => {
    await bucket?.drop();
  });

  describeStorageContract('s3', async (): Promise<DriverHarness> => ({
    storage,
    clock,
    http,
    root: `run-${randomBytes(4).toString('hex')}/`,
  }));

  it('signs Content-Type as a header, never as a query parameter', async () => {
    const put = await storage.presignPut('sig/a.jpg', { contentType: 'image/jpeg', maxSize: 10 });
    const u = new URL(put.url);
    expect(u.searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
    expect(u.searchParams.has('Content-Type')).toBe(false);
    expect(u.searchParams.has('x-amz-checksum-crc32')).toBe(false);
  });

  it('refuses a wrong content type and a tampered URL with the real server errors', async () => {
    const put = await storage.presignPut('sig/b.jpg', { contentType: 'image/jpeg', maxSize: 1e6 });
    const wrongType = await http(put.url, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      body: Buffer.from('x'),
    });
    expect(wrongType.status).toBe(403);
    expect(wrongType.body.toString()).toContain('SignatureDoesNotMatch');
    const tampered = await http(put.url.replace('sig/b.jpg', 'sig/c.jpg'), {
      method: 'PUT',
      headers: put.headers,
      body: Buffer.from('x'),
    });
    expect(tampered.status).toBe(403);
    expect(await storage.head('sig/b.jpg')).toBeNull();
    expect(await storage.head('sig/c.jpg')).toBeNull();
  });
});
