import {
  COMPOSER_CONTENT_TYPES,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  MB,
  POST_TEXT_MAX,
  POST_TEXT_MIN,
} from '@fa-clube/contract';
import type { AttachmentKind, ExtensionType } from '@fa-clube/contract';

/** Composer rules (spec section 5 and 9). */
export type ComposerContentType = (typeof COMPOSER_CONTENT_TYPES)[number];

/** The text area grows with its text between these heights (px). */
const COMPOSER_MIN_HEIGHT = 48;
export const COMPOSER_MAX_HEIGHT = 164;

/** `accept` of the file input: only what the spec allows. */
export const COMPOSER_ACCEPT = COMPOSER_CONTENT_TYPES.join(',');

const EXTENSION: Record<ComposerContentType, ExtensionType> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
};

function isComposerType(type: string): type is ComposerContentType {
  return (COMPOSER_CONTENT_TYPES as readonly string[]).includes(type);
}

export function extensionFor(type: ComposerContentType): ExtensionType {
  return EXTENSION[type];
}

export function kindOfType(type: ComposerContentType): AttachmentKind {
  return type.startsWith('video/') ? 'video' : 'image';
}

/** Largest file the server takes for a type, in bytes. */
function maxBytesFor(type: ComposerContentType): number {
  return kindOfType(type) === 'video' ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES;
}

export type FileCheck =
  | { ok: true; type: ComposerContentType }
  | { ok: false; reason: 'type' }
  | { ok: false; reason: 'size'; maxMb: number };

/** Whether the composer takes this file: JPEG, PNG, MP4, MOV or WebM within the server's size limit. */
export function checkComposerFile(file: Pick<File, 'type' | 'size'>): FileCheck {
  if (!isComposerType(file.type)) return { ok: false, reason: 'type' };
  const max = maxBytesFor(file.type);
  if (file.size > max) return { ok: false, reason: 'size', maxMb: Math.round(max / MB) };
  return { ok: true, type: file.type };
}

/**
 * Send is enabled with an attachment, or with a non-blank text of at least 3 characters; never
 * over the length limit.
 */
export function canSendPost(text: string, hasAttachment: boolean): boolean {
  if (text.length > POST_TEXT_MAX) return false;
  return hasAttachment || text.trim().length >= POST_TEXT_MIN;
}

/** The text area's height for its content: between 48 and 164 px. */
export function clampComposerHeight(scrollHeight: number): number {
  return Math.min(COMPOSER_MAX_HEIGHT, Math.max(COMPOSER_MIN_HEIGHT, Math.ceil(scrollHeight)));
}
