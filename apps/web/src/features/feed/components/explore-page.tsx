import { zodResolver } from '@hookform/resolvers/zod';
import { CreatorSearchQuery } from '@fa-clube/contract';
import type { RecommendedProfile } from '@fa-clube/contract';
import { Compass, Search, SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link, useSearchParams } from 'react-router';
import { Page, PageHeader, SectionHeader } from '@/components/layout/page';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { t } from '@/i18n/content';
import { useSession } from '@/lib/session';
import { useCreatorSearch, useRecommended } from '../hooks/use-feed-data';

const s = t.content.explore;

/** One creator found or recommended: cover, avatar, name, @, posts, and 'Assinar'. */
function CreatorCard({ profile }: { profile: RecommendedProfile }) {
  const to = `/profile/${profile.username}`;
  return (
    <li className="overflow-hidden rounded-2xl border bg-card shadow-xs">
      <Link to={to} tabIndex={-1} aria-hidden className="block">
        <div className="h-16 overflow-hidden bg-gradient-to-br from-violet-500 via-fuchsia-500 to-amber-400 dark:from-violet-800 dark:via-fuchsia-700 dark:to-amber-600">
          {profile.cover_url ? (
            <img src={profile.cover_url} alt="" loading="lazy" className="size-full object-cover" />
          ) : null}
        </div>
      </Link>
      <div className="flex min-w-0 items-end gap-3 px-3 pb-3">
        <Avatar
          src={profile.avatar_url}
          name={profile.label}
          className="-mt-6 size-12 shrink-0 text-base ring-[3px] ring-card"
        />
        <div className="grid min-w-0 flex-1 pt-2 leading-tight">
          <Link to={to} className="truncate font-semibold hover:underline">
            {profile.label}
          </Link>
          <span className="truncate text-xs text-muted-foreground">@{profile.username}</span>
          <span className="truncate text-xs text-muted-foreground">
            {s.posts(profile.total_content)}
          </span>
        </div>
        <Button asChild size="sm" className="min-h-11 shrink-0 sm:min-h-9">
          <Link to={to} aria-label={s.subscribeTo(profile.label)}>
            {s.subscribe}
          </Link>
        </Button>
      </div>
      {profile.description ? (
        <p className="line-clamp-2 px-3 pb-3 text-sm text-muted-foreground">
          {profile.description}
        </p>
      ) : null}
    </li>
  );
}

function CardList({
  profiles,
  testId,
}: {
  profiles: readonly RecommendedProfile[];
  testId: string;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid={testId}>
      {profiles.map((p) => (
        <CreatorCard key={p.username} profile={p} />
      ))}
    </ul>
  );
}

function CardsSkeleton() {
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-busy>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-32 rounded-2xl" />
      ))}
    </div>
  );
}

type SearchValues = z.input<typeof CreatorSearchQuery>;

/** The search box: the text goes to the address (?q=), so back and a shared link keep it. */
function SearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const form = useForm<SearchValues, unknown, z.output<typeof CreatorSearchQuery>>({
    resolver: zodResolver(CreatorSearchQuery),
    defaultValues: { q: initial },
  });
  const error = form.formState.errors.q?.message;
  useEffect(() => form.reset({ q: initial }), [form, initial]);
  return (
    <form
      role="search"
      noValidate
      onSubmit={form.handleSubmit((values) => onSearch(values.q))}
      className="flex max-w-2xl items-start gap-2"
    >
      <Field
        label={<span className="sr-only">{s.searchLabel}</span>}
        error={error}
        className="flex-1"
      >
        {(control) => (
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              {...control}
              {...form.register('q')}
              type="search"
              autoFocus={!initial}
              enterKeyHint="search"
              autoComplete="off"
              placeholder={s.searchPlaceholder}
              aria-label={s.searchLabel}
              className="h-11 pl-9"
            />
          </div>
        )}
      </Field>
      <Button type="submit" className="h-11 shrink-0">
        {s.search}
      </Button>
    </form>
  );
}

/**
 * /explore ('Encontrar criadores', issue 34): the search by name or @ and the recommended
 * creators, each with 'Assinar' (to the profile's plans). Where the empty feed's 'Ver
 * recomendados' leads.
 */
export function ExplorePage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().replace(/^@+/, '').trim();
  const { workspace } = useSession();
  const results = useCreatorSearch(q);
  const recommended = useRecommended(workspace?.id ?? null);
  const searching = q.length > 0;

  return (
    <Page width="wide">
      <PageHeader title={s.title} description={s.description} />
      <div className="grid gap-8">
        <SearchForm
          initial={q}
          onSearch={(next) => setParams(next ? { q: next } : {}, { replace: searching })}
        />
        {searching ? (
          <section aria-labelledby="search-results-title" className="grid gap-3">
            <SectionHeader title={<span id="search-results-title">{s.resultsTitle(q)}</span>} />
            {results.isPending ? (
              <CardsSkeleton />
            ) : results.isError ? (
              <LoadError message={s.searchError} onRetry={() => void results.refetch()} />
            ) : results.data.profiles.length === 0 ? (
              <EmptyState icon={SearchX} title={s.noResults(q)} />
            ) : (
              <CardList profiles={results.data.profiles} testId="search-results" />
            )}
          </section>
        ) : null}
        <section aria-labelledby="explore-recommended-title" className="grid gap-3">
          <SectionHeader
            title={<span id="explore-recommended-title">{s.recommendedTitle}</span>}
            description={s.recommendedDescription}
          />
          {recommended.isPending ? (
            <CardsSkeleton />
          ) : recommended.isError ? (
            <LoadError message={s.recommendedError} onRetry={() => void recommended.refetch()} />
          ) : recommended.data.profiles.length === 0 ? (
            <EmptyState icon={Compass} title={s.recommendedEmpty} />
          ) : (
            <CardList profiles={recommended.data.profiles} testId="explore-recommended" />
          )}
        </section>
      </div>
    </Page>
  );
}
