import { Compass, Newspaper, UserRoundPen } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page, PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { t } from '@/i18n/content';
import { isCreatorWorkspace, useSession } from '@/lib/session';
import { useChargesWaitingCount } from '@/lib/unread-count';
import { useIsWideLayout } from '@/lib/use-media-query';
import { useOwnProfile, useRecommended } from '../hooks/use-feed-data';
import { BecomeCreator, FanShortcuts } from './fan-home';
import { GettingStarted } from './getting-started';
import { Recommended } from './recommended';
import { WaitingPix } from './waiting-pix';

/** Who posts from the owner's composer. */
export interface FeedAuthor {
  workspaceId: string;
  authorName: string;
  authorAvatarUrl: string | null | undefined;
}

/** The parts of the feed that the content feature draws; the route composes them. */
export interface FeedPageProps {
  /** The post composer, for the owner of the current workspace. */
  composer: (author: FeedAuthor) => ReactNode;
  /** The posts of the current workspace `ws` (skeletons while it is null); `empty` without any. */
  posts: (ws: string | null, empty: ReactNode) => ReactNode;
  /** The figures of the current workspace ('Visão geral'), for its owner and team. */
  insights?: (ws: string) => ReactNode;
  /** 'Agendados': the current workspace's scheduled posts (its owner and members). */
  scheduled?: (ws: string) => ReactNode;
}

/**
 * The home feed (spec section 2): the composer for the owner of the current workspace, the
 * posts (own and subscribed, newest first, 25 per page as the end comes into view) and, at
 * 768 px or more, the 'Recomendados' column when there are recommended profiles.
 *
 * Until the owner chooses to be a creator (issue 34, decision 093) it is the fan-first home: the
 * fan's places (Minhas assinaturas, Mensagens, Encontrar criadores), the subscribed posts and
 * 'Quero ser criador'; no composer, no creator's next steps.
 */
export function FeedPage({ composer, posts, insights, scheduled }: FeedPageProps) {
  const { workspace, metadata } = useSession();
  const ws = workspace?.id ?? null;
  const fan = !isCreatorWorkspace(workspace);
  // the creator's parts (composer, figures, next steps) are for a creator's owner only
  const owner = Boolean(workspace?.is_owner) && !fan;
  const wide = useIsWideLayout();
  const recommended = useRecommended(ws, wide);
  const ownProfile = useOwnProfile();
  const waitingPix = useChargesWaitingCount();
  const profiles = wide ? (recommended.data?.profiles ?? []) : [];
  const showRecommended = profiles.length > 0;
  const firstName = (metadata?.full_name ?? metadata?.label ?? '').split(/\s+/)[0] ?? '';
  const newCreator = owner && ownProfile.data?.total_content === 0;
  // the owner's next steps come above the composer and the posts once the own profile says there
  // is no post yet: until it answers, one placeholder holds the column, so that nothing is pushed
  // down when they arrive (layout shift)
  const settling = owner && ownProfile.isPending;

  const empty = (
    <EmptyState
      icon={Newspaper}
      title={t.content.feed.emptyTitle}
      description={
        <>
          {fan ? t.content.feed.fanEmptyText : t.content.feed.emptyText}
          {owner ? ` ${t.content.feed.emptyOwnerHint}` : null}
          {showRecommended && !fan ? ` ${t.content.feed.emptyRecommended}` : null}
        </>
      }
      action={
        fan ? (
          <Button asChild>
            <Link to="/explore">
              <Compass aria-hidden />
              {t.content.feed.fanEmptyAction}
            </Link>
          </Button>
        ) : owner ? (
          <Button asChild variant="outline">
            <Link to="/settings/workspace">
              <UserRoundPen aria-hidden />
              {t.content.feed.emptyCompleteProfile}
            </Link>
          </Button>
        ) : null
      }
    />
  );

  return (
    <Page width="wide" className="md:px-5 lg:px-8">
      <div className="flex items-start justify-center gap-5 lg:gap-8">
        <div className="grid w-full max-w-2xl min-w-0 flex-1 content-start gap-5">
          <PageHeader
            title={t.content.feed.title}
            description={fan ? t.content.feed.fanDescription : t.content.feed.description}
            documentTitle={t.dashboard.title}
            className="mb-1 md:mb-1"
          />
          {settling ? (
            <Skeleton data-testid="feed-settling" className="h-40 rounded-2xl" />
          ) : (
            <>
              {fan ? <FanShortcuts firstName={firstName} /> : null}
              {owner && waitingPix > 0 ? <WaitingPix count={waitingPix} /> : null}
              {owner && ws && !newCreator ? insights?.(ws) : null}
              {newCreator ? <GettingStarted firstName={firstName} /> : null}
              {owner && ws
                ? composer({
                    workspaceId: ws,
                    authorName: workspace?.label ?? '',
                    authorAvatarUrl: workspace?.avatar_url,
                  })
                : null}
              {ws && !fan ? scheduled?.(ws) : null}
              {fan && ws && workspace?.is_owner ? <BecomeCreator workspaceId={ws} /> : null}
              {posts(ws, empty)}
            </>
          )}
        </div>
        {showRecommended ? (
          <aside className="sticky top-6 hidden w-48 shrink-0 md:block lg:w-64 xl:w-80">
            <Recommended profiles={profiles} />
          </aside>
        ) : null}
      </div>
    </Page>
  );
}
