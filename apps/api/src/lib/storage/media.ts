import { fileTypeFromBuffer } from 'file-type';
import {
  IMAGE_CONTENT_TYPES,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  VIDEO_CONTENT_TYPES,
} from '@fa-clube/contract';
import type { MediaContentType, MediaKind } from '@fa-clube/contract';

/** Bytes file-type needs to recognise every format we accept. */
export const SNIFF_BYTES = 4100;

export const MAX_BYTES: Record<MediaKind, number> = {
  image: MAX_IMAGE_BYTES,
  video: MAX_VIDEO_BYTES,
};

export function isMediaContentType(type: string): type is MediaContentType {
  return (
    (IMAGE_CONTENT_TYPES as readonly string[]).includes(type) ||
    (VIDEO_CONTENT_TYPES as readonly string[]).includes(type)
  );
}

/**
 * The media type the bytes really are, by their signature (magic bytes), or
 * null when they are none of the accepted types. Names and declared types are
 * never trusted.
 */
export async function sniffMediaType(head: Uint8Array): Promise<MediaContentType | null> {
  if (head.byteLength === 0) return null;
  const found = await fileTypeFromBuffer(head);
  if (!found) return null;
  return isMediaContentType(found.mime) ? found.mime : null;
}
