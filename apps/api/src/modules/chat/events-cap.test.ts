import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { openSse } from '../../../test/support/sse';
import type { SseStream } from '../../../test/support/sse';

// Issue 37 (Low): live streams are capped per address (EVENTS_STREAMS_PER_IP), so that one
// client cannot hold the server's sockets and the hub's places with streams it never reads.

let t: TestContext;
let base: string;
let ana: TestUser;
let bia: TestUser;
const streams: SseStream[] = [];

beforeAll(async () => {
  t = await createTestContext({ env: { EVENTS_STREAMS_PER_IP: '2' } });
  base = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/v1`;
  ana = await createUser(t);
  bia = await createUser(t);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

const listen = async (who: TestUser) => {
  const s = await openSse(`${base}/events`, { token: who.accessToken });
  streams.push(s);
  return s;
};

describe('GET /events: streams per address', () => {
  it('refuses one more than EVENTS_STREAMS_PER_IP from one address, whoever asks; a closed one frees its place', async () => {
    const first = await listen(ana);
    const second = await listen(bia);
    expect([first.status, second.status]).toEqual([200, 200]);
    // a third from the same address, another account's or the same: 429 with Retry-After
    for (const who of [ana, bia]) {
      const refused = await listen(who);
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body).code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // a refusal takes no place; a stream that ends gives its place back
    first.close();
    await expect
      .poll(async () => {
        const again = await listen(ana);
        if (again.status === 200) return 200;
        return again.status;
      })
      .toBe(200);
    // and a refused request (signed out) never counts
    expect((await openSse(`${base}/events`)).status).toBe(401);
  });
});
