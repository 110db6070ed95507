import { describe, expect, it, vi } from 'vitest';
import type { LoadHls } from './video-source';
import { attachVideoSource } from './video-source';

const MP4 = '/api/v1/storage/object?key=video.mp4&sig=a';
const HLS = '/api/v1/media/hls?key=master.m3u8&sig=b';

function videoThat(native: boolean) {
  const video = document.createElement('video');
  vi.spyOn(video, 'canPlayType').mockImplementation((type) =>
    native && type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
  );
  return video;
}

/** A stand-in for hls.js's class: records what the page asks of it. */
function fakeHls(supported: boolean) {
  const made: FakeHls[] = [];
  class FakeHls {
    static isSupported = () => supported;
    static Events = { ERROR: 'hlsError' };
    handlers: Record<string, (e: string, d: { fatal: boolean }) => void> = {};
    source: string | null = null;
    media: HTMLVideoElement | null = null;
    destroyed = false;
    constructor() {
      made.push(this);
    }
    on(event: string, fn: (e: string, d: { fatal: boolean }) => void) {
      this.handlers[event] = fn;
    }
    loadSource(url: string) {
      this.source = url;
    }
    attachMedia(video: HTMLVideoElement) {
      this.media = video;
    }
    destroy() {
      this.destroyed = true;
    }
  }
  const load = vi.fn(async () => ({ default: FakeHls })) as unknown as LoadHls & {
    mock: unknown;
  };
  return { load, made };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('attachVideoSource', () => {
  it('a video without a ladder plays its MP4, and hls.js is never loaded', async () => {
    const video = videoThat(false);
    const { load } = fakeHls(true);
    attachVideoSource(video, { mp4: MP4 }, load);
    await settle();
    expect(video.getAttribute('src')).toBe(MP4);
    expect(load).not.toHaveBeenCalled();
  });

  it('a browser with native HLS gets the playlist itself, and the MP4 if it fails', async () => {
    const video = videoThat(true);
    const { load } = fakeHls(true);
    attachVideoSource(video, { mp4: MP4, hls: HLS }, load);
    expect(video.getAttribute('src')).toBe(HLS);
    expect(load).not.toHaveBeenCalled();
    video.dispatchEvent(new Event('error'));
    expect(video.getAttribute('src')).toBe(MP4);
  });

  it('elsewhere loads hls.js lazily and plays the playlist through it', async () => {
    const video = videoThat(false);
    const { load, made } = fakeHls(true);
    const stop = attachVideoSource(video, { mp4: MP4, hls: HLS }, load);
    expect(load).toHaveBeenCalledTimes(1);
    await settle();
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ source: HLS, media: video, destroyed: false });
    expect(video.getAttribute('src')).toBeNull();
    // a recoverable error changes nothing; a fatal one falls back to the MP4
    made[0]!.handlers.hlsError!('hlsError', { fatal: false });
    expect(video.getAttribute('src')).toBeNull();
    made[0]!.handlers.hlsError!('hlsError', { fatal: true });
    expect(made[0]!.destroyed).toBe(true);
    expect(video.getAttribute('src')).toBe(MP4);
    stop();
  });

  it('falls back to the MP4 when hls.js cannot run here or cannot be loaded', async () => {
    const unsupported = videoThat(false);
    const { load } = fakeHls(false);
    attachVideoSource(unsupported, { mp4: MP4, hls: HLS }, load);
    await settle();
    expect(unsupported.getAttribute('src')).toBe(MP4);

    const offline = videoThat(false);
    attachVideoSource(offline, { mp4: MP4, hls: HLS }, () =>
      Promise.reject(new Error('chunk failed')),
    );
    await settle();
    expect(offline.getAttribute('src')).toBe(MP4);
  });

  it('a clean-up before hls.js arrived starts nothing; after, it destroys the player', async () => {
    const video = videoThat(false);
    const { load, made } = fakeHls(true);
    attachVideoSource(video, { mp4: MP4, hls: HLS }, load)();
    await settle();
    expect(made).toHaveLength(0);
    const again = attachVideoSource(video, { mp4: MP4, hls: HLS }, load);
    await settle();
    again();
    expect(made[0]!.destroyed).toBe(true);
  });
});
