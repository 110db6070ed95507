/**
 * Where a post's video plays from (issue 33, decision 095): a video over a minute has an HLS
 * ladder (`hls_url`, a signed playlist); the browser plays it natively where it can (Safari, iOS,
 * Android's Chrome), else through hls.js — loaded only then, so no page pays for it otherwise —
 * and falls back to the MP4 (`url`) when neither works or the stream fails.
 */
import type HlsType from 'hls.js';

type HlsModule = { default: typeof HlsType };
export type LoadHls = () => Promise<HlsModule>;

const HLS_TYPE = 'application/vnd.apple.mpegurl';

export const loadHlsJs: LoadHls = () => import('hls.js');

/**
 * Starts `video` on the best source and answers a clean-up. `sources.hls` absent: the MP4.
 */
export function attachVideoSource(
  video: HTMLVideoElement,
  sources: { mp4: string; hls?: string },
  loadHls: LoadHls = loadHlsJs,
): () => void {
  const { mp4, hls } = sources;
  const toMp4 = () => {
    if (video.getAttribute('src') !== mp4) video.src = mp4;
  };
  if (!hls) {
    toMp4();
    return () => undefined;
  }
  if (video.canPlayType(HLS_TYPE) !== '') {
    video.src = hls;
    // a playlist the browser cannot play after all: the MP4
    const onError = () => {
      video.removeEventListener('error', onError);
      toMp4();
    };
    video.addEventListener('error', onError);
    return () => video.removeEventListener('error', onError);
  }
  let player: HlsType | null = null;
  let gone = false;
  loadHls()
    .then(({ default: Hls }) => {
      if (gone) return;
      if (!Hls.isSupported()) return toMp4();
      const p = new Hls({ capLevelToPlayerSize: true });
      player = p;
      p.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        p.destroy();
        player = null;
        toMp4();
      });
      p.loadSource(hls);
      p.attachMedia(video);
    })
    .catch(() => {
      if (!gone) toMp4();
    });
  return () => {
    gone = true;
    player?.destroy();
  };
}
