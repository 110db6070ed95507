import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@fa-clube/contract';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { localPath, localTempFiles, makeJpeg } from '../../../test/support/media';
import type { LocalStorage } from '../../lib/storage';
import { workspaceFileKey } from './file-paths';
import { purgeStaleTempFiles } from './files.service';

/**
 * Fault suite, scenario 7 (issue 13): a full disk while an upload is written
 * answers 507 STORAGE_FULL (not 400 UPLOAD_INTERRUPTED), removes the partial
 * temp file and settles no object row.
 */
let t: TestContext;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t);
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t.close();
});

/** A temp file that takes the first kilobyte, then fails like a full disk. */
function fullDisk(code: 'ENOSPC' | 'EDQUOT') {
  const storage = t.ctx.storage as LocalStorage;
  return vi
    .spyOn(storage as unknown as { openTemp(tmp: string): Writable }, 'openTemp')
    .mockImplementation((tmp: string) => {
      const file = createWriteStream(tmp, { flags: 'wx' });
      return new Writable({
        write(chunk: Buffer, _enc, done) {
          // part of the bytes reach the disk, then it is full
          file.write(chunk.subarray(0, 1024), () =>
            done(Object.assign(new Error(`${code}: no space left on device, write`), { code })),
          );
        },
        destroy(err, done) {
          file.destroy();
          done(err);
        },
      });
    });
}

async function uploadUrl() {
  const res = await t.inject({
    method: 'POST',
    url: `/api/v1/workspaces/objects/${owner.workspaceId}`,
    headers: bearer(owner.accessToken),
    payload: { extension_type: 'jpg' },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { presigned_url: string; file_path: string };
}

describe('a full disk during an upload', () => {
  it.each(['ENOSPC', 'EDQUOT'] as const)(
    '%s: answers 507 STORAGE_FULL in pt-BR, keeps no file and no stored object',
    async (code) => {
      const spy = fullDisk(code);
      const url = await uploadUrl();
      const jpeg = Buffer.concat([await makeJpeg(), Buffer.alloc(200 * 1024, 0x20)]);
      const put = await t.inject({
        method: 'PUT',
        url: localPath(url.presigned_url),
        headers: { 'content-type': 'image/jpeg' },
        payload: jpeg,
      });
      expect(spy).toHaveBeenCalled();
      expect(put.statusCode).toBe(507);
      expect(put.json()).toMatchObject({
        code: 'STORAGE_FULL',
        message: 'Sem espaço para armazenar o arquivo. Tente novamente mais tarde.',
      });
      expect(ERRORS.STORAGE_FULL.status).toBe(507);
      expect(localTempFiles(t.dataDir)).toEqual([]);
      expect(
        await t.ctx.storage.head(workspaceFileKey(owner.workspaceId, url.file_path)),
      ).toBeNull();
      const stored = await t.database.executeSql(
        `select count(*)::int as n from workspace_objects
          where workspace_id = $1 and file_path = $2 and state = 'stored'`,
        [owner.workspaceId, url.file_path],
      );
      expect(Number((stored.rows[0] as { n: number }).n)).toBe(0);
      // nothing to attach: the post is refused and not created
      const post = await t.inject({
        method: 'POST',
        url: `/api/v1/content/${owner.workspaceId}`,
        headers: bearer(owner.accessToken),
        payload: { text: 'Com foto', attachments: [{ file_path: url.file_path }] },
      });
      expect(post.statusCode).toBe(400);
      expect(post.json().code).toBe('FILE_NOT_UPLOADED');

      // space back: the same kind of upload succeeds
      spy.mockRestore();
      const again = await uploadUrl();
      const ok = await t.inject({
        method: 'PUT',
        url: localPath(again.presigned_url),
        headers: { 'content-type': 'image/jpeg' },
        payload: jpeg,
      });
      expect(ok.statusCode).toBe(200);
    },
  );
});

describe('temp files of uploads cut by a crash', () => {
  it('the hourly sweep removes temp files an hour old and keeps younger ones', async () => {
    const { mkdirSync, utimesSync, writeFileSync, existsSync } = await import('node:fs');
    const dir = path.join(t.dataDir, 'files', '.tmp');
    mkdirSync(dir, { recursive: true });
    const old = path.join(dir, 'cortado-por-kill-9');
    const young = path.join(dir, 'envio-em-andamento');
    writeFileSync(old, Buffer.alloc(1024));
    writeFileSync(young, Buffer.alloc(1024));
    const twoHoursAgo = new Date(t.clock.now().getTime() - 2 * 60 * 60 * 1000);
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    expect(await purgeStaleTempFiles(t.ctx)).toBe(1);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(young)).toBe(true);
    await import('node:fs/promises').then((fs) => fs.rm(young));
  });
});
