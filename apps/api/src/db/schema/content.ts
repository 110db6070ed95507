import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users';
import { workspaces } from './workspaces';

export const contents = pgTable(
  'contents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    /**
     * Likes of the post, kept by a trigger on content_likes (migration
     * 0006_workspace_figures_triggers).
     */
    likeCount: integer('like_count').notNull().default(0),
    /** Pay-per-view: the price in centavos each subscriber pays to unlock it; null = free. */
    priceCents: integer('price_cents'),
    /**
     * A scheduled post (issue 35): when it is to be published; null once published (the
     * content job clears it and sets created_at to it). Only the team sees a post with it set,
     * and the workspace's figures do not count it (migration: scheduled_posts).
     */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /**
     * A video of the post is not ready (processing or failed, content/video.jobs.ts): fans do not
     * see the post, and the workspace's figures do not count it (migration: media_pending_posts).
     * Written by content.repo with the attachments' status, in the same transaction.
     */
    mediaPending: boolean('media_pending').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contents_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    /**
     * Scheduled posts only (few): the feed's and profile's per-post probe ("is it scheduled?")
     * and the publishing job's work list. Empty of every published post.
     */
    index('contents_scheduled_idx')
      .on(t.id, t.publishAt)
      .where(sql`${t.publishAt} is not null`),
    /** Posts whose video is not ready (few): the team's list totals count them (feed.queries). */
    index('contents_media_pending_idx')
      .on(t.workspaceId)
      .where(sql`${t.mediaPending}`),
  ],
);

/**
 * The files of a post. A video's poster image is a row of its own pointing at
 * the video (`poster_of`), so every file a post uses is "attached": the file
 * store refuses to overwrite or delete it while the post exists. The content
 * service attaches a file to at most one post, so deleting a post can delete its files.
 */
export const contentAttachments = pgTable(
  'content_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentId: uuid('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    /** Workspace-relative path in the file store (`uploads/2026/11/<uuid>.jpg`). */
    filePath: text('file_path').notNull(),
    label: text('label').notNull().default(''),
    /** image | video */
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    position: integer('position').notNull().default(0),
    /** Set on a poster image: the video attachment it belongs to. */
    posterOf: uuid('poster_of').references((): AnyPgColumn => contentAttachments.id, {
      onDelete: 'cascade',
    }),
    /**
     * Images re-encoded on arrival (files.service processWorkspaceImage): their
     * size in pixels. Null on an image posted before the pipeline existed, until
     * the backfill job (content/media-backfill.jobs.ts) has re-encoded it.
     */
    width: integer('width'),
    height: integer('height'),
    /** Set on a smaller width of an image (for a `srcset`): the image it belongs to. */
    variantOf: uuid('variant_of').references((): AnyPgColumn => contentAttachments.id, {
      onDelete: 'cascade',
    }),
    /**
     * ready | processing (a video in the job queue, content/video.jobs.ts: its post is shown to
     * the team only) | failed (a video that could not be processed, or an old image the
     * backfill could not re-encode: the owner alone sees it).
     */
    status: text('status').notNull().default('ready'),
    /** pt-BR, for the owner, when `status` is failed. */
    reason: text('reason'),
    /** A video being processed: percent done (0–99), written by its job. */
    progress: integer('progress'),
    /** A video's processing runs asked (1 on posting, +1 per retry): its job's key. */
    attempts: integer('attempts').notNull().default(0),
    /**
     * A ready video longer than a minute: its HLS master playlist (`media/<id>/hls/master.m3u8`);
     * the renditions and segments are beside it. Served through signed, rewritten playlists
     * (content/hls.service.ts).
     */
    hlsPath: text('hls_path'),
  },
  (t) => [
    index('content_attachments_content_idx').on(t.contentId),
    index('content_attachments_path_idx').on(t.filePath),
    index('content_attachments_poster_of_idx')
      .on(t.posterOf)
      .where(sql`${t.posterOf} is not null`),
    index('content_attachments_variant_of_idx')
      .on(t.variantOf)
      .where(sql`${t.variantOf} is not null`),
    /**
     * Videos not ready (processing or failed): hides their posts from fans and is the video
     * sweep's work list. Holds only those rows, so probing it per post costs nothing.
     */
    index('content_attachments_pending_video_idx')
      .on(t.contentId)
      .where(sql`${t.kind} = 'video' and ${t.status} <> 'ready'`),
    /** The backfill's work list: images not re-encoded yet (bounded reads, empty once done). */
    index('content_attachments_unprocessed_idx')
      .on(t.id)
      .where(sql`${t.kind} = 'image' and ${t.width} is null and ${t.status} = 'ready'`),
  ],
);

export const contentLikes = pgTable(
  'content_likes',
  {
    contentId: uuid('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.userId] }),
    index('content_likes_user_idx').on(t.userId),
  ],
);

/**
 * Pay-per-view posts bought (issue 32): one row per buyer and post, made when the post's charge
 * is paid and removed when that payment is refunded. The buyer keeps it after the subscription
 * ends. Deleting the post deletes its purchases; a payment that arrives after the post was
 * deleted grants nothing and goes to the owner's payments to review (decision 070).
 */
export const contentPurchases = pgTable(
  'content_purchases',
  {
    contentId: uuid('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The paid charge (payments' charges.id; no foreign key across modules). */
    chargeId: uuid('charge_id').notNull(),
    priceCents: integer('price_cents').notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.buyerId] }),
    index('content_purchases_buyer_idx').on(t.buyerId, t.purchasedAt.desc()),
    uniqueIndex('content_purchases_charge_uq').on(t.chargeId),
  ],
);
