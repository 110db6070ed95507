import { execFile, spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, statSync } from 'node:fs';
import { readdir, stat, writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Videos of posts, made playable everywhere with ffmpeg (decision 088):
 * probed (ffprobe), then either copied into a new MP4 (the upload already is
 * H.264/AAC at most 1080p) or transcoded into one (H.264 High, AAC, at most
 * 1080p), in both cases with every metadata block dropped (location, camera,
 * dates, chapters, data tracks) and `faststart` (the index first, so a
 * browser plays before the whole file arrived). A poster frame is taken from
 * the result when the owner gave none.
 *
 * Where ffmpeg comes from (decision 087): FFMPEG_PATH, else `ffmpeg` on PATH,
 * else the static binary `npm install` brought (@ffmpeg-installer/<platform>,
 * carried inside the registry's tarball). ffprobe likewise (FFPROBE_PATH,
 * beside ffmpeg, PATH, @ffprobe-installer). Without them the server runs and
 * takes only MP4 files that already play (mp4PlaysAsIs).
 */
export interface VideoTools {
  ffmpeg: string;
  ffprobe: string;
}

const VERSION_TIMEOUT_MS = 15_000;

/** Runs `<bin> -version`: true when it answers. */
function answers(bin: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(bin, ['-version'], { timeout: VERSION_TIMEOUT_MS }, (err) => resolve(!err));
  });
}

function onPath(name: string, searchPath: string): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      if (statSync(file).isFile()) {
        accessSync(file, constants.X_OK);
        return file;
      }
    } catch {
      // not here
    }
  }
  return null;
}

/**
 * The binary of an @ffmpeg-installer / @ffprobe-installer package, or null
 * (no package for this platform: the wrapper throws). ffprobe's tarball lacks
 * the executable bit its skipped install script would have set: it is set here.
 */
async function fromNpm(tool: 'ffmpeg' | 'ffprobe'): Promise<string | null> {
  try {
    const mod =
      tool === 'ffmpeg'
        ? await import('@ffmpeg-installer/ffmpeg')
        : await import('@ffprobe-installer/ffprobe');
    const file = (mod.default ?? mod).path;
    try {
      accessSync(file, constants.X_OK);
    } catch {
      chmodSync(file, statSync(file).mode | 0o100);
    }
    return file;
  } catch {
    return null;
  }
}

/**
 * Finds ffmpeg and ffprobe (see the comment at the top), each checked by
 * running it; null when either is missing or `FFMPEG_PATH=none`. Logs which.
 */
export async function locateVideoTools(
  opts: { ffmpegPath?: string; ffprobePath?: string; searchPath: string },
  logger: FastifyBaseLogger,
): Promise<VideoTools | null> {
  if (opts.ffmpegPath === 'none') {
    logger.warn('ffmpeg desligado (FFMPEG_PATH=none): só vídeos MP4 em H.264/AAC são aceitos');
    return null;
  }
  const first = async (candidates: Array<() => string | null | Promise<string | null>>) => {
    for (const candidate of candidates) {
      const bin = await candidate();
      if (bin && (await answers(bin))) return bin;
    }
    return null;
  };
  const ffmpeg = await first([
    () => opts.ffmpegPath ?? null,
    () => onPath('ffmpeg', opts.searchPath),
    () => fromNpm('ffmpeg'),
  ]);
  const ffprobe = await first([
    () => opts.ffprobePath ?? null,
    () => (ffmpeg ? path.join(path.dirname(ffmpeg), 'ffprobe') : null),
    () => onPath('ffprobe', opts.searchPath),
    () => fromNpm('ffprobe'),
  ]);
  if (!ffmpeg || !ffprobe) {
    logger.warn(
      { ffmpeg, ffprobe },
      'ffmpeg/ffprobe não encontrados (FFMPEG_PATH, PATH ou npm install): só vídeos MP4 em H.264/AAC são aceitos, como enviados',
    );
    return null;
  }
  logger.info({ ffmpeg, ffprobe }, 'ffmpeg encontrado: vídeos processados na fila de tarefas');
  return { ffmpeg, ffprobe };
}

// ---- probing ----

export interface VideoProbe {
  /** ffprobe's demuxer names, e.g. `mov,mp4,m4a,3gp,3g2,mj2` or `matroska,webm`. */
  container: string;
  durationSeconds: number;
  video: {
    codec: string;
    profile: string | null;
    pixFmt: string | null;
    /** As displayed (rotation applied). */
    width: number;
    height: number;
    rotation: number;
  };
  audio: { codec: string } | null;
}

export class VideoUnreadableError extends Error {}

/** Runs a tool to its end; its stdout (bounded), or throws with its stderr. */
function run(
  bin: string,
  args: string[],
  opts: { signal?: AbortSignal; timeoutMs: number; onStdout?: (chunk: string) => void },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    // below the web requests: a transcode takes the CPU they leave
    try {
      if (child.pid) setPriority(child.pid, 10);
    } catch {
      // not allowed here: runs at the server's priority
    }
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(kill, opts.timeoutMs);
    opts.signal?.addEventListener('abort', kill, { once: true });
    if (opts.signal?.aborted) kill();
    child.stdout.on('data', (chunk: Buffer) => {
      if (opts.onStdout) opts.onStdout(chunk.toString('utf8'));
      else if ((outBytes += chunk.length) <= 64 * 1024 * 1024) out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 8000) err += chunk.toString('utf8');
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', kill);
      if (opts.signal?.aborted) return reject(new Error('interrompido'));
      if (code === 0) return resolve(Buffer.concat(out));
      reject(new VideoUnreadableError(`${path.basename(bin)}: ${signal ?? code} ${err.trim()}`));
    });
  });
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  tags?: Record<string, string>;
  side_data_list?: Array<{ rotation?: number }>;
}

/** What ffprobe says of a file; VideoUnreadableError when it is no video. */
export async function probeVideo(
  tools: VideoTools,
  file: string,
  signal?: AbortSignal,
): Promise<VideoProbe> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file];
  const out = await run(tools.ffprobe, args, { signal, timeoutMs: 60_000 });
  let parsed: { format?: { format_name?: string; duration?: string }; streams?: FfprobeStream[] };
  try {
    parsed = JSON.parse(out.toString('utf8'));
  } catch {
    throw new VideoUnreadableError('ffprobe: JSON ilegível');
  }
  const streams = parsed.streams ?? [];
  const v = streams.find((s) => s.codec_type === 'video' && s.width && s.height);
  if (!v?.codec_name) throw new VideoUnreadableError('sem faixa de vídeo');
  const a = streams.find((s) => s.codec_type === 'audio' && s.codec_name);
  const rotation = Number(
    v.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? v.tags?.rotate ?? 0,
  );
  const turned = Math.abs(rotation) % 180 === 90;
  const duration = Number(parsed.format?.duration);
  return {
    container: parsed.format?.format_name ?? '',
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : 0,
    video: {
      codec: v.codec_name,
      profile: v.profile ?? null,
      pixFmt: v.pix_fmt ?? null,
      width: turned ? v.height! : v.width!,
      height: turned ? v.width! : v.height!,
      rotation: Number.isFinite(rotation) ? rotation : 0,
    },
    audio: a ? { codec: a.codec_name! } : null,
  };
}

// ---- the plan and the work ----

/** At most 1080p: 1920×1080 for a landscape video, 1080×1920 for a portrait one. */
export const VIDEO_MAX = { long: 1920, short: 1080 } as const;

export interface VideoPlan {
  /** Stream copy (no re-encoding): the upload already plays everywhere. */
  copy: boolean;
  width: number;
  height: number;
}

const PLAYABLE_PROFILES = new Set(['Baseline', 'Constrained Baseline', 'Main', 'High']);

/** Copy when the upload already is what browsers play; else the size to transcode to. */
export function planVideo(p: VideoProbe): VideoPlan {
  const { width, height } = p.video;
  const landscape = width >= height;
  const [boxW, boxH] = landscape
    ? [VIDEO_MAX.long, VIDEO_MAX.short]
    : [VIDEO_MAX.short, VIDEO_MAX.long];
  const fits = width <= boxW && height <= boxH;
  const copy =
    fits &&
    p.container.split(',').includes('mp4') &&
    p.video.codec === 'h264' &&
    (p.video.profile === null || PLAYABLE_PROFILES.has(p.video.profile)) &&
    (p.video.pixFmt === 'yuv420p' || p.video.pixFmt === 'yuvj420p') &&
    p.video.rotation === 0 &&
    (p.audio === null || p.audio.codec === 'aac');
  const f = Math.min(1, boxW / width, boxH / height);
  const even = (n: number) => Math.max(2, Math.round((n * f) / 2) * 2);
  return { copy, width: copy ? width : even(width), height: copy ? height : even(height) };
}

/**
 * Makes `output` (MP4, faststart, no metadata) from `input` by the plan;
 * `onProgress` gets 0–99 as ffmpeg reports the time written.
 */
export async function makePlayableMp4(
  tools: VideoTools,
  input: string,
  output: string,
  probe: VideoProbe,
  plan: VideoPlan,
  opts: { signal?: AbortSignal; onProgress?: (percent: number) => void },
): Promise<void> {
  const codecs = plan.copy
    ? ['-c', 'copy']
    : [
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high'],
        ...['-pix_fmt', 'yuv420p', '-vf', `scale=${plan.width}:${plan.height}`],
        ...(probe.audio?.codec === 'aac' ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '128k']),
      ];
  const args = [
    ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-nostats'],
    ...['-progress', 'pipe:1', '-i', input],
    // the first video and audio streams only: no data (timecode, GPS) or subtitle tracks
    ...['-map', '0:v:0', '-map', '0:a:0?', '-dn', '-sn'],
    // no metadata at all: global, per stream, chapters, and no encoder tag
    ...['-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact'],
    ...codecs,
    ...['-movflags', '+faststart', '-f', 'mp4', output],
  ];
  await run(tools.ffmpeg, args, {
    signal: opts.signal,
    // a 2 GB video on a small machine: generous, but never forever
    timeoutMs: Math.max(10 * 60_000, probe.durationSeconds * 60_000),
    onStdout: progressOf(probe.durationSeconds, (done) => done, opts.onProgress),
  });
}

/** A frame of the video as PNG: at a third of it (at most 1 s in), else the first one. */
export async function posterFrame(
  tools: VideoTools,
  file: string,
  durationSeconds: number,
  signal?: AbortSignal,
): Promise<Buffer> {
  const grab = (at: number) =>
    run(
      tools.ffmpeg,
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-ss', String(at), '-i', file],
        ...['-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
      ],
      { signal, timeoutMs: 120_000 },
    );
  const at = Math.min(1, durationSeconds / 3);
  const frame = at > 0 ? await grab(at).catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
  return frame.length ? frame : grab(0);
}

// ---- without ffmpeg ----

/** Reads bytes start..end (inclusive) of the file; null when it is gone. */
type ReadRange = (start: number, end: number) => Promise<Buffer | null>;

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);
/** Largest `moov` read to find the tracks' codecs (a 2-hour video's index is a few MB). */
const MOOV_MAX = 32 * 1024 * 1024;

/**
 * Without ffmpeg: whether an MP4 plays in every browser as it is — its video
 * tracks H.264 (`avc1`/`avc3`) and its sound tracks AAC (`mp4a`), read from
 * the sample descriptions of its `moov` box (wherever it is in the file).
 */
export async function mp4PlaysAsIs(read: ReadRange, size: number): Promise<boolean> {
  let offset = 0;
  let moov: Buffer | null = null;
  while (offset + 8 <= size && !moov) {
    const head = await read(offset, offset + 15);
    if (!head || head.length < 8) return false;
    let boxSize = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    let headerSize = 8;
    if (boxSize === 1) {
      if (head.length < 16) return false;
      boxSize = Number(head.readBigUInt64BE(8));
      headerSize = 16;
    } else if (boxSize === 0) boxSize = size - offset;
    if (boxSize < headerSize) return false;
    if (type === 'moov') {
      if (boxSize > MOOV_MAX) return false;
      moov = await read(offset, offset + boxSize - 1);
    }
    offset += boxSize;
  }
  if (!moov) return false;
  const tracks: Array<{ handler: string; format: string }> = [];
  const walk = (buf: Buffer, start: number, end: number, track: { handler: string }) => {
    let at = start;
    while (at + 8 <= end) {
      const size = buf.readUInt32BE(at);
      const type = buf.toString('latin1', at + 4, at + 8);
      if (size < 8 || at + size > end) return;
      if (type === 'trak') {
        const t = { handler: '' };
        walk(buf, at + 8, at + size, t);
      } else if (CONTAINERS.has(type)) walk(buf, at + 8, at + size, track);
      else if (type === 'hdlr' && size >= 20)
        track.handler = buf.toString('latin1', at + 16, at + 20);
      else if (type === 'stsd' && size >= 24)
        tracks.push({ handler: track.handler, format: buf.toString('latin1', at + 20, at + 24) });
      at += size;
    }
  };
  walk(moov, 0, moov.length, { handler: '' });
  const video = tracks.filter((t) => t.handler === 'vide');
  const sound = tracks.filter((t) => t.handler === 'soun');
  return (
    video.length > 0 &&
    video.every((t) => t.format === 'avc1' || t.format === 'avc3') &&
    sound.every((t) => t.format === 'mp4a')
  );
}

/** Videos longer than this also get an HLS ladder (hlsLadder). */
export const HLS_MIN_SECONDS = 60;
/** The ladder's rungs by their short side, with the video bit rate each is capped at. */
const HLS_RUNGS = [
  { short: 360, maxrate: 800_000 },
  { short: 480, maxrate: 1_400_000 },
  { short: 720, maxrate: 2_800_000 },
  { short: 1080, maxrate: 5_000_000 },
] as const;
const HLS_SEGMENT_SECONDS = 4;

export interface HlsRendition {
  /** `360p`: its playlist is `360p.m3u8`, its segments `360p_0000.ts`… */
  name: string;
  width: number;
  height: number;
}

/**
 * The rungs of a `width`×`height` video's ladder: 360p up to the video's own short side, at
 * most 1080p (a video smaller than 360p gets one rung at its size). Sizes are even.
 */
export function hlsRenditions(width: number, height: number): HlsRendition[] {
  const short = Math.min(width, height);
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  const rungs = HLS_RUNGS.filter((r) => r.short <= short).map((r): number => r.short);
  if (rungs.length === 0) rungs.push(short);
  return rungs.map((s) => {
    const f = s / short;
    return { name: `${s}p`, width: even(width * f), height: even(height * f) };
  });
}

/**
 * The HLS ladder of a processed MP4 (H.264/AAC, at most 1080p) into `dir`: per rung, an H.264
 * (Main) + AAC MPEG-TS rendition cut in ~4 s segments with key frames at the same times on
 * every rung (so a player switches rungs at any segment), its VOD playlist, and `master.m3u8`
 * listing them with their measured bandwidth. Answers the names of the files written.
 * `onProgress` gets 0–99 over the whole ladder.
 */
export async function hlsLadder(
  tools: VideoTools,
  input: string,
  dir: string,
  video: { width: number; height: number; durationSeconds: number; hasAudio: boolean },
  opts: { signal?: AbortSignal; onProgress?: (percent: number) => void } = {},
): Promise<string[]> {
  const renditions = hlsRenditions(video.width, video.height);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const [i, r] of renditions.entries()) {
    const rung = HLS_RUNGS.find((x) => `${x.short}p` === r.name) ?? HLS_RUNGS[0];
    const args = [
      ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-nostats'],
      ...['-progress', 'pipe:1', '-i', input],
      ...['-map', '0:v:0', ...(video.hasAudio ? ['-map', '0:a:0'] : []), '-dn', '-sn'],
      ...['-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'main'],
      ...['-maxrate', String(rung.maxrate), '-bufsize', String(rung.maxrate * 2)],
      ...['-pix_fmt', 'yuv420p', '-vf', `scale=${r.width}:${r.height}`],
      // key frames every segment on every rung, and nowhere else: segments line up
      ...['-force_key_frames', `expr:gte(t,n_forced*${HLS_SEGMENT_SECONDS})`],
      ...['-sc_threshold', '0'],
      ...(video.hasAudio ? ['-c:a', 'aac', '-b:a', r.height >= 720 ? '128k' : '96k'] : []),
      ...['-f', 'hls', '-hls_time', String(HLS_SEGMENT_SECONDS), '-hls_playlist_type', 'vod'],
      ...['-hls_segment_filename', path.join(dir, `${r.name}_%04d.ts`)],
      path.join(dir, `${r.name}.m3u8`),
    ];
    await run(tools.ffmpeg, args, {
      signal: opts.signal,
      timeoutMs: Math.max(10 * 60_000, video.durationSeconds * 60_000),
      // each rung is its share of the whole ladder
      onStdout: progressOf(
        video.durationSeconds,
        (done) => (i + done) / renditions.length,
        opts.onProgress,
      ),
    });
  }
  const written: string[] = [];
  for (const r of renditions) {
    const names = (await readdir(dir)).filter(
      (n) => n === `${r.name}.m3u8` || (n.startsWith(`${r.name}_`) && n.endsWith('.ts')),
    );
    let bytes = 0;
    for (const n of names) bytes += (await stat(path.join(dir, n))).size;
    written.push(...names);
    // the average rate with a margin for the peaks (the rungs are capped by -maxrate)
    const bandwidth = Math.ceil(((bytes * 8) / Math.max(1, video.durationSeconds)) * 1.2);
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${r.width}x${r.height}`);
    lines.push(`${r.name}.m3u8`);
  }
  await writeFile(path.join(dir, 'master.m3u8'), lines.join('\n') + '\n');
  written.push('master.m3u8');
  return written;
}

/**
 * An ffmpeg `-progress pipe:1` reader: calls `onProgress` with a whole percent (at most 99, only
 * when it grows) of `share(fraction of this run done)`.
 */
function progressOf(
  durationSeconds: number,
  share: (done: number) => number,
  onProgress?: (percent: number) => void,
): (chunk: string) => void {
  const total = durationSeconds * 1e6;
  let buffered = '';
  let last = -1;
  return (chunk) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const m = /^out_time_(?:us|ms)=(\d+)/.exec(line);
      if (!m || !total || !onProgress) continue;
      const percent = Math.min(99, Math.floor(share(Math.min(1, Number(m[1]) / total)) * 100));
      if (percent > last) onProgress((last = percent));
    }
  };
}
