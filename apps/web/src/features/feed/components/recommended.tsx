import { Link } from 'react-router';
import type { RecommendedProfile } from '@fa-clube/contract';
import { Avatar } from '@/components/ui/avatar';
import { t } from '@/i18n/content';

function RecommendedCard({ profile }: { profile: RecommendedProfile }) {
  return (
    <li>
      <Link
        to={`/profile/${profile.username}`}
        className="group block overflow-hidden rounded-xl border bg-card shadow-xs transition-[border-color,box-shadow] outline-none hover:border-primary/40 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <div className="h-14 overflow-hidden bg-gradient-to-br from-violet-500 via-fuchsia-500 to-amber-400 dark:from-violet-800 dark:via-fuchsia-700 dark:to-amber-600">
          {profile.cover_url ? (
            <img
              src={profile.cover_url}
              alt=""
              loading="lazy"
              className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
            />
          ) : null}
        </div>
        <div className="flex min-w-0 items-start gap-2.5 px-3 pb-3">
          <Avatar
            src={profile.avatar_url}
            name={profile.label}
            className="-mt-5 size-11 text-base ring-[3px] ring-card"
          />
          <div className="grid min-w-0 pt-1.5 leading-tight">
            <span className="truncate text-sm font-semibold group-hover:underline">
              {profile.label}
            </span>
            <span className="truncate text-xs text-muted-foreground">@{profile.username}</span>
          </div>
        </div>
      </Link>
    </li>
  );
}

/** 'Recomendados': the side column of the feed (≥ 768 px), a list that scrolls past ~24rem. */
export function Recommended({ profiles }: { profiles: readonly RecommendedProfile[] }) {
  return (
    <section
      aria-labelledby="recommended-title"
      className="grid gap-3 rounded-2xl border bg-card/60 p-3 shadow-xs lg:p-4"
      data-testid="recommended"
    >
      <div className="grid gap-0.5 px-1">
        <h2 id="recommended-title" className="font-semibold tracking-tight">
          {t.content.feed.recommended}
        </h2>
        <p className="hidden text-xs text-muted-foreground lg:block">
          {t.content.feed.recommendedDescription}
        </p>
      </div>
      <ul
        className="-mx-1 grid max-h-96 gap-2.5 overflow-y-auto px-1 pb-1"
        data-testid="recommended-list"
      >
        {profiles.map((p) => (
          <RecommendedCard key={p.username} profile={p} />
        ))}
      </ul>
    </section>
  );
}
