import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { Semaphore } from './semaphore';

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
const MAX_INPUT_PIXELS = 50_000_000; // IMAGE_TOO_MANY_PIXELS's message says 50 megapixels

/** Images of posts and messages: at most this many pixels on the long side. */
export const MEDIA_MAX_SIDE = 2560;
/** The smaller widths made for a `srcset` (only those below the image's own width). */
export const MEDIA_WIDTHS = [480, 960, 1600] as const;

export interface MediaImage {
  /** Every width, smallest first; the last is the whole image (at most MEDIA_MAX_SIDE). */
  widths: ProcessedImage[];
}

/**
 * An image of a post, re-encoded once: the first frame is decoded (refusing
 * more than MAX_INPUT_PIXELS before any pixel is decoded), turned by its EXIF
 * orientation, converted to sRGB (through its ICC profile when it has one),
 * bounded to MEDIA_MAX_SIDE and encoded as WebP with no metadata at all (no
 * EXIF, GPS, XMP, IPTC or ICC block is written), in the whole size and, with
 * `variants`, each MEDIA_WIDTHS below it. The pixels are decoded once; the
 * widths are made from them. sharp runs on libuv's threads: the event loop
 * only waits. Throws ImageTooManyPixelsError or InvalidImageError.
 */
export async function processMediaImage(
  input: Buffer,
  opts: { variants: boolean; tolerant?: boolean },
): Promise<MediaImage> {
  try {
    const { data, info } = await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      // an old post's image is made the best of (a browser shows a cut JPEG too)
      failOn: opts.tolerant ? 'none' : 'error',
      pages: 1,
    })
      .autoOrient()
      .resize(MEDIA_MAX_SIDE, MEDIA_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const sizes = [
      ...(opts.variants ? MEDIA_WIDTHS.filter((w) => w < info.width) : []),
      info.width,
    ];
    const widths = await Promise.all(
      sizes.map((width) =>
        encode(width === info.width ? sharp(data, raw) : sharp(data, raw).resize({ width }), {
          quality: 80,
          effort: 4,
        }),
      ),
    );
    return { widths };
  } catch (err) {
    if (isPixelLimit(err)) throw new ImageTooManyPixelsError(err);
    throw new InvalidImageError(err);
  }
}

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

/** More pixels than MAX_INPUT_PIXELS (a decompression bomb, or simply too big): refused before decoding. */
export class ImageTooManyPixelsError extends Error {
  constructor(cause: unknown) {
    super('the image has too many pixels', { cause });
    this.name = 'ImageTooManyPixelsError';
  }
}

/** sharp's error for an image over limitInputPixels (read from the header, before decoding). */
const isPixelLimit = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

/** Decoding slots per configuration (IMAGE_DECODE_CONCURRENCY): the rest wait their turn. */
const decoders = new WeakMap<object, Semaphore>();
export function imageDecodingSlots(config: { imageDecodeConcurrency: number }): Semaphore {
  let s = decoders.get(config);
  if (!s) {
    s = new Semaphore(config.imageDecodeConcurrency);
    decoders.set(config, s);
  }
  return s;
}

async function encode(
  pipeline: Sharp,
  webp: { quality: number; effort: number } = { quality: 82, effort: 4 },
): Promise<ProcessedImage> {
  const { data, info } = await pipeline.webp(webp).toBuffer({
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
