import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { localPath, makePng, putSigned } from '../../../test/support/media';
import { workspaceFileKey } from './file-paths';
import { imageDecoding } from './images.service';

let t: TestContext;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestContext({
    env: {
      UPLOAD_IDLE_TIMEOUT_MS: '300',
      CONNECTION_TIMEOUT_MS: '400',
      REQUEST_TIMEOUT_MS: '5000',
      IMAGE_DECODE_CONCURRENCY: '1',
    },
  });
  owner = await createUser(t);
});
afterAll(async () => {
  await t.close();
});

describe('timeouts', () => {
  it('the server sets request and connection timeouts from the configuration', () => {
    expect(t.app.server.requestTimeout).toBe(5000);
    expect(t.app.server.timeout).toBe(400);
  });

  it('closes a connection that stops sending in the middle of its headers', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write('GET /api/v1/me HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const started = Date.now();
    await new Promise<void>((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error('the stalled connection stayed open')), 5000);
      socket.once('close', () => {
        clearTimeout(guard);
        resolve();
      });
      socket.on('error', () => undefined);
      socket.resume();
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('cuts an upload that stops sending bytes (idle timeout) and keeps nothing', async () => {
    const res = await t.inject({
      method: 'POST',
      url: `/api/v1/workspaces/objects/${owner.workspaceId}`,
      headers: bearer(owner.accessToken),
      payload: { extension_type: 'png' },
    });
    expect(res.statusCode).toBe(200);
    const body = new PassThrough();
    const png = await makePng();
    body.write(png.subarray(0, 100)); // then nothing more, never ended
    const started = Date.now();
    const put = await t.inject({
      method: 'PUT',
      url: localPath(res.json().presigned_url),
      headers: { 'content-type': 'image/png' },
      payload: body,
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().code).toBe('UPLOAD_INTERRUPTED');
    expect(Date.now() - started).toBeLessThan(4000);
    expect(
      await t.ctx.storage.head(workspaceFileKey(owner.workspaceId, res.json().file_path)),
    ).toBeNull();
    body.destroy();
  });

  it('decodes at most IMAGE_DECODE_CONCURRENCY images at once; the others wait and succeed', async () => {
    const png = await makePng(1600, 1200);
    const ask = async () => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/v1/avatar/upload',
        headers: bearer(owner.accessToken),
        payload: { content_type: 'image/png', size: png.length },
      });
      expect(res.statusCode).toBe(200);
      expect((await putSigned(t, res.json().presigned_url, png, 'image/png')).statusCode).toBe(200);
      return res.json().upload_id as string;
    };
    const ids = [await ask(), await ask(), await ask(), await ask()];
    const done = await Promise.all(
      ids.map((id) =>
        t.inject({
          method: 'POST',
          url: `/api/v1/uploads/${id}/complete`,
          headers: bearer(owner.accessToken),
        }),
      ),
    );
    expect(done.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const stats = imageDecoding(t.ctx).stats();
    expect(stats.peak).toBe(1);
    expect(stats).toMatchObject({ active: 0, waiting: 0 });
  });
});
