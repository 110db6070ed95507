/**
 * Images posted before re-encoding existed still hold what the phone wrote
 * (GPS, camera, orientation): this job re-encodes each one exactly as a new
 * post's image (files.service processWorkspaceImage), once.
 *
 * The periodic run walks the images not yet re-encoded (width null, read
 * through a partial index that empties as the work is done) in batches of
 * BATCH and sends one job per image, keyed by its id: sending again adds
 * nothing while the job is kept. Each job re-encodes into `media/<row id>/`
 * (a retry after a crash writes the same files), then, in one statement,
 * points the row at them unless the row changed meanwhile, and only then
 * deletes the original. A restart loses nothing: what is not saved is still
 * listed; what is saved is never listed again. An image that cannot be decoded
 * is marked failed with a pt-BR reason: its owner sees it, fans no longer do.
 */
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { queueName } from '../../lib/queue';
import type { Job, QueueDefinition } from '../../lib/queue';
import { deleteWorkspaceFiles, processWorkspaceImage } from '../files/files.service';
import {
  findUnprocessedImage,
  listUnprocessedImages,
  markImageFailed,
  saveReencodedImage,
} from './content.repo';

export const IMAGE_BACKFILL_QUEUE = queueName<{ attachmentId: string }>('content.image-backfill');
const BATCH = 200;
const RETRY_LIMIT = 4;

/** Refusals that another try cannot change: the image is marked failed. */
const FINAL = new Set(['IMAGE_UNREADABLE', 'IMAGE_TOO_MANY_PIXELS', 'FILE_NOT_UPLOADED']);

/** The periodic run: one job per image still to re-encode, BATCH ids per statement. */
export async function sendImageBackfill(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  let sent = 0;
  let after: string | null = null;
  for (;;) {
    const ids = await listUnprocessedImages(ctx.db, after, BATCH);
    for (const attachmentId of ids) {
      const { created } = await ctx.queue.send(
        IMAGE_BACKFILL_QUEUE,
        { attachmentId },
        { key: `image:${attachmentId}` },
      );
      if (created) sent++;
    }
    if (ids.length < BATCH || signal?.aborted) return sent;
    after = ids[ids.length - 1]!;
  }
}

/** Re-encodes one old image (see the comment at the top). */
export async function reencodeOldImage(
  ctx: AppContext,
  job: Pick<Job<{ attachmentId: string }>, 'data' | 'retryCount' | 'retryLimit'>,
): Promise<void> {
  const image = await findUnprocessedImage(ctx.db, job.data.attachmentId);
  if (!image) return;
  let reencoded: Awaited<ReturnType<typeof processWorkspaceImage>>;
  try {
    reencoded = await processWorkspaceImage(ctx, image.workspaceId, image.filePath, {
      variants: image.posterOf === null,
      dir: image.id,
      // the original was counted in the quota already, and goes next
      force: true,
      tolerant: true,
    });
  } catch (err) {
    const final = err instanceof AppError && FINAL.has(err.code);
    if (final || job.retryCount >= job.retryLimit) {
      await markImageFailed(
        ctx.db,
        image.id,
        final
          ? err.message
          : 'Não foi possível reprocessar esta imagem. Exclua a publicação e envie a foto de novo.',
      );
      if (final) return;
    }
    throw err;
  }
  const written = [reencoded.filePath, ...reencoded.variants.map((v) => v.filePath)];
  const saved = await ctx.db.transaction((tx) => saveReencodedImage(tx, image, reencoded));
  await deleteWorkspaceFiles(ctx, image.workspaceId, saved ? [image.filePath] : written);
}

export function imageBackfillQueue(ctx: AppContext): QueueDefinition<{ attachmentId: string }> {
  return {
    name: IMAGE_BACKFILL_QUEUE,
    handler: (job) => reencodeOldImage(ctx, job),
    concurrency: 1,
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 60,
    expireInSeconds: 300,
  };
}
