/**
 * Images of posts are re-encoded on arrival (no metadata, turned upright, at
 * most 2560 px, WebP, srcset widths) and bombs are refused; old posts' images
 * are re-encoded by the backfill job. Fixtures are made here with sharp.
 * (PGlite by default, PostgreSQL with TEST_DATABASE_URL.)
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAttachment, ContentItem } from '@fa-clube/contract';
import { createJobQueue } from '../../lib/queue';
import type { JobQueue } from '../../lib/queue';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { createPost, uploadWorkspaceFile, workspaceFileKey } from '../../../test/support/content';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { localPath } from '../../../test/support/media';
import { makeActiveSubscriber } from '../../../test/support/subscriptions';
import { waitUntil } from '../../../test/support/wait';
import { contentAttachments, contents } from '../../db/schema';
import { processWorkspaceImage } from '../files/files.service';
import { imageBackfillQueue, reencodeOldImage, sendImageBackfill } from './media-backfill.jobs';

let t: TestContext;
let owner: TestUser;
let fan: TestUser;
let ws: string;

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t);
  fan = await createUser(t);
  ws = owner.workspaceId;
  await makeActiveSubscriber(t, fan, owner);
});
afterAll(async () => {
  await t.close();
});

/** What a phone writes into a JPEG that must never reach a fan. */
const SECRETS = ['CameraSecreta', 'Modelo-GPS-123', 'SEGREDO-EXIF'];

/**
 * A phone photo as stored by the sensor: 3000×2000, red on its left half and
 * blue on its right, EXIF orientation 6 (shown turned 90° clockwise: 2000×3000,
 * red on top), GPS coordinates, camera make and model, and a Display P3 profile.
 */
async function phoneJpeg(width = 3000, height = 2000): Promise<Buffer> {
  const red = await sharp({
    create: { width: width / 2, height, channels: 3, background: '#ff0000' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .withExif({
      IFD0: { Make: SECRETS[0]!, Model: SECRETS[1]!, Copyright: SECRETS[2]! },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '23/1 33/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '46/1 38/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .withIccProfile('p3')
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function fetchAs(url: string) {
  const res = await t.inject({ method: 'GET', url: localPath(url) });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** The served bytes carry no metadata block and none of the phone's strings. */
async function expectClean(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  const text = bytes.toString('latin1');
  for (const s of [...SECRETS, 'GPS', 'Exif', 'Display P3']) expect(text).not.toContain(s);
  return meta;
}

/** Mean colour of a 10×10 pixel patch at (left, top). */
async function patch(bytes: Buffer, left: number, top: number) {
  const { data } = await sharp(bytes)
    .extract({ left, top, width: 10, height: 10 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let [r, g, b] = [0, 0, 0];
  for (let i = 0; i < data.length; i += 3)
    [r, g, b] = [r + data[i]!, g + data[i + 1]!, b + data[i + 2]!];
  const n = data.length / 3;
  return { r: r / n, g: g / n, b: b / n };
}

const fileRows = (contentId: string) =>
  t.ctx.db.select().from(contentAttachments).where(eq(contentAttachments.contentId, contentId));
const stored = async (filePath: string) =>
  (await t.ctx.storage.head(workspaceFileKey(ws, filePath))) !== null;

describe('an image posted from a phone', () => {
  let item: ContentItem;
  let upload: string;
  let image: ContentAttachment;

  beforeAll(async () => {
    const jpeg = await phoneJpeg();
    // the fixture really carries what must go
    const meta = await sharp(jpeg).metadata();
    expect(meta.orientation).toBe(6);
    expect(meta.exif?.toString('latin1')).toContain(SECRETS[0]);
    expect(meta.icc).toBeDefined();
    upload = await uploadWorkspaceFile(t, owner, 'jpg', jpeg);
    item = await createPost(t, owner, { text: 'Da praia', attachments: [{ file_path: upload }] });
    image = item.attachments[0] as ContentAttachment;
  });

  it('is turned upright and bounded to 2560 px, with its size and srcset widths', async () => {
    expect(image).toMatchObject({
      kind: 'image',
      content_type: 'image/webp',
      status: 'ready',
      width: 1707,
      height: 2560,
    });
    expect(image.variants!.map((v) => v.width)).toEqual([480, 960, 1600, 1707]);
    expect(image.variants!.at(-1)).toEqual({
      file_path: image.file_path,
      width: 1707,
      url: image.url,
    });
    for (const v of image.variants!) {
      const meta = await expectClean(await fetchAs(v.url));
      expect(meta.width).toBe(v.width);
      // portrait: the orientation was applied to the pixels
      expect(Math.abs(meta.height! - v.width * 1.5)).toBeLessThanOrEqual(1);
    }
    // red on top, blue at the bottom: turned the way the phone showed it
    const whole = await fetchAs(image.url);
    const top = await patch(whole, 850, 100);
    const bottom = await patch(whole, 850, 2400);
    expect(top.r).toBeGreaterThan(200);
    expect(top.b).toBeLessThan(60);
    expect(bottom.b).toBeGreaterThan(200);
    expect(bottom.r).toBeLessThan(60);
  });

  it('keeps no copy of the upload; the widths are rows of the post, counted in the quota', async () => {
    expect(await stored(upload)).toBe(false);
    const rows = await fileRows(item.id);
    const main = rows.find((r) => r.variantOf === null)!;
    expect(main).toMatchObject({ filePath: image.file_path, width: 1707, height: 2560 });
    expect(
      rows
        .filter((r) => r.variantOf === main.id)
        .map((r) => r.width)
        .sort((a, b) => a! - b!),
    ).toEqual([480, 960, 1600]);
    for (const r of rows) expect(await stored(r.filePath)).toBe(true);
    const usage = await t.inject({
      method: 'GET',
      url: `/api/v1/workspaces/objects/${ws}/usage`,
      headers: bearer(owner.accessToken),
    });
    expect(usage.json().used_bytes).toBe(rows.reduce((n, r) => n + r.size, 0));
  });

  it('reaches a subscriber through the feed with the same widths, and each is a post file', async () => {
    const feed = await t.inject({
      method: 'GET',
      url: `/api/v1/contents/${fan.workspaceId}/feed`,
      headers: bearer(fan.accessToken),
    });
    const seen = (feed.json().contents as ContentItem[]).find((c) => c.id === item.id)!;
    expect((seen.attachments[0] as ContentAttachment).variants!.map((v) => v.file_path)).toEqual(
      image.variants!.map((v) => v.file_path),
    );
    for (const v of image.variants!) {
      const res = await t.inject({
        method: 'GET',
        url: `/api/v1/contents/objects?username=${owner.username}&file_path=${encodeURIComponent(v.file_path)}`,
        headers: bearer(fan.accessToken),
      });
      expect(res.statusCode).toBe(200);
      await expectClean(await fetchAs(res.json().url));
    }
  });

  it('is never enlarged: a small image has one width, its own', async () => {
    const small = await sharp({
      create: { width: 300, height: 200, channels: 4, background: '#0f0a' },
    })
      .png()
      .toBuffer();
    const created = await createPost(t, owner, {
      attachments: [{ file_path: await uploadWorkspaceFile(t, owner, 'png', small) }],
    });
    const a = created.attachments[0] as ContentAttachment;
    expect(a).toMatchObject({ width: 300, height: 200 });
    expect(a.variants!.map((v) => v.width)).toEqual([300]);
    const meta = await sharp(await fetchAs(a.url)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 300, height: 200, hasAlpha: true });
  });
});

describe('a decompression bomb', () => {
  it('is refused before decoding (413, pt-BR), and nothing is posted or written', async () => {
    // 8000×7000 = 56 megapixels of one colour: a few hundred kB of PNG
    const bomb = await sharp({
      create: { width: 8000, height: 7000, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const filePath = await uploadWorkspaceFile(t, owner, 'png', bomb);
    const before = await t.ctx.db.select().from(contents).where(eq(contents.workspaceId, ws));
    const media = await t.ctx.storage.list(workspaceFileKey(ws, 'media/'), { delimiter: true });
    const res = await t.inject({
      method: 'POST',
      url: `/api/v1/content/${ws}`,
      headers: bearer(owner.accessToken),
      payload: { text: 'Bomba', attachments: [{ file_path: filePath }] },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'IMAGE_TOO_MANY_PIXELS',
      message: 'A imagem tem pixels demais (mais de 50 megapixels). Envie uma foto menor.',
      errors: [{ field: 'file_path' }],
    });
    expect(await t.ctx.db.select().from(contents).where(eq(contents.workspaceId, ws))).toHaveLength(
      before.length,
    );
    const after = await t.ctx.storage.list(workspaceFileKey(ws, 'media/'), { delimiter: true });
    expect(after.prefixes).toEqual(media.prefixes);
  });

  it('and bytes that are no image are refused (415), the upload left to the owner', async () => {
    const filePath = await uploadWorkspaceFile(
      t,
      owner,
      'png',
      await sharp({
        create: { width: 40, height: 40, channels: 3, background: '#123' },
      })
        .png()
        .toBuffer(),
    );
    // an S3 upload is not sniffed on arrival: a PNG header followed by garbage
    const key = workspaceFileKey(ws, filePath);
    const head = (await t.ctx.storage.readBytes(key, 0, 40))!;
    await t.ctx.storage.put(key, Buffer.concat([head, Buffer.alloc(200, 7)]), 'image/png');
    const res = await t.inject({
      method: 'POST',
      url: `/api/v1/content/${ws}`,
      headers: bearer(owner.accessToken),
      payload: { text: 'Quebrada', attachments: [{ file_path: filePath }] },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('IMAGE_UNREADABLE');
    expect(await stored(filePath)).toBe(true);
  });
});

describe('the backfill of images posted before re-encoding', () => {
  const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  let queue: JobQueue;

  /** A post as the old code made it: the upload attached as it came, metadata and all. */
  async function oldPost(jpeg: Buffer) {
    const filePath = await uploadWorkspaceFile(t, owner, 'jpg', jpeg);
    const [post] = await t.ctx.db
      .insert(contents)
      .values({ workspaceId: ws, authorId: owner.id, description: 'Post antigo' })
      .returning();
    const [row] = await t.ctx.db
      .insert(contentAttachments)
      .values({
        contentId: post!.id,
        filePath,
        kind: 'image',
        contentType: 'image/jpeg',
        size: jpeg.length,
      })
      .returning();
    return { post: post!, row: row!, filePath };
  }

  const rowOf = async (id: string) =>
    (await t.ctx.db.select().from(contentAttachments).where(eq(contentAttachments.id, id)))[0];

  beforeAll(async () => {
    queue = createJobQueue({ database: t.database, logger, pollIntervalMs: 100 });
    queue.define(imageBackfillQueue(t.ctx) as never);
    await queue.start();
    t.ctx.queue = queue;
  });
  afterAll(async () => {
    await queue.stop({ timeoutMs: 3000 });
  });

  it("strips an old post's image through the job queue, once, and a fan gets the clean one", async () => {
    const old = await oldPost(await phoneJpeg(1200, 800));
    const sent = await sendImageBackfill(t.ctx);
    expect(sent).toBeGreaterThanOrEqual(1);
    // sending again while the job is kept adds nothing
    expect(await sendImageBackfill(t.ctx)).toBe(0);
    await waitUntil(async () => (await rowOf(old.row.id))?.width != null);
    const row = (await rowOf(old.row.id))!;
    expect(row).toMatchObject({
      width: 800,
      height: 1200,
      contentType: 'image/webp',
      status: 'ready',
    });
    expect(row.filePath).toBe(`media/${old.row.id}/800w.webp`);
    expect(await stored(old.filePath)).toBe(false);
    const feed = await t.inject({
      method: 'GET',
      url: `/api/v1/contents/${fan.workspaceId}/feed`,
      headers: bearer(fan.accessToken),
    });
    const seen = (feed.json().contents as ContentItem[]).find((c) => c.id === old.post.id)!;
    const a = seen.attachments[0] as ContentAttachment;
    expect(a.variants!.map((v) => v.width)).toEqual([480, 800]);
    for (const v of a.variants!) await expectClean(await fetchAs(v.url));
    // the original path is no longer anything a fan can ask for
    const res = await t.inject({
      method: 'GET',
      url: `/api/v1/contents/objects?username=${owner.username}&file_path=${encodeURIComponent(old.filePath)}`,
      headers: bearer(fan.accessToken),
    });
    expect(res.statusCode).toBe(404);
  });

  it('is idempotent and restartable: a crashed attempt is redone in place, a second run changes nothing', async () => {
    const old = await oldPost(await phoneJpeg(600, 400));
    const usage = async () =>
      (
        await t.inject({
          method: 'GET',
          url: `/api/v1/workspaces/objects/${ws}/usage`,
          headers: bearer(owner.accessToken),
        })
      ).json().used_bytes as number;
    // an attempt that wrote its files and died before saving the row
    await processWorkspaceImage(t.ctx, ws, old.filePath, { variants: true, dir: old.row.id });
    const job = { data: { attachmentId: old.row.id }, retryCount: 1, retryLimit: 4 };
    await reencodeOldImage(t.ctx, job);
    const first = await fileRows(old.post.id);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ filePath: `media/${old.row.id}/400w.webp`, width: 400 });
    const used = await usage();
    await reencodeOldImage(t.ctx, job);
    expect(await fileRows(old.post.id)).toEqual(first);
    expect(await usage()).toBe(used);
    const listed = await t.ctx.storage.list(workspaceFileKey(ws, `media/${old.row.id}/`));
    expect(listed.objects.map((o) => o.key.split('/').pop())).toEqual(['400w.webp']);
  });

  it('marks an image it cannot decode as failed: the owner is told, a fan no longer gets it', async () => {
    const old = await oldPost(await phoneJpeg(200, 100));
    // the stored bytes are garbage after a JPEG signature
    const key = workspaceFileKey(ws, old.filePath);
    await t.ctx.storage.put(
      key,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 1)]),
      'image/jpeg',
    );
    await reencodeOldImage(t.ctx, {
      data: { attachmentId: old.row.id },
      retryCount: 0,
      retryLimit: 4,
    });
    expect(await rowOf(old.row.id)).toMatchObject({ status: 'failed', width: null });
    const asOwner = await t.inject({
      method: 'GET',
      url: `/api/v1/contents/${ws}/profile?username=${owner.username}&size=50`,
      headers: bearer(owner.accessToken),
    });
    const mine = (asOwner.json().contents as ContentItem[]).find((c) => c.id === old.post.id)!;
    expect(mine.attachments[0]).toMatchObject({ status: 'failed', reason: expect.any(String) });
    const asFan = await t.inject({
      method: 'GET',
      url: `/api/v1/contents/${fan.workspaceId}/feed?size=100`,
      headers: bearer(fan.accessToken),
    });
    const theirs = (asFan.json().contents as ContentItem[]).find((c) => c.id === old.post.id)!;
    expect(theirs.attachments).toEqual([]);
    const res = await t.inject({
      method: 'GET',
      url: `/api/v1/contents/objects?username=${owner.username}&file_path=${encodeURIComponent(old.filePath)}`,
      headers: bearer(fan.accessToken),
    });
    expect(res.statusCode).toBe(404);
    // and it leaves the work list
    expect(await sendImageBackfill(t.ctx)).toBe(0);
  });
});
