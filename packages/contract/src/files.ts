// Contract for the files domain (profile images, the workspace file store, pre-signed URLs):
// request and response schemas shared by the API and the web client.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';

export const MB = 1024 * 1024;
/** Largest accepted image upload (bytes). */
export const MAX_IMAGE_BYTES = 15 * MB;
/** Largest accepted video upload (bytes). */
export const MAX_VIDEO_BYTES = 500 * MB;

export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const VIDEO_CONTENT_TYPES = ['video/mp4'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
export type MediaContentType = ImageContentType | (typeof VIDEO_CONTENT_TYPES)[number];

/** File extensions the file store accepts, and what each one means. */
export const EXTENSION_TYPES = ['png', 'jpg', 'jpeg', 'webp', 'mp4'] as const;
export type ExtensionType = (typeof EXTENSION_TYPES)[number];
export const EXTENSION_CONTENT_TYPE: Record<ExtensionType, MediaContentType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  mp4: 'video/mp4',
};
export type MediaKind = 'image' | 'video';
export const EXTENSION_KIND: Record<ExtensionType, MediaKind> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  webp: 'image',
  mp4: 'video',
};

/** ".JPG" and "jpg" alike. */
const extension = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase().replace(/^\./, '') : v),
    z.enum(values, { message: `Tipo de arquivo não suportado. Use: ${values.join(', ')}.` }),
  );

export const ExtensionType = extension(EXTENSION_TYPES);
export const ImageExtensionType = extension(['png', 'jpg', 'jpeg', 'webp'] as const);

/** Declared byte size: lets the storage bind the pre-signed URL to exactly this length. */
const DeclaredSize = z
  .number({ message: 'Tamanho inválido.' })
  .int('Tamanho inválido.')
  .positive('O arquivo está vazio.');

/** POST /avatar/upload, /workspaces/{id}/avatar/upload, /workspaces/{id}/cover-photo/upload */
export const ImageUploadBody = z
  .object({
    content_type: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
        z.enum(IMAGE_CONTENT_TYPES, {
          message: 'Envie uma imagem JPEG, PNG ou WebP.',
        }),
      )
      .optional(),
    extension_type: ImageExtensionType.optional(),
    size: DeclaredSize.optional(),
  })
  .refine((b) => b.content_type || b.extension_type, {
    message: 'Informe o tipo da imagem (content_type).',
    path: ['content_type'],
  });
export type ImageUploadBody = z.infer<typeof ImageUploadBody>;

/** A pre-signed PUT: send the bytes to `presigned_url` with exactly `headers`. */
export const PresignedUpload = z.object({
  presigned_url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expires_at: Timestamp,
  /** Largest accepted body, in bytes. */
  max_size: z.number().int(),
});

export const ImageUploadResponse = PresignedUpload.extend({
  /** Call POST /uploads/{upload_id}/complete after the PUT. */
  upload_id: Uuid,
  /** Where the raw bytes land until the upload is completed. */
  file_path: z.string(),
}).meta({ id: 'ImageUpload' });
export type ImageUploadResponse = z.infer<typeof ImageUploadResponse>;

export const UploadIdParams = z.object({ uploadId: Uuid });

export const UploadPurpose = z.enum(['user_avatar', 'workspace_avatar', 'workspace_cover']);
export type UploadPurpose = z.infer<typeof UploadPurpose>;

export const CompleteUploadResponse = z
  .object({
    purpose: UploadPurpose,
    /** The processed image. */
    url: z.string(),
    thumbnail_url: z.string(),
    /** Set for avatar uploads. */
    avatar_url: z.string().optional(),
    /** Set for cover uploads. */
    cover_url: z.string().optional(),
    workspace_id: Uuid.nullable(),
  })
  .meta({ id: 'CompletedUpload' });
export type CompleteUploadResponse = z.infer<typeof CompleteUploadResponse>;

/** A workspace-relative path, e.g. `uploads/2026/11/<uuid>.jpg`. Checked by the server. */
export const FilePath = z
  .string({ message: 'Informe o caminho do arquivo.' })
  .min(1, 'Informe o caminho do arquivo.')
  .max(512, 'Caminho muito longo.');

export const WorkspaceObjectParams = z.object({ ws: Uuid });

/** POST /workspaces/objects/{ws} */
export const ObjectUploadBody = z.object({
  extension_type: ExtensionType,
  file_path: FilePath.optional(),
  size: DeclaredSize.optional(),
});
export type ObjectUploadBody = z.infer<typeof ObjectUploadBody>;

export const ObjectUploadResponse = PresignedUpload.extend({ file_path: z.string() }).meta({
  id: 'ObjectUpload',
});
export type ObjectUploadResponse = z.infer<typeof ObjectUploadResponse>;

export const ObjectQuery = z.object({ file_path: FilePath });
export const ObjectUrlResponse = z.object({ url: z.string(), expires_at: Timestamp });
export type ObjectUrlResponse = z.infer<typeof ObjectUrlResponse>;

export const FilesQuery = z.object({ prefix: z.string().max(512).optional().default('') });

export const FileEntry = z
  .object({
    name: z.string(),
    path: z.string(),
    size: z.number().int(),
    content_type: z.string(),
    updated_at: Timestamp,
  })
  .meta({ id: 'FileEntry' });
export type FileEntry = z.infer<typeof FileEntry>;

export const FolderEntry = z.object({ name: z.string(), path: z.string() });
export type FolderEntry = z.infer<typeof FolderEntry>;

export const FilesResponse = z.object({
  files: z.array(FileEntry),
  folders: z.array(FolderEntry),
  /** True when the listing was cut at its limit. */
  truncated: z.boolean(),
});
export type FilesResponse = z.infer<typeof FilesResponse>;

export const FolderBody = z.object({ path: FilePath });
export const FolderResponse = FolderEntry;
