// Contract for the content domain (posts, attachments, likes, feed) and the public profiles:
// request and response schemas shared by the API and the web client.
import { z } from 'zod';
import { FilePath } from './files';
import { IMAGE_CONTENT_TYPES, VIDEO_CONTENT_TYPES } from './media';
import { defineErrors } from './errors';
import { Money, Timestamp, Username, Uuid } from './common';
import { isMajorAmount } from './money';
import { PAGING } from './paging';
import { pageQuery, paged } from './paged';

/** Shortest text a post may have when it has no attachment (spec section 9). */
export const POST_TEXT_MIN = 3;
export const POST_TEXT_MAX = 5000;
/** Content types the composer offers (spec section 9); the server also accepts image/webp. */
export const COMPOSER_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'video/mp4',
  // a phone's .mov and a WebM: made into MP4 by the server (issue 33)
  'video/quicktime',
  'video/webm',
] as const;

/** Shortest search for creators (GET /profiles/search?q=), without the leading @. */
export const CREATOR_SEARCH_MIN = 2;
/** Longest search for creators. */
export const CREATOR_SEARCH_MAX = 60;
/** At most this many creators per search. */
export const CREATOR_SEARCH_LIMIT = 20;

/** Pay-per-view: a post's price in reais (issue 32), 1.00 to 5000.00. */
export const POST_PRICE = { min: 1, max: 5000 } as const;

/** A price of a thing sold one by one (a post, a message), in reais: bounded and exact. */
export const ItemPrice = Money.refine(
  (v) => !isMajorAmount(v) || (v >= POST_PRICE.min && v <= POST_PRICE.max),
  `O preço deve ficar entre R$ ${POST_PRICE.min},00 e R$ ${POST_PRICE.max.toLocaleString('pt-BR')},00.`,
);

/** One image or video per post (spec section 5). */
export const POST_ATTACHMENTS_MAX = 1;
export const ATTACHMENT_LABEL_MAX = 200;

export const ContentParams = z.object({ ws: Uuid });
export const ContentItemParams = z.object({ ws: Uuid, id: Uuid });

export const AttachmentInput = z.object({
  /** The `file_path` answered by POST /workspaces/objects/{ws}, after the PUT. */
  file_path: FilePath,
  label: z
    .string({ message: 'Legenda inválida.' })
    .trim()
    .max(ATTACHMENT_LABEL_MAX, `A legenda deve ter no máximo ${ATTACHMENT_LABEL_MAX} caracteres.`)
    .optional(),
  /** Videos only: an image of the same workspace shown before the video plays. */
  poster_path: FilePath.optional(),
});
export type AttachmentInput = z.infer<typeof AttachmentInput>;

/** A scheduled post's publication time (ISO 8601 with offset); the API checks future / ≤ 1 year. */
export const PublishAt = z.iso.datetime({
  offset: true,
  message:
    'Informe a data e a hora de publicação (ISO 8601 com fuso, ex.: 2026-12-24T18:00:00-03:00).',
});

/** A scheduled post is published at most this far ahead. */
export const PUBLISH_AT_MAX_DAYS = 365;

/** PATCH /content/{ws}/{id}: move a scheduled post (`publish_at`), or publish it now (`null`). */
export const UpdateContentBody = z.object({
  publish_at: PublishAt.nullable(),
});
export type UpdateContentBody = z.input<typeof UpdateContentBody>;

const PostText = z
  .string({ message: 'Texto inválido.' })
  .max(POST_TEXT_MAX, `O texto deve ter no máximo ${POST_TEXT_MAX} caracteres.`);

/**
 * POST /content/{ws}. `description` is accepted as an alias of `text` (the
 * finance-API form). Without an attachment the text needs at least 3
 * characters (after trimming); with one it may be empty.
 */
export const CreateContentBody = z
  .object({
    text: PostText.optional(),
    description: PostText.optional(),
    attachments: z
      .array(AttachmentInput, { message: 'Anexos inválidos.' })
      .max(POST_ATTACHMENTS_MAX, 'Envie apenas um anexo por publicação.')
      .default([]),
    /** Pay-per-view: the subscribers who have not bought it see a locked card. Null = free. */
    price: ItemPrice.nullish(),
    /**
     * Scheduled post (issue 35): when it is published, ISO 8601 with offset, in the future and
     * within a year (checked by the API with its clock). Until then only the team sees it.
     */
    publish_at: PublishAt.nullish(),
  })
  .superRefine((body, c) => {
    const text = (body.text ?? body.description ?? '').trim();
    if (body.attachments.length === 0 && text.length < POST_TEXT_MIN)
      c.addIssue({
        code: 'custom',
        path: [body.text === undefined && body.description !== undefined ? 'description' : 'text'],
        message:
          text.length === 0
            ? 'Escreva um texto ou anexe uma imagem ou vídeo.'
            : `O texto deve ter pelo menos ${POST_TEXT_MIN} caracteres.`,
      });
  });
export type CreateContentBody = z.input<typeof CreateContentBody>;

export const AttachmentKind = z.enum(['image', 'video']);
export type AttachmentKind = z.infer<typeof AttachmentKind>;

/** One width of an image, for a `srcset`: fetched like the image itself (GET /contents/objects). */
export const ImageVariant = z
  .object({
    file_path: z.string(),
    width: z.number().int(),
    /** Signed GET of this width (valid until the attachment's `expires_at`). */
    url: z.string(),
  })
  .meta({ id: 'ImageVariant' });
export type ImageVariant = z.infer<typeof ImageVariant>;

/**
 * ready; processing: a video in the job queue (its post is shown to the owner and the team only);
 * failed: a video that could not be processed, or an old image that could not be re-encoded
 * (only its owner gets it, with `reason`).
 */
export const AttachmentStatus = z.enum(['ready', 'processing', 'failed']);
export type AttachmentStatus = z.infer<typeof AttachmentStatus>;

/** An attachment with short-lived signed URLs (never a bare storage path to fetch). */
export const ContentAttachment = z
  .object({
    file_path: z.string(),
    label: z.string(),
    kind: AttachmentKind,
    content_type: z.enum([...IMAGE_CONTENT_TYPES, ...VIDEO_CONTENT_TYPES]),
    /** Signed GET of the file (Range supported). */
    url: z.string(),
    /** Same as `url`, set for images. */
    image_url: z.string().optional(),
    /** Same as `url`, set for videos. */
    video_url: z.string().optional(),
    /**
     * Ready videos longer than a minute: signed URL of the HLS master playlist (360p up to the
     * source, at most 1080p; valid until `expires_at`). Its playlists and segments are signed too.
     */
    hls_url: z.string().optional(),
    /** Videos with a poster: signed GET of the poster image. */
    poster_url: z.string().optional(),
    /** Videos with a poster: the poster's file path (to refresh poster_url). */
    poster_path: z.string().optional(),
    /** When the signed URLs stop working; refresh with GET /contents/objects. */
    expires_at: Timestamp,
    /**
     * Images: the size in pixels of `url` (re-encoded on arrival: rotated, no
     * metadata, at most 2560 px), to reserve the box before it loads. Null on an
     * image posted before re-encoding existed and not yet re-encoded. Videos: the
     * size of the processed MP4 (at most 1080p) once ready.
     */
    width: z.number().int().nullable().optional(),
    height: z.number().int().nullable().optional(),
    /** Videos being processed: how far, 0 to 100 ('Processando vídeo… 40 %'). */
    progress: z.number().int().min(0).max(100).optional(),
    /** Images: every width of the image, smallest first, the last being `url` itself. */
    variants: z.array(ImageVariant).optional(),
    status: AttachmentStatus,
    /** pt-BR, for the owner, when `status` is failed. */
    reason: z.string().optional(),
  })
  .meta({ id: 'ContentAttachment' });
export type ContentAttachment = z.infer<typeof ContentAttachment>;

/** An attachment of a locked (pay-per-view, not bought) post: its kind only, never a path or URL. */
export const LockedAttachment = z
  .object({ kind: AttachmentKind, locked: z.literal(true) })
  .meta({ id: 'LockedAttachment' });
export type LockedAttachment = z.infer<typeof LockedAttachment>;

export const isLockedAttachment = (
  a: ContentAttachment | LockedAttachment,
): a is LockedAttachment => 'locked' in a && a.locked === true;

/** A post as the feed, the profile and POST /content/{ws} answer it. */
export const ContentItem = z
  .object({
    id: Uuid,
    description: z.string(),
    /** A locked post's attachments are LockedAttachment (kind only). */
    attachments: z.array(z.union([ContentAttachment, LockedAttachment])),
    /** Pay-per-view: the price in reais; null for a post every subscriber sees. */
    price: z.number().nullable(),
    /** A priced post this caller has not bought: description and price only. */
    locked: z.boolean(),
    /** The caller bought it (kept after the subscription ends). */
    purchased: z.boolean(),
    likes: z.number().int(),
    /** The caller likes it. */
    liked: z.boolean(),
    /** The creator's display name (the workspace label). */
    full_name: z.string(),
    /** The creator's @username (the workspace's). */
    username: z.string(),
    avatar_url: z.string().nullable(),
    created_at: Timestamp,
    /** The caller owns the post's workspace (may delete it). */
    is_owner: z.boolean(),
    workspace_id: Uuid,
    /** Scheduled and not yet published (only the owner and members get such a post). */
    scheduled: z.boolean().optional(),
    /** A scheduled post: when it is published. */
    publish_at: Timestamp.optional(),
  })
  .meta({ id: 'ContentItem' });
export type ContentItem = z.infer<typeof ContentItem>;

export const ContentsResponse = paged('contents', ContentItem).meta({ id: 'ContentsResponse' });

/** GET /contents/{ws}/scheduled: at most this many scheduled posts, soonest first. */
export const SCHEDULED_LIST_MAX = 100;

/** GET /contents/{ws}/scheduled: the workspace's scheduled posts ('Agendados'), soonest first. */
export const ScheduledContentsResponse = z
  .object({ contents: z.array(ContentItem) })
  .meta({ id: 'ScheduledContentsResponse' });
export type ScheduledContentsResponse = z.infer<typeof ScheduledContentsResponse>;
export type ContentsResponse = z.infer<typeof ContentsResponse>;

/** GET /contents/{ws}/feed: pages from 1, 25 posts (spec section 9). */
export const FeedQuery = pageQuery(PAGING.feed);
export type FeedQuery = z.infer<typeof FeedQuery>;

/** GET /contents/{ws}/profile: pages from 0, 10 posts (spec section 9). */
export const ProfileContentsQuery = pageQuery(PAGING.profileContents).extend({
  username: Username,
});
export type ProfileContentsQuery = z.infer<typeof ProfileContentsQuery>;

export const LikeResponse = z
  .object({
    /** Likes of the post after the toggle. */
    likes: z.number().int(),
    /** The caller likes the post after the toggle. */
    liked: z.boolean(),
  })
  .meta({ id: 'LikeResponse' });
export type LikeResponse = z.infer<typeof LikeResponse>;

/** GET /contents/objects: a file of a creator's post, or the creator's avatar/cover. */
export const ContentObjectQuery = z.object({
  username: Username,
  /** A post's `file_path` (or poster), or `avatar` / `cover` for the public images. */
  file_path: FilePath,
});
export const ContentObjectResponse = z
  .object({
    url: z.string(),
    /** Null for the public, permanent avatar and cover URLs. */
    expires_at: Timestamp.nullable(),
  })
  .meta({ id: 'ContentObjectUrl' });
export type ContentObjectResponse = z.infer<typeof ContentObjectResponse>;

// ---- Profiles ----------------------------------------------------------------

export const ProfileQuery = z.object({ username: Username });

/** GET /profile?username=: public; the flags describe the caller (false when signed out). */
export const Profile = z
  .object({
    /** The creator's workspace id. */
    id: Uuid,
    avatar_url: z.string().nullable(),
    cover_url: z.string().nullable(),
    label: z.string(),
    description: z.string(),
    username: z.string(),
    /** How many posts the creator has (visitors draw that many placeholders). */
    total_content: z.number().int(),
    /** The owner's full name. */
    full_name: z.string(),
    is_owner: z.boolean(),
    /** The caller belongs to the workspace's team (owner or member). */
    is_member: z.boolean(),
    /** The caller has an active subscription. */
    is_subscribed: z.boolean(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof Profile>;

export const RecommendedProfile = z
  .object({
    username: z.string(),
    label: z.string(),
    avatar_url: z.string().nullable(),
    cover_url: z.string().nullable(),
    description: z.string(),
    total_content: z.number().int(),
  })
  .meta({ id: 'RecommendedProfile' });
export type RecommendedProfile = z.infer<typeof RecommendedProfile>;

/** At most this many recommendations. */
export const RECOMMENDED_LIMIT = 10;
export const RecommendedResponse = z
  .object({ profiles: z.array(RecommendedProfile) })
  .meta({ id: 'RecommendedResponse' });
export type RecommendedResponse = z.infer<typeof RecommendedResponse>;

/**
 * GET /profiles/search?q=: creators by name or @username (issue 34). A leading @ is dropped and
 * spaces are folded; 2 to 60 characters.
 */
export const CreatorSearchQuery = z.object({
  q: z
    .string({ message: 'Digite o que buscar.' })
    .transform((q) => q.trim().replace(/^@+/, '').replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(CREATOR_SEARCH_MIN, `Digite pelo menos ${CREATOR_SEARCH_MIN} caracteres.`)
        .max(CREATOR_SEARCH_MAX, `Digite no máximo ${CREATOR_SEARCH_MAX} caracteres.`),
    ),
});
export type CreatorSearchQuery = z.infer<typeof CreatorSearchQuery>;

/** The creators found, best first (an exact @username, then @username prefixes, then names). */
export const CreatorSearchResponse = z
  .object({ profiles: z.array(RecommendedProfile) })
  .meta({ id: 'CreatorSearchResponse' });
export type CreatorSearchResponse = z.infer<typeof CreatorSearchResponse>;

/** Error codes of posts, likes, the feed and the public profiles. */
export const CONTENT_ERRORS = defineErrors({
  PROFILE_NOT_FOUND: { status: 404, message: 'Perfil não encontrado.' },
  CONTENT_NOT_FOUND: { status: 404, message: 'Publicação não encontrada.' },
  SUBSCRIPTION_REQUIRED: { status: 403, message: 'Assine este perfil para ver as publicações.' },
  POSTER_ONLY_FOR_VIDEO: { status: 400, message: 'Apenas vídeos têm imagem de capa.' },
  CONTENT_LOCKED: { status: 403, message: 'Desbloqueie esta publicação para ver o arquivo.' },
  ALREADY_PURCHASED: { status: 409, message: 'Você já comprou este conteúdo.' },
  NOT_FOR_SALE: { status: 400, message: 'Esta publicação não está à venda.' },
  MEDIA_NOT_FAILED: {
    status: 409,
    message: 'Esta publicação não tem vídeo com falha para processar de novo.',
  },
  VIDEO_NOT_PLAYABLE: {
    status: 415,
    message:
      'Este servidor aceita só vídeos MP4 em H.264 com áudio AAC. Converta o vídeo e envie de novo.',
  },
  PUBLISH_AT_INVALID: {
    status: 400,
    message: 'Escolha uma data e hora futura, em até um ano.',
  },
  CONTENT_ALREADY_PUBLISHED: {
    status: 409,
    message: 'Esta publicação já foi publicada e não pode ser agendada.',
  },
  PRICE_NEEDS_ATTACHMENT: {
    status: 400,
    message: 'Anexe uma imagem ou um vídeo para vender a publicação.',
  },
});
