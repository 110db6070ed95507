import {
  PAGING,
  PUBLISH_AT_MAX_DAYS,
  SCHEDULED_LIST_MAX,
  centsToMajor,
  majorToCents,
  pageOffset,
} from '@fa-clube/contract';
/**
 * Posts, their attachments, likes and the two post lists (feed and profile).
 *
 * Who sees a creator's posts: the owner, the team members and the active
 * subscribers of the creator's workspace (read-models/access.ts contentAccess). For
 * anyone else no post text, file path or media URL leaves this module; the
 * public profile only tells how many posts there are.
 *
 * `{ws}` in the paths is the caller's current workspace (the one they post in,
 * like from or read from); the caller must belong to it (else 404).
 */
import type {
  ContentAttachment,
  ContentItem,
  ContentObjectResponse,
  ContentsResponse,
  CreateContentBody,
  LikeResponse,
  ScheduledContentsResponse,
  UpdateContentBody,
} from '@fa-clube/contract';
import {
  contentAccess,
  requireActor,
  requireCreatorAccess,
  requireWorkspaceRole,
  workspaceNotFound,
} from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import type { AppContext } from '../../lib/context';
import { recordPublishedPosts, sendNewPostJobs } from '../notifications/notifications.service';
import { AppError, fieldError } from '../../lib/errors';
import { requireProfile } from '../workspaces/workspaces.service';
import { publicImageUrl } from '../../lib/storage';
import {
  deleteWorkspaceFiles,
  deleteWorkspaceFolder,
  fileNotFound,
  claimUploads,
  normalizeFilePath,
  processWorkspaceImage,
  signedViewUrl,
  verifyWorkspaceFile,
  workspaceMp4PlaysAsIs,
} from '../files/files.service';
import {
  findContentItem,
  listFeed,
  listScheduledContents,
  listWorkspaceContents,
} from './feed.queries';
import type { AttachmentRow, ContentRow } from './feed.queries';
import {
  deleteContent as deleteContentRows,
  findContentWorkspaceId,
  forgetPerson,
  insertContent,
  listPostVideosToProcess,
  lockAttachedFiles,
  reschedulePost,
  retryFailedVideos,
  toggleLike,
} from './content.repo';
import { sendVideoJob } from './video.jobs';
import { signedHlsUrl } from './hls.service';
import type { NewAttachment } from './content.repo';
import type { DbOrTx } from '../../db/client';
import { cancelItemCharges } from '../payments/payments.service';
import { findPostForSale, findPostOfFile, hasPurchased } from './purchases.repo';

/** Media URLs in a list stay valid this long (a page is read for a while); refresh via /contents/objects. */
export const LIST_MEDIA_URL_TTL_SECONDS = 900;
/**
 * List media URLs are signed per minute (valid 14 to 15 minutes): the same URL
 * all minute long, so the browser's cache works and a file is signed once a minute.
 */
const LIST_MEDIA_URL_WINDOW_SECONDS = 60;

export const subscriptionRequired = () =>
  new AppError('SUBSCRIPTION_REQUIRED', 'Assine este perfil para ver as publicações.');
const contentNotFound = () => new AppError('CONTENT_NOT_FOUND', 'Publicação não encontrada.');

async function toAttachment(
  ctx: AppContext,
  workspaceId: string,
  a: AttachmentRow,
): Promise<ContentAttachment> {
  const opts = {
    expiresInSeconds: LIST_MEDIA_URL_TTL_SECONDS - LIST_MEDIA_URL_WINDOW_SECONDS,
    cacheWindowSeconds: LIST_MEDIA_URL_WINDOW_SECONDS,
  };
  const { url, expiresAt } = await signedViewUrl(ctx, workspaceId, a.file_path, opts);
  const poster = a.poster_path ? await signedViewUrl(ctx, workspaceId, a.poster_path, opts) : null;
  const sized = a.kind === 'image' && a.width !== null;
  const variants = sized
    ? [
        ...(await Promise.all(
          a.variants.map(async (v) => ({
            file_path: v.file_path,
            width: v.width,
            url: (await signedViewUrl(ctx, workspaceId, v.file_path, opts)).url,
          })),
        )),
        { file_path: a.file_path, width: a.width!, url },
      ]
    : undefined;
  return {
    file_path: a.file_path,
    label: a.label,
    kind: a.kind,
    content_type: a.content_type,
    url,
    ...(a.kind === 'image' ? { image_url: url } : { video_url: url }),
    ...(poster ? { poster_url: poster.url, poster_path: a.poster_path! } : {}),
    ...(a.kind === 'video' && a.status === 'ready' && a.hls_path
      ? { hls_url: signedHlsUrl(ctx, workspaceId, a.hls_path, opts.expiresInSeconds) }
      : {}),
    expires_at: expiresAt.toISOString(),
    ...(a.kind === 'image' || a.width !== null ? { width: a.width, height: a.height } : {}),
    ...(a.status === 'processing' ? { progress: a.progress ?? 0 } : {}),
    ...(variants ? { variants } : {}),
    status: a.status,
    ...(a.reason ? { reason: a.reason } : {}),
  };
}

/**
 * A post row as the API answers it; call only for a caller who may see the post. An attachment
 * that failed to re-encode goes to its owner alone. A priced post the caller neither bought nor
 * belongs to the team of is locked: its description and price, and of each attachment only its
 * kind — no path, no URL, no poster (issue 32).
 */
export async function toContentItem(ctx: AppContext, row: ContentRow): Promise<ContentItem> {
  const locked = row.priceCents !== null && !row.isTeam && !row.purchased;
  // a video being processed to the team ('Processando vídeo…'), a failure to the owner alone
  const shown = row.attachments.filter(
    (a) => a.status === 'ready' || row.isOwner || (a.status === 'processing' && row.isTeam),
  );
  return {
    id: row.id,
    description: row.description,
    attachments: locked
      ? shown.map((a) => ({ kind: a.kind, locked: true as const }))
      : await Promise.all(shown.map((a) => toAttachment(ctx, row.workspaceId, a))),
    price: row.priceCents === null ? null : centsToMajor(row.priceCents),
    locked,
    purchased: row.purchased,
    likes: row.likes,
    liked: row.liked,
    full_name: row.label,
    username: row.username,
    avatar_url: publicImageUrl(row.avatarPath),
    created_at: row.createdAt.toISOString(),
    is_owner: row.isOwner,
    workspace_id: row.workspaceId,
    ...(row.publishAt ? { scheduled: true, publish_at: row.publishAt.toISOString() } : {}),
  };
}

/**
 * A scheduled post's time (issue 35), checked against the clock: in the future and within
 * PUBLISH_AT_MAX_DAYS (the format is checked by the contract). Null/absent: publish now.
 */
function parsePublishAt(ctx: AppContext, value: string | null | undefined): Date | null {
  if (value == null) return null;
  const at = new Date(value);
  const now = ctx.clock.now().getTime();
  if (at.getTime() <= now)
    throw fieldError('PUBLISH_AT_INVALID', 'publish_at', 'Escolha uma data e hora no futuro.');
  if (at.getTime() > now + PUBLISH_AT_MAX_DAYS * 86_400_000)
    throw fieldError(
      'PUBLISH_AT_INVALID',
      'publish_at',
      'Agende a publicação para no máximo um ano a partir de hoje.',
    );
  return at;
}

const fileInUse = () =>
  fieldError(
    'FILE_IN_USE',
    'file_path',
    'Este arquivo já está em outra publicação. Envie-o novamente.',
  );

/**
 * Checks each attachment (and poster) in the file store (path, existence,
 * size, magic bytes), then re-encodes the images (files.service
 * processWorkspaceImage): what is saved and served are the new files, never
 * the upload. Answers the rows to insert and the uploads to delete once they
 * are saved; on an error, what it wrote is deleted and the uploads stay.
 */
async function verifyAttachments(
  ctx: AppContext,
  workspaceId: string,
  attachments: NonNullable<CreateContentBody['attachments']>,
): Promise<{ rows: NewAttachment[]; uploads: string[]; written: string[] }> {
  const rows: NewAttachment[] = [];
  const uploads: string[] = [];
  const written: string[] = [];
  /** An image of the store re-encoded; the upload is an attachment of no post (it is deleted next). */
  const reencode = async (filePath: string, variants: boolean) => {
    if (await findPostOfFile(ctx.db, workspaceId, filePath)) throw fileInUse();
    const image = await processWorkspaceImage(ctx, workspaceId, filePath, { variants });
    uploads.push(filePath);
    written.push(image.filePath, ...image.variants.map((v) => v.filePath));
    return image;
  };
  try {
    for (const a of attachments) {
      const file = await verifyWorkspaceFile(ctx, workspaceId, a.file_path, ['image', 'video']);
      let poster: NewAttachment['poster'];
      if (a.poster_path !== undefined) {
        if (file.kind !== 'video')
          throw new AppError('POSTER_ONLY_FOR_VIDEO', 'Apenas vídeos têm imagem de capa.', {
            errors: [{ field: 'poster_path', message: 'Apenas vídeos têm imagem de capa.' }],
          });
        const image = await verifyWorkspaceFile(ctx, workspaceId, a.poster_path, ['image']);
        poster = await reencode(image.filePath, false);
      }
      const base = { label: a.label ?? '', kind: file.kind, ...(poster ? { poster } : {}) };
      if (file.kind === 'video' && !ctx.video) {
        // no ffmpeg: only an MP4 that already plays everywhere, as it is
        if (
          file.contentType !== 'video/mp4' ||
          !(await workspaceMp4PlaysAsIs(ctx, workspaceId, file))
        )
          throw fieldError('VIDEO_NOT_PLAYABLE', 'file_path');
      }
      rows.push(
        file.kind === 'image'
          ? { ...base, ...(await reencode(file.filePath, true)) }
          : {
              ...base,
              filePath: file.filePath,
              contentType: file.contentType,
              size: file.size,
              // the upload stays attached until its job has made the MP4 (video.jobs.ts)
              processing: ctx.video !== null,
            },
      );
    }
  } catch (err) {
    await discardFiles(ctx, workspaceId, written);
    throw err;
  }
  return { rows, uploads, written };
}

/** Deletes files no post took (logged on failure: they are nobody's attachment). */
async function discardFiles(ctx: AppContext, workspaceId: string, filePaths: string[]) {
  try {
    await deleteWorkspaceFiles(ctx, workspaceId, filePaths);
  } catch (err) {
    ctx.logger.error({ err, workspaceId }, 'could not delete files of no post');
  }
}

/** POST /content/{ws}: the owner publishes text and at most one verified image or video. */
export async function createContent(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  body: CreateContentBody,
): Promise<ContentItem> {
  const { actor: me } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const publishAt = parsePublishAt(ctx, body.publish_at);
  // what a pay-per-view post sells is its image or video: the description is shown to all
  if (body.price != null && !body.attachments?.length)
    throw fieldError(
      'PRICE_NEEDS_ATTACHMENT',
      'price',
      'Anexe uma imagem ou um vídeo para vender a publicação.',
    );
  const {
    rows: attachments,
    uploads,
    written,
  } = await verifyAttachments(ctx, workspaceId, body.attachments ?? []);
  const filePaths = attachments.flatMap((a) => [
    a.filePath,
    ...(a.poster ? [a.poster.filePath] : []),
  ]);
  let id: string;
  try {
    id = await ctx.db.transaction(async (tx) => {
      if ((await lockAttachedFiles(tx, workspaceId, filePaths)).length > 0) throw fileInUse();
      // an upload makes one post: a second post racing for it finds it claimed
      if (!(await claimUploads(tx, workspaceId, uploads))) throw fileInUse();
      const newId = await insertContent(tx, {
        workspaceId,
        authorId: me.userId,
        description: (body.text ?? body.description ?? '').trim(),
        createdAt: ctx.clock.now(),
        attachments,
        priceCents: body.price == null ? null : majorToCents(body.price),
        publishAt,
      });
      // published now: its subscribers are told (a scheduled post, when the job publishes it)
      if (!publishAt) await recordPublishedPosts(ctx, tx, [{ contentId: newId, workspaceId }]);
      return newId;
    });
  } catch (err) {
    await discardFiles(ctx, workspaceId, written);
    throw err;
  }
  // the uploads as sent (metadata and all) are kept nowhere once their re-encoding is saved
  await discardFiles(ctx, workspaceId, uploads);
  await sendVideoJobs(ctx, await listPostVideosToProcess(ctx.db, id));
  if (!publishAt) await sendNewPostJobs(ctx, [id]);
  const row = await findContentItem(ctx.db, me.userId, id);
  if (!row) throw contentNotFound();
  return toContentItem(ctx, row);
}

/** Jobs for videos just made processing; a failure is logged (the periodic sweep sends them). */
async function sendVideoJobs(ctx: AppContext, videos: { id: string; attempts: number }[]) {
  for (const video of videos)
    await sendVideoJob(ctx, video).catch((err) =>
      ctx.logger.warn({ err, attachmentId: video.id }, 'video job not sent; the sweep will'),
    );
}

/**
 * POST /content/{ws}/{id}/retry-media: the owner; the post's failed videos are processed again
 * (their upload is kept while they are failed). 409 MEDIA_NOT_FAILED when none failed.
 */
export async function retryContentMedia(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  contentId: string,
): Promise<ContentItem> {
  const { actor: me } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  if ((await findContentWorkspaceId(ctx.db, contentId)) !== workspaceId) throw contentNotFound();
  if (!ctx.video) throw new AppError('VIDEO_NOT_PLAYABLE');
  const retried = await retryFailedVideos(ctx.db, workspaceId, contentId);
  if (retried.length === 0) throw new AppError('MEDIA_NOT_FAILED');
  await sendVideoJobs(ctx, retried);
  const row = await findContentItem(ctx.db, me.userId, contentId);
  if (!row) throw contentNotFound();
  return toContentItem(ctx, row);
}

/**
 * PATCH /content/{ws}/{id} { publish_at }: the owner and members move a scheduled post of their
 * workspace, or publish it now (`null`). 409 CONTENT_ALREADY_PUBLISHED for a published post.
 */
export async function updateContentSchedule(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  contentId: string,
  body: UpdateContentBody,
): Promise<ContentItem> {
  const { actor: me } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const publishAt = parsePublishAt(ctx, body.publish_at);
  const result = await ctx.db.transaction(async (tx) => {
    const r = await reschedulePost(tx, workspaceId, contentId, publishAt, ctx.clock.now());
    // published now: its subscribers are told
    if (r === 'moved' && !publishAt)
      await recordPublishedPosts(ctx, tx, [{ contentId, workspaceId }]);
    return r;
  });
  if (result === 'missing') throw contentNotFound();
  if (result === 'published') throw new AppError('CONTENT_ALREADY_PUBLISHED');
  if (!publishAt) await sendNewPostJobs(ctx, [contentId]);
  const row = await findContentItem(ctx.db, me.userId, contentId);
  if (!row) throw contentNotFound();
  return toContentItem(ctx, row);
}

/** GET /contents/{ws}/scheduled: the owner and members; the workspace's scheduled posts. */
export async function getScheduledContents(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
): Promise<ScheduledContentsResponse> {
  const { actor: me } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const rows = await listScheduledContents(ctx.db, {
    viewerId: me.userId,
    workspaceId,
    limit: SCHEDULED_LIST_MAX,
  });
  return { contents: await Promise.all(rows.map((r) => toContentItem(ctx, r))) };
}

/**
 * DELETE /content/{ws}/{id}: the owner of the post's workspace. Rows first
 * (attachments, then the post with its likes) in one transaction, then the
 * files; a storage failure after the commit is logged (the post is gone).
 */
export async function deleteContent(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  contentId: string,
): Promise<{ message: string }> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const deleted = await ctx.db.transaction(async (tx) => {
    const rows = await deleteContentRows(tx, workspaceId, contentId);
    // its open charges can no longer be paid; one paid meanwhile goes to payments to review
    if (rows) await cancelItemCharges(tx, 'post', contentId);
    return rows;
  });
  if (!deleted) throw contentNotFound();
  try {
    await deleteWorkspaceFiles(ctx, workspaceId, deleted.filePaths);
    for (const hls of deleted.hlsPaths)
      await deleteWorkspaceFolder(ctx, workspaceId, hls.slice(0, hls.lastIndexOf('/') + 1));
  } catch (err) {
    ctx.logger.error({ err, workspaceId, contentId }, 'could not delete the files of a post');
  }
  return { message: 'Publicação excluída.' };
}

/** POST /content/{ws}/{id}/like: toggles the caller's like on a post they may see. */
export async function toggleContentLike(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  contentId: string,
): Promise<LikeResponse> {
  const { actor: me } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const post = await findPostForSale(ctx.db, contentId);
  if (!post) throw contentNotFound();
  const now = ctx.clock.now();
  const access = await contentAccess(ctx.db, me, post.workspaceId, now);
  if (access === 'none') throw subscriptionRequired();
  // a post whose video is still processing is not shown to fans yet
  // nor a scheduled post before its time
  if (access === 'subscriber' && (post.mediaPending || post.scheduled)) throw contentNotFound();
  const result = await toggleLike(ctx.db, contentId, me.userId, now);
  // Null: the post was deleted between the check and the toggle.
  if (!result) throw contentNotFound();
  return result;
}

/** GET /contents/{ws}/feed: the caller's own and joined workspaces' posts and their subscriptions'. */
export async function getFeed(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  query: { page: number; size: number },
): Promise<ContentsResponse> {
  const me = requireActor(actor);
  // The access check (the caller's role in {ws}) rides in the page's statement:
  // one round trip, and nothing is answered unless it passed.
  const { rows, total, callerRole } = await listFeed(ctx.db, {
    viewerId: me.userId,
    workspaceId,
    now: ctx.clock.now(),
    limit: query.size,
    offset: pageOffset(PAGING.feed, query.page, query.size),
  });
  if (!callerRole) throw workspaceNotFound();
  return {
    contents: await Promise.all(rows.map((r) => toContentItem(ctx, r))),
    page: query.page,
    size: query.size,
    total,
  };
}

/** GET /contents/{ws}/profile?username=: a creator's posts, for those who may see them. */
export async function getProfileContents(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  query: { username: string; page: number; size: number },
): Promise<ContentsResponse> {
  const {
    actor: me,
    creatorId,
    access,
  } = await requireCreatorAccess(ctx.db, actor, workspaceId, query.username, ctx.clock.now());
  if (!creatorId) throw new AppError('PROFILE_NOT_FOUND');
  if (access === 'none') throw subscriptionRequired();
  const { rows, total } = await listWorkspaceContents(ctx.db, {
    viewerId: me.userId,
    workspaceId: creatorId,
    limit: query.size,
    offset: pageOffset(PAGING.profileContents, query.page, query.size),
  });
  return {
    contents: await Promise.all(rows.map((r) => toContentItem(ctx, r))),
    page: query.page,
    size: query.size,
    total,
  };
}

/**
 * GET /contents/objects?username=&file_path=: a fresh signed URL of a file of
 * one of the creator's posts, for those who may see it; the creator's public
 * avatar or cover (`avatar`, `cover` or its stored key) for anyone. Everything
 * else is 404, so nobody learns whether a file exists.
 */
export async function getContentObjectUrl(
  ctx: AppContext,
  actor: Actor | null,
  query: { username: string; file_path: string },
): Promise<ContentObjectResponse> {
  const creator = await requireProfile(ctx, query.username);
  const wanted = query.file_path.trim();
  for (const [name, key] of [
    ['avatar', creator.avatarPath],
    ['cover', creator.coverPath],
  ] as const) {
    if (wanted !== name && wanted !== key) continue;
    const url = publicImageUrl(key);
    if (!url) throw fileNotFound();
    return { url, expires_at: null };
  }
  const access = await contentAccess(ctx.db, actor, creator.id, ctx.clock.now());
  const filePath = normalizeFilePath(wanted);
  const post = await findPostOfFile(ctx.db, creator.id, filePath, {
    readyOnly: access !== 'owner',
  });
  const bought =
    post?.priceCents != null && actor ? await hasPurchased(ctx.db, post.id, actor.userId) : false;
  // a buyer keeps a bought post after the subscription ends
  if (!post || (access === 'none' && !bought)) throw fileNotFound();
  // a scheduled post's files go to the team only until it is published
  if (post.publishAt && access !== 'owner' && access !== 'member') throw fileNotFound();
  // a priced post's files only to the team and its buyers
  if (post.priceCents != null && access === 'subscriber' && !bought)
    throw new AppError('CONTENT_LOCKED');
  const { url, expiresAt } = await signedViewUrl(ctx, creator.id, filePath);
  return { url, expires_at: expiresAt.toISOString() };
}

/**
 * Account deletion, inside its transaction: the person's likes are removed and the posts they
 * wrote in other people's workspaces lose their author (their own workspaces' posts go with
 * the workspace).
 */
export const forgetContentOf = (tx: DbOrTx, userId: string) => forgetPerson(tx, userId);
