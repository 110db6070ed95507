import { useEffect, useRef } from 'react';
import type { ComponentProps } from 'react';
import { attachVideoSource } from '../lib/video-source';

type PostVideoProps = Omit<ComponentProps<'video'>, 'src' | 'ref'> & {
  /** The processed MP4 (always there). */
  src: string;
  /** The signed HLS playlist of a video over a minute (lib/video-source.ts). */
  hlsUrl?: string;
};

/** A post's `<video>`: HLS where the video has a ladder (natively or through hls.js), else the MP4. */
export function PostVideo({ src, hlsUrl, ...props }: PostVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    return attachVideoSource(video, { mp4: src, hls: hlsUrl });
  }, [src, hlsUrl]);
  return <video ref={ref} data-hls={hlsUrl ? 'true' : undefined} {...props} />;
}
