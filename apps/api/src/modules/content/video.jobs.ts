/**
 * A post's video made playable everywhere, off the request path (decision 088): the post is
 * saved with the upload attached and `status = 'processing'` (fans do not see the post), one
 * job per video and run (`video:<id>:<attempts>`) is sent after the commit, and the periodic
 * sweep sends again what has no job (a crash between the commit and the send).
 *
 * A job copies the upload to a temp file, probes it, makes the MP4 (stream copy when it already
 * fits, else H.264/AAC at most 1080p; no metadata; faststart; lib/video.ts), writing its
 * progress on the row, takes a poster frame when the owner gave none, stores both under
 * `media/<row id>/` (a retry writes the same paths), then in one statement points the row at
 * them unless the row changed meanwhile, and only after that commit deletes the upload. A
 * restart loses nothing: until that statement the row still lists the video as processing and
 * holds the upload. A file that is no video, or that ffmpeg cannot convert, fails at once with
 * a pt-BR reason; other errors retry, and the last retry fails it. The owner may retry
 * (POST /content/{ws}/{id}/retry-media) or delete the post.
 */
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppContext } from '../../lib/context';
import { queueName } from '../../lib/queue';
import type { HandlerInfo, Job, QueueDefinition } from '../../lib/queue';
import {
  HLS_MIN_SECONDS,
  VideoUnreadableError,
  hlsLadder,
  makePlayableMp4,
  planVideo,
  posterFrame,
  probeVideo,
} from '../../lib/video';
import type { VideoProbe } from '../../lib/video';
import {
  deleteUnattachedFiles,
  deleteWorkspaceFiles,
  deleteWorkspaceFolder,
  downloadWorkspaceFile,
  storeMediaImage,
  storeWorkspaceFilesFromDisk,
} from '../files/files.service';
import { HLS_PLAYLIST_TYPE, HLS_SEGMENT_TYPE } from '../../lib/storage';
import {
  findVideoToProcess,
  isVideoHlsSaved,
  listProcessingVideos,
  markVideoFailed,
  saveProcessedVideo,
  setVideoProgress,
} from './content.repo';
import type { VideoToProcess } from './content.repo';
import { timeMediaJob } from '../../lib/metrics';

interface VideoJob {
  attachmentId: string;
  /** The run (content_attachments.attempts) this job is for: an older run's job does nothing. */
  attempts: number;
}

export const VIDEO_QUEUE = queueName<VideoJob>('content.video');
const BATCH = 200;
const RETRY_LIMIT = 2;
/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 1000;

export const VIDEO_UNREADABLE =
  'Não conseguimos ler este vídeo: o arquivo parece corrompido ou não é um vídeo. Tente de novo ou exclua a publicação e envie outro arquivo.';
const VIDEO_MISSING =
  'O arquivo enviado não está mais no armazenamento. Exclua a publicação e envie o vídeo de novo.';
const VIDEO_FAILED = 'Não foi possível processar este vídeo. Tente de novo ou exclua a publicação.';

/** Sends the job of a video's run (after the commit that made it processing); idempotent. */
export async function sendVideoJob(ctx: AppContext, video: { id: string; attempts: number }) {
  return ctx.queue.send(
    VIDEO_QUEUE,
    { attachmentId: video.id, attempts: video.attempts },
    { key: `video:${video.id}:${video.attempts}` },
  );
}

/** The periodic sweep: a job for every video still processing (those sent already add nothing). */
export async function sendProcessingVideos(ctx: AppContext, signal?: AbortSignal) {
  let sent = 0;
  let after: string | null = null;
  for (;;) {
    const rows = await listProcessingVideos(ctx.db, after, BATCH);
    for (const row of rows) if ((await sendVideoJob(ctx, row)).created) sent++;
    if (rows.length < BATCH || signal?.aborted) return sent;
    after = rows[rows.length - 1]!.id;
  }
}

/** Processes one video's run (see the comment at the top). */
export async function processVideo(
  ctx: AppContext,
  job: Pick<Job<VideoJob>, 'data' | 'retryCount' | 'retryLimit'>,
  info: HandlerInfo = { signal: new AbortController().signal },
): Promise<void> {
  const video = await findVideoToProcess(ctx.db, job.data.attachmentId, job.data.attempts);
  if (!video) return;
  // ffmpeg gone since the post was made (a restart without it): the retries wait for it
  if (!ctx.video) throw new Error('ffmpeg indisponível');
  const tools = ctx.video;
  const { signal } = info;
  const work = await mkdtemp(path.join(tmpdir(), 'fa-clube-video-'));
  try {
    const input = path.join(work, 'upload');
    const output = path.join(work, 'video.mp4');
    if (!(await downloadWorkspaceFile(ctx, video.workspaceId, video.filePath, input)))
      return await markVideoFailed(ctx.db, video, VIDEO_MISSING);
    let probe: VideoProbe;
    try {
      probe = await probeVideo(tools, input, signal);
      const plan = planVideo(probe);
      // a video over a minute also gets its HLS ladder: the MP4 is the first half of the work
      const ladder = probe.durationSeconds > HLS_MIN_SECONDS;
      let progress = Promise.resolve();
      let written = 0;
      const report = (percent: number) => {
        if (Date.now() - written < PROGRESS_EVERY_MS) return;
        written = Date.now();
        progress = progress
          .then(() => setVideoProgress(ctx.db, video, percent))
          .catch((err) => ctx.logger.warn({ err }, 'could not write a video progress'));
      };
      await makePlayableMp4(tools, input, output, probe, plan, {
        signal,
        onProgress: (percent) => report(ladder ? Math.floor(percent / 2) : percent),
      });
      let hls: string[] = [];
      if (ladder) {
        await mkdir(path.join(work, 'hls'));
        hls = await hlsLadder(
          tools,
          output,
          path.join(work, 'hls'),
          { ...plan, durationSeconds: probe.durationSeconds, hasAudio: probe.audio !== null },
          { signal, onProgress: (percent) => report(50 + Math.floor(percent / 2)) },
        );
      }
      await progress;
      await save(ctx, video, { output, hlsDir: path.join(work, 'hls'), hls }, probe, plan, signal);
    } catch (err) {
      if (err instanceof VideoUnreadableError && !signal.aborted) {
        ctx.logger.warn({ err, attachmentId: video.id }, 'video refused by ffmpeg');
        return await markVideoFailed(ctx.db, video, VIDEO_UNREADABLE);
      }
      throw err;
    }
  } catch (err) {
    if (!signal.aborted && job.retryCount >= job.retryLimit)
      await markVideoFailed(ctx.db, video, VIDEO_FAILED);
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Stores the MP4 and the poster, points the row at them, then deletes the upload. */
async function save(
  ctx: AppContext,
  video: VideoToProcess,
  files: { output: string; hlsDir: string; hls: string[] },
  probe: VideoProbe,
  plan: { width: number; height: number },
  signal: AbortSignal,
) {
  const { output } = files;
  const filePath = `media/${video.id}/video.mp4`;
  const hlsFolder = `media/${video.id}/hls/`;
  const size = (await stat(output)).size;
  // streamed from the disk to the store, never read into memory whole (a 2 GB video)
  await storeWorkspaceFilesFromDisk(
    ctx,
    video.workspaceId,
    [
      { filePath, file: output, contentType: 'video/mp4' },
      ...files.hls.map((name) => ({
        filePath: hlsFolder + name,
        file: path.join(files.hlsDir, name),
        contentType: name.endsWith('.m3u8') ? HLS_PLAYLIST_TYPE : HLS_SEGMENT_TYPE,
      })),
    ],
    // the upload it replaces is counted already, and goes next
    { force: true },
  );
  const hlsPath = files.hls.length > 0 ? `${hlsFolder}master.m3u8` : null;
  const written = [filePath];
  let poster: Awaited<ReturnType<typeof storeMediaImage>> | null = null;
  if (!video.hasPoster) {
    try {
      const frame = await posterFrame(ctx.video!, output, probe.durationSeconds, signal);
      poster = await storeMediaImage(ctx, video.workspaceId, frame, {
        variants: false,
        dir: video.id,
        force: true,
      });
      written.push(poster.filePath);
    } catch (err) {
      if (signal.aborted) throw err;
      // a video without a poster still plays: the browser shows its first frame
      ctx.logger.warn({ err, attachmentId: video.id }, 'no poster frame for a video');
    }
  }
  const saved = await ctx.db.transaction((tx) =>
    saveProcessedVideo(
      tx,
      video,
      { filePath, size, width: plan.width, height: plan.height, hlsPath },
      poster,
    ),
  );
  if (saved) await deleteWorkspaceFiles(ctx, video.workspaceId, [video.filePath]);
  else {
    // deleted meanwhile (or saved by another run of the same paths): what no post holds goes
    await deleteUnattachedFiles(ctx, video.workspaceId, written);
    if (hlsPath && !(await isVideoHlsSaved(ctx.db, video.id, hlsPath)))
      await deleteWorkspaceFolder(ctx, video.workspaceId, hlsFolder);
  }
}

export function videoQueue(ctx: AppContext): QueueDefinition<VideoJob> {
  return {
    name: VIDEO_QUEUE,
    handler: (job, info) => timeMediaJob(ctx.metrics, 'video', () => processVideo(ctx, job, info)),
    concurrency: ctx.config.media.concurrency,
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 30,
    // a long video on a small machine; a crashed attempt runs again after this
    expireInSeconds: 2 * 60 * 60,
  };
}
