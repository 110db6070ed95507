import { useCallback, useEffect, useRef, useState } from 'react';
import type { ContentAttachment } from '@fa-clube/contract';
import { fetchObjectUrl } from '../api/content-api';

/** Ask for a new URL this long before the current one stops working. */
const EXPIRY_MARGIN_MS = 10_000;
const MAX_REFRESHES = 2;

interface Fresh {
  /** The list URL this replaces. */
  forUrl: string;
  url: string;
  poster?: string;
}

export interface FreshMedia {
  /** The URL to load now. */
  src: string;
  /**
   * An image's widths for `srcset` (`<url> 480w, ...`), while the list's URLs hold; undefined
   * after a refresh (the fresh URL is the whole image) or for an image with one width.
   */
  srcSet: string | undefined;
  /** The video's poster (refreshed together with the video). */
  poster: string | undefined;
  /** For onError of <img>/<video>: asks once for a fresh URL of this file. */
  onError: () => void;
  /** True when a fresh URL could not be had either. */
  failed: boolean;
}

/**
 * Media URLs in lists expire (~15 min, `expires_at`). An element mounted after that, or one
 * whose load fails (e.g. a video resumed later), gets a fresh URL through GET
 * /contents/objects?username=&file_path=, and its poster with it (`poster_path`).
 */
export function useFreshMedia(attachment: ContentAttachment, username: string): FreshMedia {
  const [fresh, setFresh] = useState<Fresh | null>(null);
  const [failed, setFailed] = useState(false);
  /** Fresh URLs asked for this list URL (at most MAX_REFRESHES, so a broken file cannot loop). */
  const asked = useRef({ base: '', count: 0 });
  const base = attachment.url;
  const current = fresh && fresh.forUrl === base ? fresh.url : base;

  const refresh = useCallback(() => {
    if (asked.current.base !== base) asked.current = { base, count: 0 };
    if (asked.current.count >= MAX_REFRESHES) {
      setFailed(true);
      return;
    }
    asked.current.count += 1;
    const posterPath = attachment.poster_path;
    Promise.all([
      fetchObjectUrl(username, attachment.file_path),
      posterPath ? fetchObjectUrl(username, posterPath).catch(() => null) : null,
    ])
      .then(([answer, poster]) => setFresh({ forUrl: base, url: answer.url, poster: poster?.url }))
      .catch(() => setFailed(true));
  }, [base, username, attachment.file_path, attachment.poster_path]);

  useEffect(() => {
    const left = Date.parse(attachment.expires_at) - Date.now();
    if (Number.isFinite(left) && left < EXPIRY_MARGIN_MS) refresh();
  }, [attachment.expires_at, refresh]);

  const refreshed = fresh !== null && fresh.forUrl === base;
  const variants = attachment.variants ?? [];
  return {
    src: current,
    srcSet:
      !refreshed && variants.length > 1
        ? variants.map((v) => `${v.url} ${v.width}w`).join(', ')
        : undefined,
    poster: refreshed ? fresh.poster : attachment.poster_url,
    onError: refresh,
    failed,
  };
}
