/** Longest side of a captured poster (px): enough for a full-screen preview, light to upload. */
const POSTER_MAX_SIDE = 1280;
/** Give up on a video that does not decode in this time (the post is sent without a poster). */
const POSTER_TIMEOUT_MS = 10_000;

/**
 * Captures a frame of a video file as a JPEG (video element + canvas), to be shown before the
 * video plays. Takes the frame at 0.1 s (the very first frame is often black), or the first one
 * when the video is shorter or its length unknown. Resolves null when the browser cannot decode
 * the video; the post then goes without a poster.
 */
export function capturePosterFrame(file: Blob): Promise<Blob | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    let done = false;

    const finish = (blob: Blob | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(blob);
    };

    const draw = () => {
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (!width || !height) return finish(null);
      const scale = Math.min(1, POSTER_MAX_SIDE / Math.max(width, height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      const context = canvas.getContext('2d');
      if (!context) return finish(null);
      try {
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        canvas.toBlob((blob) => finish(blob && blob.size > 0 ? blob : null), 'image/jpeg', 0.85);
      } catch {
        finish(null);
      }
    };

    const timer = setTimeout(() => finish(null), POSTER_TIMEOUT_MS);
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    video.addEventListener('error', () => finish(null), { once: true });
    video.addEventListener(
      'loadeddata',
      () => {
        if (Number.isFinite(video.duration) && video.duration > 0.2) {
          video.addEventListener('seeked', draw, { once: true });
          video.currentTime = 0.1;
        } else {
          draw();
        }
      },
      { once: true },
    );
    video.src = url;
  });
}
