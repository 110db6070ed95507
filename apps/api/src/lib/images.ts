import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Sharp } from 'sharp';

/**
 * Profile images (avatars, covers) are re-encoded, never stored as sent:
 * decoding and encoding again drops EXIF (GPS included), ICC tricks and any
 * trailing bytes; the pixels are auto-rotated by the EXIF orientation first.
 * Output is WebP (see docs/decisions).
 */
export type ImageVariant = 'avatar' | 'cover';

export const IMAGE_OUTPUT_TYPE = 'image/webp';
export const IMAGE_OUTPUT_EXT = 'webp';

/** Refuse decompression bombs: at most 50 megapixels in. */
const MAX_INPUT_PIXELS = 50_000_000;

const SIZES = {
  /** 512×512, centre-cropped. */
  avatar: { width: 512, height: 512, thumb: 128 },
  /** 1600 wide at most (and 1600 tall), never enlarged. */
  cover: { width: 1600, height: 1600, thumb: 320 },
} as const;

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
  contentType: typeof IMAGE_OUTPUT_TYPE;
}

export interface ProcessedImages {
  main: ProcessedImage;
  thumbnail: ProcessedImage;
  /** SHA-256 (hex) of the main image: part of its storage key. */
  hash: string;
}

export class InvalidImageError extends Error {
  constructor(cause: unknown) {
    super('the image could not be decoded', { cause });
    this.name = 'InvalidImageError';
  }
}

async function encode(pipeline: Sharp): Promise<ProcessedImage> {
  const { data, info } = await pipeline.webp({ quality: 82, effort: 4 }).toBuffer({
    resolveWithObject: true,
  });
  return { data, width: info.width, height: info.height, contentType: IMAGE_OUTPUT_TYPE };
}

/**
 * Decodes `input` (JPEG, PNG or WebP, first frame only), auto-rotates it,
 * resizes it for its use and encodes the main image and a thumbnail.
 * Throws InvalidImageError when the bytes are not a decodable image.
 */
export async function processImage(input: Buffer, variant: ImageVariant): Promise<ProcessedImages> {
  const size = SIZES[variant];
  const source = () =>
    sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 }).autoOrient();
  try {
    const main =
      variant === 'avatar'
        ? await encode(
            source().resize(size.width, size.height, { fit: 'cover', position: 'attention' }),
          )
        : await encode(
            source().resize(size.width, size.height, { fit: 'inside', withoutEnlargement: true }),
          );
    const thumbnail =
      variant === 'avatar'
        ? await encode(sharp(main.data).resize(size.thumb, size.thumb, { fit: 'cover' }))
        : await encode(
            sharp(main.data).resize(size.thumb, size.thumb, {
              fit: 'inside',
              withoutEnlargement: true,
            }),
          );
    const hash = createHash('sha256').update(main.data).digest('hex');
    return { main, thumbnail, hash };
  } catch (err) {
    throw new InvalidImageError(err);
  }
}
