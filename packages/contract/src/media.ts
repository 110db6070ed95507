// Without zod: the upload limits, content types and file extensions, which the web client's first
// load needs before files.ts's schemas.

export const MB = 1024 * 1024;
/** Largest accepted image upload (bytes). */
export const MAX_IMAGE_BYTES = 15 * MB;
/** Largest accepted video upload (bytes). */
export const MAX_VIDEO_BYTES = 500 * MB;

export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** MP4, QuickTime (`.mov`, phones) and WebM: all made into H.264/AAC MP4 on arrival (issue 33). */
export const VIDEO_CONTENT_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
export type MediaContentType = ImageContentType | (typeof VIDEO_CONTENT_TYPES)[number];

/** File extensions the file store accepts, and what each one means. */
export const EXTENSION_TYPES = ['png', 'jpg', 'jpeg', 'webp', 'mp4', 'mov', 'webm'] as const;
type ExtensionType = (typeof EXTENSION_TYPES)[number];
export const EXTENSION_CONTENT_TYPE: Record<ExtensionType, MediaContentType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};
export type MediaKind = 'image' | 'video';
export const EXTENSION_KIND: Record<ExtensionType, MediaKind> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  webp: 'image',
  mp4: 'video',
  mov: 'video',
  webm: 'video',
};
