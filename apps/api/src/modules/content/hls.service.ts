/**
 * HLS of a post's video (decision 095). A ready video longer than a minute has a ladder under
 * `media/<attachment id>/hls/` (content/video.jobs.ts): `master.m3u8`, one playlist per rung and
 * its MPEG-TS segments. Nothing of it is fetched by a bare path: whoever may see the post gets
 * `hls_url` with the attachment (toAttachment), a signed URL of GET /media/hls for the master.
 * That endpoint checks the signature (HMAC of the key and expiry, method `HLS`), reads the
 * playlist from the store and answers it rewritten: every rung's playlist as another signed
 * /media/hls URL, every segment as the store's own signed GET (the local driver's
 * /storage/object or an S3 pre-signed URL, on MEDIA_BASE_URL when set). So the signature decides,
 * like for any media, and every URL in the chain expires.
 */
import { API_PREFIX, paths } from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import {
  grantQuery,
  invalidSignature,
  readToBuffer,
  urlExpired,
  verifyGrant,
} from '../../lib/storage';
import { fileNotFound, signedViewUrl, workspaceFileKey } from '../files/files.service';

/** A rung's playlist in a master stays valid this long (a player switches rungs late in a video). */
const RUNG_URL_TTL_SECONDS = 2 * 3600;
/** Segment URLs: the playlist's length twice over plus this, at most SEGMENT_URL_MAX_SECONDS. */
const SEGMENT_URL_MARGIN_SECONDS = 900;
const SEGMENT_URL_MAX_SECONDS = 6 * 3600;
/** URLs are signed per minute: the same URL all minute long, so caches (and a CDN) work. */
const WINDOW_SECONDS = 60;
const MAX_PLAYLIST_BYTES = 1024 * 1024;

/** The store keys a /media/hls URL may name: playlists of a video's ladder, nothing else. */
const PLAYLIST_KEY =
  /^workspaces\/([0-9a-f-]{36})\/files\/(media\/[0-9a-f-]{36}\/hls\/)([A-Za-z0-9_]+\.m3u8)$/;
/** A name a playlist of ours lists (same folder). */
const CHILD = /^[A-Za-z0-9_]+\.(m3u8|ts)$/;

function windowedExpiry(nowMs: number, ttlSeconds: number): number {
  const now = Math.floor(nowMs / 1000);
  return Math.floor(now / WINDOW_SECONDS) * WINDOW_SECONDS + WINDOW_SECONDS + ttlSeconds;
}

function hlsUrl(ctx: AppContext, key: string, expires: number): string {
  return `${API_PREFIX}${paths.mediaHls}?${grantQuery(ctx.keys.signing, { method: 'HLS', key, expires })}`;
}

/**
 * The signed URL of a video's HLS playlist (`hlsPath`, workspace-relative), valid like the other
 * URLs of a list (`ttlSeconds` after the current minute). Call only for a caller who may see it.
 */
export function signedHlsUrl(
  ctx: AppContext,
  workspaceId: string,
  hlsPath: string,
  ttlSeconds: number,
): string {
  const key = workspaceFileKey(workspaceId, hlsPath);
  return hlsUrl(ctx, key, windowedExpiry(ctx.clock.now().getTime(), ttlSeconds));
}

/**
 * GET /media/hls?key=&exp=&sig=: the playlist, rewritten with signed URLs (see the comment at
 * the top). 403 INVALID_SIGNATURE / URL_EXPIRED before anything is read; 404 when it is gone.
 */
export async function readSignedPlaylist(
  ctx: AppContext,
  query: Record<string, unknown>,
): Promise<{ body: string; expires: number }> {
  const now = ctx.clock.now();
  const check = verifyGrant(ctx.keys.signing, 'HLS', query, now);
  if (!check.ok) throw check.reason === 'URL_EXPIRED' ? urlExpired() : invalidSignature();
  const m = PLAYLIST_KEY.exec(check.grant.key);
  if (!m) throw invalidSignature();
  const [, workspaceId, folder] = m as unknown as [string, string, string, string];
  const bytes = await readToBuffer(ctx.storage, check.grant.key, MAX_PLAYLIST_BYTES);
  if (!bytes) throw fileNotFound();
  const lines = bytes.toString('utf8').split(/\r?\n/);
  const seconds = lines.reduce((n, l) => {
    const d = /^#EXTINF:([\d.]+)/.exec(l);
    return d ? n + Number(d[1]) : n;
  }, 0);
  const segmentTtl = Math.min(
    SEGMENT_URL_MAX_SECONDS,
    SEGMENT_URL_MARGIN_SECONDS + Math.ceil(seconds * 2),
  );
  const rungExpires = windowedExpiry(now.getTime(), RUNG_URL_TTL_SECONDS);
  const out: string[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) {
      out.push(line);
      continue;
    }
    // only names of the same folder are ever written by the job: anything else is dropped
    if (!CHILD.test(line)) continue;
    if (line.endsWith('.m3u8')) {
      out.push(hlsUrl(ctx, workspaceFileKey(workspaceId, folder + line), rungExpires));
      continue;
    }
    const signed = await signedViewUrl(ctx, workspaceId, folder + line, {
      expiresInSeconds: segmentTtl,
      cacheWindowSeconds: WINDOW_SECONDS,
    });
    out.push(signed.url);
  }
  return { body: out.join('\n'), expires: check.grant.expires };
}
