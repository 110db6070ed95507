import { FAN_UPLOADS_PER_DAY, FAN_VERIFICATION_BUDGET_BYTES } from '@fa-clube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, setAppInstalled } from '../../../test/support/apps';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { makeJpeg, putSigned } from '../../../test/support/media';

// A fan's verification uploads fill the creator's storage only by what the fan declares, within
// a small budget per verification, for as long as the upload URL lives, and a fan can ask one
// creator for only so many URLs a day (issue 37).

let t: TestContext;
const MB = 1024 * 1024;

beforeAll(async () => {
  // the per-user upload-URL limit well above the per-(fan, creator) one, to see the latter
  t = await createTestContext({ env: { RATE_LIMIT_UPLOAD_URLS: '500/600' } });
});
afterAll(() => t.close());

const adult = {
  legal_name: 'Bruno Carvalho',
  legal_id: '529.982.247-25',
  date_of_birth: '1995-03-10',
  document_type: 'cnh',
};

async function creatorAndFan() {
  const creator = await createUser(t);
  const fan = await createUser(t);
  await setAppInstalled(t, creator, 'trueid');
  const saved = await apiCall(t, fan)('PUT', `/verification/${creator.username}`, adult);
  expect(saved.statusCode, saved.body).toBe(200);
  const ask = (size: number, body: Record<string, unknown> = {}) =>
    apiCall(t, fan)('POST', `/verification/${creator.username}/objects`, {
      kind: 'document',
      extension_type: 'jpg',
      size,
      ...body,
    });
  const usage = async () =>
    (await apiCall(t, creator)('GET', `/workspaces/objects/${creator.workspaceId}/usage`)).json()
      .used_bytes as number;
  return { creator, fan, ask, usage };
}

describe("a fan's verification uploads", () => {
  it('reserve exactly the declared size, and the URL takes exactly that many bytes', async () => {
    const { ask, usage } = await creatorAndFan();
    const before = await usage();
    const jpeg = await makeJpeg();
    const res = await ask(jpeg.length);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().max_size).toBe(jpeg.length);
    expect((await usage()) - before).toBe(jpeg.length);
    // more bytes than declared are refused; the declared ones arrive
    const bigger = Buffer.concat([jpeg, Buffer.alloc(10)]);
    expect(
      (await putSigned(t, res.json().presigned_url, bigger, 'image/jpeg')).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect((await putSigned(t, res.json().presigned_url, jpeg, 'image/jpeg')).statusCode).toBe(200);
    expect((await usage()) - before).toBe(jpeg.length);
  });

  it('refuse a size over the per-file limit and a missing size', async () => {
    const { ask } = await creatorAndFan();
    const big = await ask(11 * MB);
    expect(big.statusCode).toBe(413);
    const video = await ask(21 * MB, { kind: 'liveness', extension_type: 'mp4' });
    expect(video.statusCode).toBe(400);
    expect(video.json().errors[0].field).toBe('size');
    const none = await ask(undefined as unknown as number);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].field).toBe('size');
  });

  it('stay within the budget of one verification, stored and reserved together', async () => {
    const { ask, usage } = await creatorAndFan();
    const before = await usage();
    const perFile = 10 * MB;
    const fit = Math.floor(FAN_VERIFICATION_BUDGET_BYTES / perFile);
    for (let i = 0; i < fit; i++) expect((await ask(perFile)).statusCode).toBe(200);
    const over = await ask(perFile);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({
      code: 'STORAGE_QUOTA_EXCEEDED',
      message: expect.stringMatching(/limite de arquivos desta verificação/),
    });
    expect((await usage()) - before).toBe(fit * perFile);
  });

  it('give the room back when their URL expires unused', async () => {
    const { ask, usage } = await creatorAndFan();
    const before = await usage();
    expect((await ask(9 * MB)).statusCode).toBe(200);
    expect((await usage()) - before).toBe(9 * MB);
    t.clock.advance(11 * 60_000); // the URL lives 10 minutes
    expect((await ask(1000)).statusCode).toBe(200);
    expect((await usage()) - before).toBe(1000);
  });

  it('are limited per fan and creator a day; another fan of the same creator is not held back', async () => {
    const { creator, ask } = await creatorAndFan();
    for (let i = 0; i < FAN_UPLOADS_PER_DAY; i++) expect((await ask(1000)).statusCode).toBe(200);
    const limited = await ask(1000);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const other: TestUser = await createUser(t);
    expect(
      (await apiCall(t, other)('PUT', `/verification/${creator.username}`, adult)).statusCode,
    ).toBe(200);
    const theirs = await apiCall(t, other)('POST', `/verification/${creator.username}/objects`, {
      kind: 'document',
      extension_type: 'jpg',
      size: 1000,
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
  });
});
