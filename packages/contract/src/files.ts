// Contract for the files domain (profile images, the workspace file store, pre-signed URLs):
// request and response schemas shared by the API and the web client.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { defineErrors } from './errors';
import { EXTENSION_TYPES, IMAGE_CONTENT_TYPES } from './media';

// The upload limits, content types and extensions are in media.ts (no zod: the web client's
// first load needs them).
export type ExtensionType = (typeof EXTENSION_TYPES)[number];

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

/** Default per-workspace storage quota (STORAGE_QUOTA_MB). */
export const DEFAULT_STORAGE_QUOTA_MB = 5120;

/** GET /workspaces/objects/{ws}/usage: the space the workspace's file store takes. */
export const StorageUsage = z
  .object({ used_bytes: z.number().int(), quota_bytes: z.number().int() })
  .meta({ id: 'StorageUsage' });
export type StorageUsage = z.infer<typeof StorageUsage>;

/** Error codes of the file store, uploads, profile images and signed URLs. */
export const FILE_ERRORS = defineErrors({
  FILE_NOT_FOUND: { status: 404, message: 'Arquivo não encontrado.' },
  /** A request names a file of the workspace that is not there (a post's attachment). */
  FILE_NOT_UPLOADED: {
    status: 400,
    message: 'O arquivo anexado não foi encontrado. Envie-o novamente.',
  },
  INVALID_PATH: { status: 400, message: 'Caminho de arquivo inválido.' },
  PATH_CONFLICT: { status: 409, message: 'Já existe uma pasta ou um arquivo com este nome.' },
  FILE_IN_USE: { status: 409, message: 'Este arquivo está em uma publicação.' },
  /** The workspace's file store would pass STORAGE_QUOTA_MB. */
  STORAGE_QUOTA_EXCEEDED: {
    status: 413,
    message:
      'O espaço de armazenamento deste perfil acabou. Exclua arquivos ou publicações para liberar espaço.',
  },
  /** An upload URL creates its object once; it never replaces bytes already there. */
  UPLOAD_URL_USED: {
    status: 409,
    message: 'Este link de envio já foi usado. Peça um novo link para enviar outro arquivo.',
  },
  INVALID_SIGNATURE: { status: 403, message: 'Link de arquivo inválido.' },
  URL_EXPIRED: { status: 403, message: 'Este link expirou. Peça um novo e tente novamente.' },
  CONTENT_TYPE_MISMATCH: {
    status: 415,
    message: 'Envie o arquivo com o Content-Type informado ao pedir o link.',
  },
  SIZE_MISMATCH: {
    status: 400,
    message: 'O tamanho do arquivo não corresponde ao informado.',
  },
  UPLOAD_INTERRUPTED: { status: 400, message: 'O envio foi interrompido. Tente novamente.' },
  /** The server's disk is full (ENOSPC/EDQUOT) while storing the bytes: nothing kept. */
  STORAGE_FULL: {
    status: 507,
    message: 'Sem espaço para armazenar o arquivo. Tente novamente mais tarde.',
  },
  UPLOAD_NOT_FOUND: { status: 404, message: 'Envio não encontrado.' },
  UPLOAD_NOT_RECEIVED: {
    status: 400,
    message: 'A imagem ainda não foi recebida. Envie o arquivo para o link antes de concluir.',
  },
  UPLOAD_ALREADY_COMPLETED: { status: 409, message: 'Este envio já foi concluído.' },
  UPLOAD_IN_PROGRESS: { status: 409, message: 'Este envio já está sendo processado.' },
  UPLOAD_FAILED: {
    status: 409,
    message: 'Este envio não pode mais ser concluído. Envie a imagem de novo.',
  },
  /** If-Match / If-Unmodified-Since did not hold. */
  PRECONDITION_FAILED: { status: 412, message: 'O arquivo mudou desde a última leitura.' },
  RANGE_NOT_SATISFIABLE: { status: 416, message: 'Intervalo de bytes inválido.' },
  /** limitInputPixels: a decompression bomb (or a huge image) is refused before it is decoded. */
  IMAGE_TOO_MANY_PIXELS: {
    status: 413,
    message: 'A imagem tem pixels demais (mais de 50 megapixels). Envie uma foto menor.',
  },
  IMAGE_UNREADABLE: {
    status: 415,
    message: 'Não foi possível ler esta imagem. Envie outro arquivo JPEG, PNG ou WebP.',
  },
});
