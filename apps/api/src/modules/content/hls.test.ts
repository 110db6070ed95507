/**
 * The HLS ladder of videos over a minute (issue 33, decision 095): a 61 s clip made by Debian's
 * ffmpeg in the test (tiny: 640×480 at 2 frames a second), processed by the job queue, its
 * ladder checked with ffprobe, and its playlists and segments served only through signed URLs
 * that expire.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAttachment, ContentItem } from '@fa-clube/contract';
import type { JobQueue } from '../../lib/queue';
import { hlsRenditions } from '../../lib/video';
import { startTestQueue } from '../../../test/support/queue';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { createPost, uploadWorkspaceFile, workspaceFileKey } from '../../../test/support/content';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { makeActiveSubscriber } from '../../../test/support/subscriptions';
import { waitUntil } from '../../../test/support/wait';
import { contentAttachments, workspaceObjects } from '../../db/schema';
import { createStorage } from '../../lib/storage';
import { readSignedPlaylist } from './hls.service';
import { videoQueue } from './video.jobs';

const FFMPEG = '/usr/bin/ffmpeg';
const FFPROBE = '/usr/bin/ffprobe';
const clips = mkdtempSync(path.join(tmpdir(), 'fa-clube-hls-'));

/** A `seconds` long clip with sound, `size` at 2 frames a second (cheap to make and to encode). */
function longClip(name: string, size: string, seconds: number): Buffer {
  const file = path.join(clips, name);
  execFileSync(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=2:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '32k', '-metadata', 'title=SEGREDO-DO-CELULAR', '-shortest'],
    file,
  ]);
  return readFileSync(file);
}

function ffprobe(bytes: Buffer, ext: string) {
  const file = path.join(clips, `probe-${Math.random()}.${ext}`);
  writeFileSync(file, bytes);
  const out = execFileSync(FFPROBE, [
    ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
  ]);
  return JSON.parse(out.toString()) as {
    format: { tags?: Record<string, string> };
    streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number }>;
  };
}

let t: TestContext;
let owner: TestUser;
let fan: TestUser;
let stranger: TestUser;
let queue: JobQueue;

const get = (url: string, user?: TestUser) =>
  t.inject({ method: 'GET', url, ...(user ? { headers: bearer(user.accessToken) } : {}) });

async function videoRow(postId: string) {
  const rows = await t.ctx.db
    .select()
    .from(contentAttachments)
    .where(eq(contentAttachments.contentId, postId));
  return rows.find((r) => r.kind === 'video')!;
}

async function profileOf(user: TestUser) {
  return get(`/api/v1/contents/${user.workspaceId}/profile?username=${owner.username}`, user);
}

/** The URLs a playlist lists (its non-comment lines). */
const uris = (body: string) => body.split('\n').filter((l) => l !== '' && !l.startsWith('#'));

beforeAll(async () => {
  t = await createTestContext({ env: { FFMPEG_PATH: FFMPEG } });
  owner = await createUser(t);
  fan = await createUser(t);
  stranger = await createUser(t);
  await makeActiveSubscriber(t, fan, owner, 'monthly');
  queue = await startTestQueue(t, videoQueue(t.ctx));
}, 120_000);

afterAll(async () => {
  await queue?.stop({ timeoutMs: 3000 });
  await t?.close();
  rmSync(clips, { recursive: true, force: true });
});

describe('the ladder of the rungs', () => {
  it('goes from 360p up to the source, at most 1080p, portrait too', () => {
    expect(hlsRenditions(640, 480).map((r) => r.name)).toEqual(['360p', '480p']);
    expect(hlsRenditions(640, 480)[0]).toEqual({ name: '360p', width: 480, height: 360 });
    expect(hlsRenditions(1920, 1080).map((r) => r.name)).toEqual(['360p', '480p', '720p', '1080p']);
    expect(hlsRenditions(1080, 1920).at(-1)).toEqual({ name: '1080p', width: 1080, height: 1920 });
    expect(hlsRenditions(720, 1280)[0]).toEqual({ name: '360p', width: 360, height: 640 });
    // smaller than 360p: one rung at its own size
    expect(hlsRenditions(320, 240)).toEqual([{ name: '240p', width: 320, height: 240 }]);
  });
});

describe('a video over a minute', () => {
  let post: ContentItem;
  let hlsUrl: string;
  let rowId: string;

  it('gets an HLS ladder in the same job: 360p and 480p renditions of H.264/AAC segments', async () => {
    const filePath = await uploadWorkspaceFile(
      t,
      owner,
      'mp4',
      longClip('long.mp4', '640x480', 61),
    );
    post = await createPost(t, owner, {
      text: 'Vídeo longo',
      attachments: [{ file_path: filePath }],
    });
    await waitUntil(async () => (await videoRow(post.id)).status !== 'processing', 240_000);
    const row = await videoRow(post.id);
    rowId = row.id;
    expect(row).toMatchObject({ status: 'ready', hlsPath: `media/${row.id}/hls/master.m3u8` });

    const dir = path.join(
      t.dataDir,
      'files',
      workspaceFileKey(owner.workspaceId, `media/${row.id}/hls`),
    );
    const names = readdirSync(dir).sort();
    expect(names).toEqual(expect.arrayContaining(['master.m3u8', '360p.m3u8', '480p.m3u8']));
    const segments = names.filter((n) => n.endsWith('.ts'));
    // ~4 s segments of 61 s, on both rungs
    expect(segments.filter((n) => n.startsWith('360p_')).length).toBeGreaterThanOrEqual(14);
    expect(segments.filter((n) => n.startsWith('480p_')).length).toBeGreaterThanOrEqual(14);
    const master = readFileSync(path.join(dir, 'master.m3u8'), 'utf8');
    expect(master).toMatch(/#EXT-X-STREAM-INF:BANDWIDTH=\d+,RESOLUTION=480x360\n360p\.m3u8/);
    expect(master).toMatch(/#EXT-X-STREAM-INF:BANDWIDTH=\d+,RESOLUTION=640x480\n480p\.m3u8/);
    const first = ffprobe(readFileSync(path.join(dir, '360p_0000.ts')), 'ts');
    expect(first.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(first.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      width: 480,
      height: 360,
    });
    expect(JSON.stringify(first.format.tags ?? {})).not.toContain('SEGREDO');
    // every file of the ladder is counted in the workspace's storage, at its size
    const counted = (
      await t.ctx.db
        .select()
        .from(workspaceObjects)
        .where(eq(workspaceObjects.workspaceId, owner.workspaceId))
    ).filter((o) => o.filePath.startsWith(`media/${row.id}/hls/`));
    expect(counted.map((o) => o.filePath.split('/').at(-1)).sort()).toEqual(names);
    const seg = counted.find((o) => o.filePath.endsWith('480p_0000.ts'))!;
    expect(seg.bytes).toBe(readFileSync(path.join(dir, '480p_0000.ts')).length);
  }, 300_000);

  it('the subscriber gets a signed hls_url; the playlists it leads to are rewritten with signed URLs', async () => {
    const res = await profileOf(fan);
    expect(res.statusCode).toBe(200);
    const a = (res.json().contents as ContentItem[]).find((p) => p.id === post.id)!
      .attachments[0] as ContentAttachment;
    expect(a.status).toBe('ready');
    expect(a.hls_url).toMatch(/^\/api\/v1\/media\/hls\?key=.+&exp=\d+&sig=/);
    hlsUrl = a.hls_url!;

    const master = await get(hlsUrl);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    const rungs = uris(master.body);
    expect(rungs).toHaveLength(2);
    for (const u of rungs) expect(u).toMatch(/^\/api\/v1\/media\/hls\?key=.+&sig=/);
    expect(master.body).toContain('RESOLUTION=640x480');

    const rung = await get(rungs[0]!);
    expect(rung.statusCode).toBe(200);
    expect(rung.body).toContain('#EXT-X-ENDLIST');
    const segments = uris(rung.body);
    expect(segments.length).toBeGreaterThanOrEqual(14);
    for (const u of segments) expect(u).toMatch(/^\/api\/v1\/storage\/object\?key=.+&sig=/);
    const seg = await get(segments[0]!);
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    expect(
      ffprobe(seg.rawPayload, 'ts')
        .streams.map((s) => s.codec_name)
        .sort(),
    ).toEqual(['aac', 'h264']);
  });

  it('with MEDIA_BASE_URL the segments are fetched from the CDN (the playlists stay on the API)', async () => {
    const cdn = Object.assign(Object.create(t.ctx) as typeof t.ctx, {
      storage: createStorage(
        { ...t.ctx.config, mediaBaseUrl: 'https://midia.exemplo.test' },
        { signingKey: t.ctx.keys.signing, clock: t.ctx.clock },
      ),
    });
    const query = (url: string) =>
      Object.fromEntries(new URL(url, 'http://x.invalid').searchParams);
    const master = await readSignedPlaylist(cdn, query(hlsUrl));
    const rung = uris(master.body)[0]!;
    expect(rung).toMatch(/^\/api\/v1\/media\/hls\?/);
    const playlist = await readSignedPlaylist(cdn, query(rung));
    const segments = uris(playlist.body);
    expect(segments.length).toBeGreaterThan(0);
    for (const u of segments)
      expect(u).toMatch(/^https:\/\/midia\.exemplo\.test\/api\/v1\/storage\/object\?key=.+&sig=/);
    // the CDN forwards path and query to this server: the signature still decides
    const onOrigin = segments[0]!.replace('https://midia.exemplo.test', '');
    expect((await get(onOrigin)).statusCode).toBe(200);
  });

  it('who may not see the post gets no URL, and cannot fetch a playlist or a segment without one', async () => {
    const strangerView = await profileOf(stranger);
    expect(strangerView.statusCode).toBe(403);
    expect(strangerView.body).not.toContain('hls');
    const signedOut = await get(
      `/api/v1/contents/${owner.workspaceId}/profile?username=${owner.username}`,
    );
    expect(signedOut.body).not.toContain('media/hls');

    const key = workspaceFileKey(owner.workspaceId, `media/${rowId}/hls/master.m3u8`);
    const segKey = workspaceFileKey(owner.workspaceId, `media/${rowId}/hls/360p_0000.ts`);
    // no signature, a made-up one, and a valid one moved to another key
    for (const url of [
      `/api/v1/media/hls?key=${encodeURIComponent(key)}`,
      `/api/v1/media/hls?key=${encodeURIComponent(key)}&exp=9999999999&sig=AAAA`,
      hlsUrl.replace(encodeURIComponent('master.m3u8'), encodeURIComponent('480p.m3u8')),
      `/api/v1/storage/object?key=${encodeURIComponent(segKey)}`,
      `/api/v1/storage/object?key=${encodeURIComponent(segKey)}&exp=9999999999&sig=AAAA`,
    ]) {
      const res = await get(url, stranger);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('INVALID_SIGNATURE');
    }
    // the file path of the ladder is no post's file: 404 to all but the owner's own store
    for (const user of [stranger, fan]) {
      const objects = await get(
        `/api/v1/contents/objects?username=${owner.username}&file_path=${encodeURIComponent(`media/${rowId}/hls/master.m3u8`)}`,
        user,
      );
      expect(objects.statusCode).toBe(404);
    }
    // a signature of the store (GET) is no signature of a playlist (HLS), and the other way round
    const rung = uris((await get(hlsUrl)).body)[0]!;
    const segment = uris((await get(rung)).body)[0]!;
    const asPlaylist = segment.replace('/storage/object?', '/media/hls?');
    expect((await get(asPlaylist)).statusCode).toBe(403);
    const asObject = hlsUrl.replace('/media/hls?', '/storage/object?');
    expect((await get(asObject)).statusCode).toBe(403);
  });

  it('the signed URLs expire: the master with the list URLs, the segments after the video’s time', async () => {
    const rung = uris((await get(hlsUrl)).body)[0]!;
    const segment = uris((await get(rung)).body)[0]!;
    t.clock.advance(16 * 60_000);
    const master = await get(hlsUrl);
    expect(master.statusCode).toBe(403);
    expect(master.json().code).toBe('URL_EXPIRED');
    // a segment stays valid while a player may still need it: 15 min + twice the video
    expect((await get(segment)).statusCode).toBe(200);
    t.clock.advance(3 * 60 * 60_000);
    const late = await get(segment);
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe('URL_EXPIRED');
    expect((await get(rung)).statusCode).toBe(403);
    t.clock.advance(-(16 * 60_000 + 3 * 60 * 60_000));
  });

  it('deleting the post deletes its ladder', async () => {
    const res = await t.inject({
      method: 'DELETE',
      url: `/api/v1/content/${owner.workspaceId}/${post.id}`,
      headers: bearer(owner.accessToken),
    });
    expect(res.statusCode).toBe(200);
    const key = workspaceFileKey(owner.workspaceId, `media/${rowId}/hls/master.m3u8`);
    expect(await t.ctx.storage.head(key)).toBeNull();
    const left = await t.ctx.storage.list(workspaceFileKey(owner.workspaceId, `media/${rowId}/`));
    expect(left.objects).toHaveLength(0);
    const counted = (
      await t.ctx.db
        .select()
        .from(workspaceObjects)
        .where(eq(workspaceObjects.workspaceId, owner.workspaceId))
    ).filter((o) => o.filePath.startsWith(`media/${rowId}/`));
    expect(counted).toHaveLength(0);
  });
});

describe('a video of a minute or less', () => {
  it('gets no ladder and no hls_url', async () => {
    const filePath = await uploadWorkspaceFile(
      t,
      owner,
      'mp4',
      longClip('short.mp4', '640x480', 5),
    );
    const post = await createPost(t, owner, {
      text: 'Vídeo curto',
      attachments: [{ file_path: filePath }],
    });
    await waitUntil(async () => (await videoRow(post.id)).status !== 'processing', 60_000);
    const row = await videoRow(post.id);
    expect(row).toMatchObject({ status: 'ready', hlsPath: null });
    const a = ((await profileOf(fan)).json().contents as ContentItem[]).find(
      (p) => p.id === post.id,
    )!.attachments[0] as ContentAttachment;
    expect(a.hls_url).toBeUndefined();
    expect(a.video_url).toBeTruthy();
  }, 120_000);
});
