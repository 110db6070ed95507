import { Lock, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/content';
import { placeholderArt } from '../lib/placeholder-art';

/** Placeholders drawn at a time; more come as the end of the grid comes into view. */
const BATCH = 24;

function Placeholder({ username, index }: { username: string; index: number }) {
  const art = placeholderArt(username, index);
  return (
    <li
      data-testid="post-placeholder"
      className="relative aspect-[4/5] overflow-hidden rounded-xl"
      style={{ background: art.base }}
    >
      <div
        aria-hidden
        className="absolute -inset-6 blur-2xl saturate-150"
        style={{ background: art.background }}
      />
      <div
        aria-hidden
        className="absolute inset-0 bg-gradient-to-t from-black/20 via-transparent to-white/10"
      />
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="flex size-11 items-center justify-center rounded-full bg-white/20 text-white shadow-lg ring-1 ring-white/30 backdrop-blur-md">
          <Lock className="size-5" aria-hidden />
        </span>
      </span>
    </li>
  );
}

interface LockedContentProps {
  total: number;
  username: string;
  label: string;
  /** Takes the visitor to the plans. */
  onSeePlans: () => void;
}

/**
 * What a visitor without a subscription sees instead of the posts (spec section 4): exactly
 * `total_content` generated, blurred placeholders — no description, no real media requested —
 * and a call to subscribe.
 */
export function LockedContent({ total, username, label, onSeePlans }: LockedContentProps) {
  const [shown, setShown] = useState(Math.min(total, BATCH));
  const more = shown < total;

  return (
    <section aria-labelledby="locked-title" className="grid gap-4" data-testid="locked-content">
      <div className="relative overflow-hidden rounded-2xl border bg-card p-5 shadow-xs sm:p-6">
        <div
          aria-hidden
          className="absolute -top-16 -right-10 size-48 rounded-full bg-primary/15 blur-3xl"
        />
        <div className="relative flex flex-col gap-4 sm:flex-row sm:items-center">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
            <Sparkles className="size-6" aria-hidden />
          </span>
          <div className="grid flex-1 gap-1">
            <h2 id="locked-title" className="text-lg font-semibold tracking-tight">
              {t.content.profile.lockedTitle}
            </h2>
            <p className="text-sm leading-relaxed text-muted-foreground">
              {t.content.profile.lockedText(total, label)}
            </p>
          </div>
          <Button onClick={onSeePlans} className="shrink-0 rounded-full" size="lg">
            <Lock aria-hidden />
            {t.content.profile.lockedAction}
          </Button>
        </div>
      </div>

      <ul
        className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3"
        aria-label={t.content.profile.lockedList(total)}
      >
        {Array.from({ length: shown }, (_, i) => (
          <Placeholder key={i} username={username} index={i} />
        ))}
      </ul>
      {more ? (
        <LoadMore key={shown} onMore={() => setShown((n) => Math.min(total, n + BATCH))} enabled />
      ) : null}
    </section>
  );
}
