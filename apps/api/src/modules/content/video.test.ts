/**
 * Videos of posts (issue 33, decision 088): tiny clips made by Debian's ffmpeg in the test, posted,
 * processed by the job queue and checked with ffprobe. Without ffmpeg (FFMPEG_PATH=none) only an
 * MP4 already in H.264/AAC is taken, as it is.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAttachment, ContentItem } from '@fa-clube/contract';
import { locateVideoTools, makePlayableMp4, planVideo, probeVideo } from '../../lib/video';
import type { JobQueue } from '../../lib/queue';
import { startTestQueue } from '../../../test/support/queue';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { createPost, uploadWorkspaceFile, workspaceFileKey } from '../../../test/support/content';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { makeMp4 } from '../../../test/support/media';
import { makeActiveSubscriber } from '../../../test/support/subscriptions';
import { waitUntil } from '../../../test/support/wait';
import { addTeamMember } from '../../../test/support/workspaces';
import { contentAttachments } from '../../db/schema';
import { setVideoProgress } from './content.repo';
import { processVideo, videoQueue } from './video.jobs';

const FFMPEG = '/usr/bin/ffmpeg';
const FFPROBE = '/usr/bin/ffprobe';
const clips = mkdtempSync(path.join(tmpdir(), 'fa-clube-clips-'));

/** A clip made by ffmpeg from its test sources (`lavfi`), with the given output arguments. */
function clip(name: string, video: string, out: string[], audio = true): Buffer {
  const file = path.join(clips, name);
  execFileSync(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', video],
    ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'] : []),
    ...out,
    '-shortest',
    file,
  ]);
  return readFileSync(file);
}

const SECRET_TAGS = [
  '-metadata',
  'location=-23.5505-046.6333/',
  '-metadata',
  'title=SEGREDO-DO-CELULAR',
  '-metadata',
  'comment=CameraSecreta',
];

interface Probe {
  format: { format_name: string; tags?: Record<string, string> };
  streams: Array<{
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    tags?: Record<string, string>;
  }>;
}

function ffprobe(bytes: Buffer): Probe {
  const file = path.join(clips, `probe-${Math.random()}`);
  writeFileSync(file, bytes);
  const out = execFileSync(FFPROBE, [
    ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
  ]);
  return JSON.parse(out.toString()) as Probe;
}

/** The MD5 of a file's video stream as coded (equal after a stream copy, not after a transcode). */
function videoStreamMd5(bytes: Buffer): string {
  const file = path.join(clips, `md5-${Math.random()}`);
  writeFileSync(file, bytes);
  return execFileSync(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-i', file, '-map', '0:v:0', '-c', 'copy'],
    ...['-f', 'md5', '-'],
  ])
    .toString()
    .trim();
}

/** The order of the top-level boxes of an MP4 (faststart: moov before mdat). */
function topBoxes(bytes: Buffer): string[] {
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= bytes.length;) {
    const size = bytes.readUInt32BE(at);
    boxes.push(bytes.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

let t: TestContext;
let owner: TestUser;
let member: TestUser;
let fan: TestUser;
let stranger: TestUser;
let queue: JobQueue;
const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

const storedBytes = (filePath: string) =>
  readFileSync(path.join(t.dataDir, 'files', workspaceFileKey(owner.workspaceId, filePath)));
const stored = async (filePath: string) =>
  Boolean(await t.ctx.storage.head(workspaceFileKey(owner.workspaceId, filePath)));

async function feedOf(user: TestUser): Promise<ContentItem[]> {
  const res = await t.inject({
    method: 'GET',
    url: `/api/v1/contents/${user.workspaceId}/profile?username=${owner.username}`,
    headers: bearer(user.accessToken),
  });
  expect(res.statusCode).toBe(200);
  return res.json().contents;
}

const postOf = async (user: TestUser, id: string) => (await feedOf(user)).find((p) => p.id === id);

async function attachmentRow(postId: string) {
  const rows = await t.ctx.db
    .select()
    .from(contentAttachments)
    .where(eq(contentAttachments.contentId, postId));
  return rows.find((r) => r.kind === 'video')!;
}

async function settled(postId: string) {
  await waitUntil(async () => (await attachmentRow(postId)).status !== 'processing', 60_000);
  return attachmentRow(postId);
}

async function postVideo(ext: string, bytes: Buffer, extra: object = {}) {
  const filePath = await uploadWorkspaceFile(t, owner, ext, bytes);
  const post = await createPost(t, owner, {
    text: 'Vídeo novo',
    attachments: [{ file_path: filePath, ...extra }],
  });
  return { post, filePath };
}

beforeAll(async () => {
  t = await createTestContext({ env: { FFMPEG_PATH: FFMPEG } });
  owner = await createUser(t);
  member = await createUser(t);
  fan = await createUser(t);
  stranger = await createUser(t);
  await addTeamMember(t, owner, member);
  await makeActiveSubscriber(t, fan, owner, 'monthly');
  queue = await startTestQueue(t, videoQueue(t.ctx));
}, 120_000);

afterAll(async () => {
  await queue?.stop({ timeoutMs: 3000 });
  await t?.close();
  rmSync(clips, { recursive: true, force: true });
});

describe('videos processed in the job queue', () => {
  it('finds ffmpeg at FFMPEG_PATH', () => {
    expect(t.ctx.video).toEqual({ ffmpeg: FFMPEG, ffprobe: FFPROBE });
  });

  it('an MP4 that already plays is copied (not re-encoded), without its metadata, faststart, with a poster; fans see it only when ready', async () => {
    const mp4 = clip('fits.mp4', 'testsrc=size=160x120:rate=15:duration=1', [
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
      ...SECRET_TAGS,
    ]);
    // the clip does carry what must go
    expect(JSON.stringify(ffprobe(mp4).format.tags)).toContain('SEGREDO-DO-CELULAR');
    const { post, filePath } = await postVideo('mp4', mp4);
    const a = post.attachments[0] as ContentAttachment;
    expect(a.status).toBe('processing');

    const row = await settled(post.id);
    expect(row).toMatchObject({
      status: 'ready',
      contentType: 'video/mp4',
      filePath: `media/${row.id}/video.mp4`,
      width: 160,
      height: 120,
      progress: null,
    });
    const out = storedBytes(row.filePath);
    const probe = ffprobe(out);
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    const everyTag = JSON.stringify([probe.format.tags, probe.streams.map((s) => s.tags)]);
    for (const secret of ['SEGREDO', 'CameraSecreta', '-23.5505', 'location', 'encoder'])
      expect(everyTag).not.toContain(secret);
    expect(out.includes(Buffer.from('SEGREDO-DO-CELULAR'))).toBe(false);
    const boxes = topBoxes(out);
    expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    // copied: the coded video is the upload's, byte for byte
    expect(videoStreamMd5(out)).toBe(videoStreamMd5(mp4));
    // the upload as sent is gone
    expect(await stored(filePath)).toBe(false);

    const seen = (await postOf(fan, post.id))!.attachments[0] as ContentAttachment;
    expect(seen).toMatchObject({ status: 'ready', kind: 'video', width: 160, height: 120 });
    expect(seen.poster_path).toMatch(new RegExp(`^media/${row.id}/\\d+w\\.webp$`));
    const objects = await t.inject({
      method: 'GET',
      url: `/api/v1/contents/objects?username=${owner.username}&file_path=${encodeURIComponent(seen.file_path)}`,
      headers: bearer(fan.accessToken),
    });
    expect(objects.statusCode).toBe(200);
  });

  it('an HEVC .mov with sound is transcoded to H.264/AAC MP4; a 1440p clip comes down to 1080p', async () => {
    const mov = clip('hevc.mov', 'testsrc=size=320x240:rate=10:duration=1', [
      ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=none'],
      ...['-tag:v', 'hvc1', '-c:a', 'aac', '-f', 'mov'],
      ...SECRET_TAGS,
    ]);
    expect(ffprobe(mov).streams.find((s) => s.codec_type === 'video')!.codec_name).toBe('hevc');
    const { post } = await postVideo('mov', mov);
    const row = await settled(post.id);
    expect(row.status).toBe('ready');
    const probe = ffprobe(storedBytes(row.filePath));
    expect(probe.format.format_name).toContain('mp4');
    const v = probe.streams.find((s) => s.codec_type === 'video')!;
    expect(v).toMatchObject({ codec_name: 'h264', width: 320, height: 240 });
    expect(probe.streams.find((s) => s.codec_type === 'audio')!.codec_name).toBe('aac');
    expect(JSON.stringify(probe.format.tags ?? {})).not.toContain('SEGREDO');

    const big = clip(
      'big.mp4',
      'testsrc=size=2560x1440:rate=5:duration=0.4',
      ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      false,
    );
    const large = await postVideo('mp4', big);
    const bigRow = await settled(large.post.id);
    expect(bigRow).toMatchObject({ status: 'ready', width: 1920, height: 1080 });
    const bigOut = ffprobe(storedBytes(bigRow.filePath));
    expect(bigOut.streams).toHaveLength(1);
    expect(bigOut.streams[0]).toMatchObject({ codec_name: 'h264', width: 1920, height: 1080 });
  });

  it('a silent WebM becomes an MP4 without a sound track', async () => {
    const webm = clip(
      'silent.webm',
      'testsrc=size=160x120:rate=10:duration=1',
      ['-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '200k'],
      false,
    );
    const { post } = await postVideo('webm', webm);
    const row = await settled(post.id);
    expect(row.status).toBe('ready');
    const probe = ffprobe(storedBytes(row.filePath));
    expect(probe.streams.map((s) => s.codec_name)).toEqual(['h264']);
  });

  it('a post whose video is processing or failed is not counted for fans (total_content, the feed total) until it is ready', async () => {
    const totals = async () => {
      const profile = await t.inject({
        method: 'GET',
        url: `/api/v1/profile?username=${owner.username}`,
      });
      const feed = await t.inject({
        method: 'GET',
        url: `/api/v1/contents/${fan.workspaceId}/feed`,
        headers: bearer(fan.accessToken),
      });
      expect(profile.statusCode).toBe(200);
      expect(feed.statusCode).toBe(200);
      const own = await t.inject({
        method: 'GET',
        url: `/api/v1/contents/${owner.workspaceId}/profile?username=${owner.username}`,
        headers: bearer(owner.accessToken),
      });
      const ownProfile = await t.inject({
        method: 'GET',
        url: `/api/v1/profile?username=${owner.username}`,
        headers: bearer(owner.accessToken),
      });
      expect(ownProfile.json().total_content).toBe(own.json().total);
      return {
        profile: profile.json().total_content as number,
        feed: feed.json().total as number,
        // the owner's list shows the post while processing or failed: its totals count it
        team: own.json().total as number,
      };
    };
    // (the tests before this one waited for their videos: nothing else changes the counts)
    const before = await totals();
    // not a video: processing, then failed; counted at neither time
    const { post, filePath } = await postVideo('mp4', makeMp4());
    const pending = { ...before, team: before.team + 1 };
    expect(await totals()).toEqual(pending);
    expect((await settled(post.id)).status).toBe('failed');
    expect(await totals()).toEqual(pending);

    // the right bytes in place of the upload, and a retry: ready, counted once
    const good = clip('counted.mp4', 'testsrc=size=160x120:rate=10:duration=1', [
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ]);
    writeFileSync(
      path.join(t.dataDir, 'files', workspaceFileKey(owner.workspaceId, filePath)),
      good,
    );
    const retry = await t.inject({
      method: 'POST',
      url: `/api/v1/content/${owner.workspaceId}/${post.id}/retry-media`,
      headers: bearer(owner.accessToken),
    });
    expect(retry.statusCode).toBe(200);
    expect((await settled(post.id)).status).toBe('ready');
    expect(await totals()).toEqual({
      profile: before.profile + 1,
      feed: before.feed + 1,
      team: before.team + 1,
    });
    expect(await postOf(fan, post.id)).toBeDefined();

    // deleting it takes it off the count again; deleting a failed one changes nothing
    const failed = await postVideo('mp4', makeMp4());
    expect((await settled(failed.post.id)).status).toBe('failed');
    for (const id of [post.id, failed.post.id]) {
      const del = await t.inject({
        method: 'DELETE',
        url: `/api/v1/content/${owner.workspaceId}/${id}`,
        headers: bearer(owner.accessToken),
      });
      expect(del.statusCode).toBe(200);
    }
    expect(await totals()).toEqual(before);
  }, 120_000);

  it('while processing: the owner sees the progress, the team sees the post, fans and strangers do not', async () => {
    const { post } = await postVideo('mp4', makeMp4());
    // held in processing: its job is for another run
    const row = await attachmentRow(post.id);
    await t.ctx.db
      .update(contentAttachments)
      .set({ attempts: 99, status: 'processing' })
      .where(eq(contentAttachments.id, row.id));
    await setVideoProgress(t.ctx.db, { id: row.id, attempts: 99 }, 40);

    const mine = (await postOf(owner, post.id))!.attachments[0] as ContentAttachment;
    expect(mine).toMatchObject({ status: 'processing', progress: 40 });
    expect((await postOf(member, post.id))!.attachments[0]).toMatchObject({
      status: 'processing',
    });
    expect(await postOf(fan, post.id)).toBeUndefined();
    // nor its file, nor a like, nor a purchase
    const objects = await t.inject({
      method: 'GET',
      url: `/api/v1/contents/objects?username=${owner.username}&file_path=${encodeURIComponent(row.filePath)}`,
      headers: bearer(fan.accessToken),
    });
    expect(objects.statusCode).toBe(404);
    const like = await t.inject({
      method: 'POST',
      url: `/api/v1/content/${fan.workspaceId}/${post.id}/like`,
      headers: bearer(fan.accessToken),
    });
    expect(like.statusCode).toBe(404);
    const feed = await t.inject({
      method: 'GET',
      url: `/api/v1/contents/${fan.workspaceId}/feed`,
      headers: bearer(fan.accessToken),
    });
    expect(feed.json().contents.map((p: ContentItem) => p.id)).not.toContain(post.id);
    const strangerView = await t.inject({
      method: 'GET',
      url: `/api/v1/contents/${stranger.workspaceId}/profile?username=${owner.username}`,
      headers: bearer(stranger.accessToken),
    });
    expect(strangerView.statusCode).toBe(403);
    expect(strangerView.body).not.toContain(row.filePath);
  });

  it('a file that is no video fails with a pt-BR reason for the owner; the owner alone may retry', async () => {
    const { post, filePath } = await postVideo('mp4', makeMp4());
    const row = await settled(post.id);
    expect(row.status).toBe('failed');
    const mine = (await postOf(owner, post.id))!.attachments[0] as ContentAttachment;
    expect(mine.status).toBe('failed');
    expect(mine.reason).toMatch(/Não conseguimos ler este vídeo/);
    expect(await postOf(fan, post.id)).toBeUndefined();
    // the upload is kept for a retry
    expect(await stored(filePath)).toBe(true);

    const retry = (user: TestUser | null, id = post.id) =>
      t.inject({
        method: 'POST',
        url: `/api/v1/content/${owner.workspaceId}/${id}/retry-media`,
        ...(user ? { headers: bearer(user.accessToken) } : {}),
      });
    expect((await retry(null)).statusCode).toBe(401);
    expect((await retry(member)).statusCode).toBe(403);
    expect((await retry(fan)).statusCode).toBe(404);
    const again = await retry(owner);
    expect(again.statusCode).toBe(200);
    expect(again.json().attachments[0]).toMatchObject({ status: 'processing', progress: 0 });
    const second = await settled(post.id);
    expect(second).toMatchObject({ status: 'failed', attempts: 2 });

    const plain = await createPost(t, owner, { text: 'Só texto aqui' });
    const none = await retry(owner, plain.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('MEDIA_NOT_FAILED');
  });
});

describe('lib/video', () => {
  const warnings: string[] = [];
  const recorder = {
    ...logger,
    warn: (...args: unknown[]) => warnings.push(String(args.at(-1))),
    info: () => undefined,
  } as unknown as FastifyBaseLogger;

  it('says at start when there is no ffmpeg', async () => {
    expect(await locateVideoTools({ ffmpegPath: 'none', searchPath: '' }, recorder)).toBeNull();
    expect(warnings.join('\n')).toMatch(/só vídeos MP4 em H\.264\/AAC/);
  });

  it.runIf(process.platform === 'linux' && process.arch === 'x64')(
    'finds the ffmpeg and ffprobe npm install brought when neither FFMPEG_PATH nor PATH has one',
    async () => {
      const tools = await locateVideoTools(
        { ffmpegPath: path.join(clips, 'no-such-ffmpeg'), searchPath: '' },
        recorder,
      );
      expect(tools?.ffmpeg).toMatch(/node_modules\/@ffmpeg-installer\/linux-x64\/ffmpeg$/);
      expect(tools?.ffprobe).toMatch(/node_modules\/@ffprobe-installer\/linux-x64\/ffprobe$/);
    },
    60_000,
  );

  it('reports the progress of a transcode, rising to the end', async () => {
    clip(
      'progress.webm',
      'testsrc=size=320x240:rate=25:duration=3',
      ['-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '300k'],
      false,
    );
    const input = path.join(clips, 'progress.webm');
    const probe = await probeVideo(t.ctx.video!, input);
    expect(probe).toMatchObject({ video: { codec: 'vp8', width: 320, height: 240 } });
    expect(probe.durationSeconds).toBeGreaterThan(2.5);
    const plan = planVideo(probe);
    expect(plan).toEqual({ copy: false, width: 320, height: 240 });
    const seen: number[] = [];
    await makePlayableMp4(t.ctx.video!, input, path.join(clips, 'progress.mp4'), probe, plan, {
      onProgress: (p) => seen.push(p),
    });
    expect(seen.length).toBeGreaterThan(0);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(seen.at(-1)).toBeGreaterThanOrEqual(90);
  });
});

describe('a stop mid-transcode', () => {
  it('loses nothing: the run is interrupted, the next one makes the video once', async () => {
    const mov = clip('long.mov', 'testsrc=size=640x360:rate=25:duration=5', [
      ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=none'],
      ...['-tag:v', 'hvc1', '-c:a', 'aac', '-f', 'mov'],
    ]);
    // posted while no job is sent: this test runs the job itself
    const queue = t.ctx.queue;
    t.ctx.queue = Object.assign(Object.create(queue) as JobQueue, {
      send: async () => ({ id: 'none', created: false }),
    });
    const { post, filePath } = await postVideo('mov', mov).finally(() => (t.ctx.queue = queue));
    const row = await attachmentRow(post.id);
    const job = { data: { attachmentId: row.id, attempts: 1 }, retryCount: 0, retryLimit: 2 };

    const stop = new AbortController();
    const interrupted = processVideo(t.ctx, job, { signal: stop.signal });
    setTimeout(() => stop.abort(), 300);
    await expect(interrupted).rejects.toThrow();
    expect(await attachmentRow(post.id)).toMatchObject({ status: 'processing', filePath });
    expect(await stored(filePath)).toBe(true);

    await processVideo(t.ctx, job);
    const rows = await t.ctx.db
      .select()
      .from(contentAttachments)
      .where(eq(contentAttachments.contentId, post.id));
    expect(rows.filter((r) => r.kind === 'video')).toMatchObject([
      { status: 'ready', filePath: `media/${row.id}/video.mp4`, width: 640, height: 360 },
    ]);
    expect(rows.filter((r) => r.posterOf === row.id)).toHaveLength(1);
    expect(await stored(filePath)).toBe(false);
    // a late second delivery of the same run finds nothing to do
    await processVideo(t.ctx, job);
    expect(
      await t.ctx.db
        .select()
        .from(contentAttachments)
        .where(eq(contentAttachments.contentId, post.id)),
    ).toHaveLength(2);
  });
});

describe('without ffmpeg', () => {
  let bare: TestContext;
  let creator: TestUser;

  beforeAll(async () => {
    bare = await createTestContext({ env: { FFMPEG_PATH: 'none' } });
    creator = await createUser(bare);
  }, 120_000);
  afterAll(async () => {
    await bare?.close();
  });

  async function post(ext: string, bytes: Buffer) {
    const filePath = await uploadWorkspaceFile(bare, creator, ext, bytes);
    return bare.inject({
      method: 'POST',
      url: `/api/v1/content/${creator.workspaceId}`,
      headers: bearer(creator.accessToken),
      payload: { text: 'Vídeo', attachments: [{ file_path: filePath }] },
    });
  }

  it('takes an MP4 in H.264/AAC as it is, and refuses HEVC and .mov with a pt-BR message', async () => {
    expect(bare.ctx.video).toBeNull();
    const fits = clip('plain.mp4', 'testsrc=size=160x120:rate=10:duration=1', [
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ]);
    const ok = await post('mp4', fits);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().attachments[0]).toMatchObject({ status: 'ready', content_type: 'video/mp4' });

    const hevc = clip('hevc.mp4', 'testsrc=size=160x120:rate=10:duration=1', [
      ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=none'],
      ...['-tag:v', 'hvc1', '-c:a', 'aac'],
    ]);
    for (const [ext, bytes] of [
      ['mp4', hevc],
      [
        'mov',
        clip('plain.mov', 'testsrc=size=160x120:rate=10:duration=1', [
          ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'mov'],
        ]),
      ],
    ] as const) {
      const res = await post(ext, bytes);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'VIDEO_NOT_PLAYABLE' });
      expect(res.json().message).toMatch(/H\.264/);
    }
  });
});
