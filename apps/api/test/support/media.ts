import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from './context';

/** Test media made in code: real images (sharp) and a minimal, valid MP4. */

export async function makeJpeg(width = 64, height = 48, color = '#7c3aed'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

export async function makePng(width = 64, height = 48, color = '#22c55e'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: color } })
    .png()
    .toBuffer();
}

export async function makeWebp(width = 64, height = 48, color = '#f97316'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .webp()
    .toBuffer();
}

/** A JPEG carrying GPS coordinates, a camera model and an orientation in its EXIF. */
export async function makeJpegWithGps(
  width = 300,
  height = 200,
  orientation?: number,
): Promise<Buffer> {
  let img = sharp({ create: { width, height, channels: 3, background: '#0ea5e9' } }).withExif({
    IFD0: { Make: 'CameraSecreta', Model: 'Modelo-GPS-123', Copyright: 'SEGREDO-EXIF' },
    IFD3: {
      GPSLatitudeRef: 'S',
      GPSLatitude: '23/1 33/1 0/1',
      GPSLongitudeRef: 'W',
      GPSLongitude: '46/1 38/1 0/1',
    },
  });
  if (orientation) img = img.withMetadata({ orientation });
  return img.jpeg().toBuffer();
}

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/**
 * ftyp (isom) + a moov/mvhd with one H.264 video track described (hdlr `vide`, stsd `avc1`) and no
 * frames: what file-type reads as video/mp4, and what a server without ffmpeg takes as a video in
 * H.264 (lib/video mp4PlaysAsIs). Not a playable video: the tests that need one make it with ffmpeg.
 */
export function makeMp4(extraBytes = 0): Buffer {
  const ftyp = box(
    'ftyp',
    Buffer.from('isom', 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2avc1mp41', 'latin1'),
  );
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
  // unity matrix
  [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].forEach((v, i) =>
    mvhd.writeUInt32BE(v, 36 + i * 4),
  );
  mvhd.writeUInt32BE(2, 96); // next track id
  const hdlr = box('hdlr', Buffer.alloc(8), Buffer.from('vide', 'latin1'), Buffer.alloc(13));
  const stsd = box('stsd', Buffer.from([0, 0, 0, 0, 0, 0, 0, 1]), box('avc1', Buffer.alloc(78)));
  const trak = box('trak', box('mdia', hdlr, box('minf', box('stbl', stsd))));
  const moov = box('moov', box('mvhd', mvhd), trak);
  const parts = [ftyp, moov];
  if (extraBytes > 0) parts.push(box('free', Buffer.alloc(extraBytes)));
  return Buffer.concat(parts);
}

/** Path and query of an absolute URL the API handed out (for app.inject). */
export function localPath(url: string): string {
  const u = new URL(url, 'http://app.test');
  return u.pathname + u.search;
}

/** PUTs bytes to a pre-signed URL of the local driver, through the app. */
export function putSigned(
  t: TestContext,
  url: string,
  body: Buffer,
  contentType: string | undefined,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.inject({
    method: 'PUT',
    url: localPath(url),
    headers: { ...(contentType ? { 'content-type': contentType } : {}), ...headers },
    payload: body,
  });
}

/**
 * The local driver's temp files (DATA_DIR/files/.tmp), where every upload streams before it is
 * moved into place. Throws when the directory is not there: the checks that call this run after
 * an upload made it, so a driver that moved its temp files elsewhere fails them instead of
 * passing them with an empty list.
 */
export function localTempFiles(dataDir: string): string[] {
  return readdirSync(path.join(dataDir, 'files', '.tmp'));
}
