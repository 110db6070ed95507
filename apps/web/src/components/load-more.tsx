import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/pt-BR';

interface LoadMoreProps {
  /** Loads the next page. */
  onMore: () => void;
  /** False while a page loads (the observer is set up again after it, in case it still shows). */
  enabled: boolean;
  /** The last page failed: a retry button instead of the automatic load. */
  failed?: boolean;
  /** A spinner with this label while waiting for the scroll (none without it). */
  loadingLabel?: string;
}

/** How far below the viewport the next page starts loading. */
const ROOT_MARGIN = '800px 0px';

/**
 * Infinite scroll: an element after the list that loads the next page when it comes within
 * 800 px of the viewport (IntersectionObserver). Without IntersectionObserver, or after a
 * failure, a button does it. Used by the lists of posts and the profile's placeholders.
 */
export function LoadMore({ onMore, enabled, failed = false, loadingLabel }: LoadMoreProps) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onMore);
  useEffect(() => {
    callback.current = onMore;
  });
  const supported = typeof IntersectionObserver !== 'undefined';

  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled || failed || !supported) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin: ROOT_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled, failed, supported]);

  return (
    <div ref={ref} className="flex min-h-1 justify-center py-2" data-testid="load-more">
      {!supported || failed ? (
        <Button variant="outline" onClick={onMore} disabled={!enabled}>
          {failed ? t.common.retry : t.common.loadMore}
        </Button>
      ) : loadingLabel ? (
        <Spinner label={loadingLabel} className="size-5 text-muted-foreground" />
      ) : null}
    </div>
  );
}
