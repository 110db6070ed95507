import { useQueryClient } from '@tanstack/react-query';
import { PenLine, RefreshCw, Rows3 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { Profile } from '@fa-clube/contract';
import { DocumentTitle } from '@/components/layout/document-title';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { t } from '@/i18n/content';
import { useProfile } from '@/lib/profile';
import { useSession } from '@/lib/session';
import { isProfileNotFound } from '../api/profile-api';
import { LockedContent } from './locked-content';
import { ProfileHeader } from './profile-header';
import { TipButton } from '@/components/tip-dialog';
import { ProfileNotFound } from './profile-not-found';
import { ProfileSkeleton } from './profile-skeleton';
import { EnableNotificationsButton } from '@/components/enable-notifications';

/** Who posts from the owner's composer. */
export interface ProfileAuthor {
  workspaceId: string;
  authorName: string;
  authorAvatarUrl: string | null;
}

/** The parts of the page that other features draw; the route composes them. */
export interface ProfileSlots {
  /** The owner's post composer, above the posts. */
  composer?: (author: ProfileAuthor) => ReactNode;
  /** The posts for those who may read them, read from the caller's workspace `ws`. */
  posts?: (profile: Profile, ws: string | null) => ReactNode;
  /**
   * The visitor's 'Assinaturas' section (plans, 'Assinado', the subscribe dialog). `onSubscribed`
   * loads the posts once a subscription becomes active.
   */
  plans?: (profile: Profile, onSubscribed: () => void) => ReactNode;
  /** Beside an active subscriber's 'Assinado' badge ('Enviar mensagem', from chat). */
  message?: (profile: Profile) => ReactNode;
}

export interface ProfilePageProps extends ProfileSlots {
  username: string;
  /**
   * False while the data of the `plans` slot is still on its way (the route asks for it beside
   * the profile): a visitor keeps the skeleton until then, so the plans, with or without any, do
   * not push the posts down when they arrive. Default true.
   */
  plansSettled?: boolean;
}

/**
 * A creator's profile (spec section 2): the header for everyone; the owner edits it and posts
 * above the posts; members read the posts; subscribers read and like them; other visitors see
 * the plans and one placeholder per post. Without posts the tabs give way to an empty state.
 */
export function ProfilePage({ username, plansSettled = true, ...slots }: ProfilePageProps) {
  const profileQuery = useProfile(username);

  if (!username) return <ProfileNotFound username="" />;
  const waitForPlans =
    !plansSettled && Boolean(slots.plans) && profileQuery.isSuccess && !profileQuery.data.is_member;
  if (profileQuery.isPending || waitForPlans) {
    return (
      <Page width="narrow" className="pt-0 sm:pt-6">
        <ProfileSkeleton />
      </Page>
    );
  }
  if (profileQuery.isError) {
    if (isProfileNotFound(profileQuery.error)) return <ProfileNotFound username={username} />;
    return (
      <Page width="narrow">
        <EmptyState
          icon={RefreshCw}
          title={t.content.profile.loadError}
          action={
            <Button variant="outline" onClick={() => void profileQuery.refetch()}>
              {t.common.retry}
            </Button>
          }
        />
      </Page>
    );
  }

  return <ProfileView profile={profileQuery.data} {...slots} />;
}

function ProfileView({
  profile,
  composer,
  posts,
  plans,
  message,
}: ProfileSlots & { profile: Profile }) {
  const queryClient = useQueryClient();
  const { token, workspace } = useSession();
  const plansRef = useRef<HTMLDivElement>(null);
  // where the plans go is settled on arrival: above the posts for a visitor, after them for a
  // subscriber; subscribing here does not move them (the subscribe dialog lives inside)
  const [plansOnTop] = useState(!profile.is_subscribed);

  const onSubscribed = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['profile'] });
  }, [queryClient]);

  const seePlans = useCallback(() => {
    const el = plansRef.current;
    if (!el) return;
    el.scrollIntoView({ behavior: 'smooth', block: 'start' });
    el.querySelector<HTMLElement>('button:not([disabled])')?.focus({ preventScroll: true });
  }, []);

  // sent to the plans ('Renovar assinatura' in a conversation): there once they show
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#assinaturas') seePlans();
  }, [hash, seePlans]);

  const owner = profile.is_owner;
  const member = profile.is_member;
  const visitor = !member;
  const canSeePosts = Boolean(token) && (member || profile.is_subscribed);
  // content is read from the caller's current workspace; a member may read from the creator's own
  const ws = workspace?.id ?? (member ? profile.id : null);
  const hasPosts = profile.total_content > 0;
  const subscribedVisitor = visitor && profile.is_subscribed;
  const plansSection = plans ? (
    <div ref={plansRef} id="assinaturas" className="scroll-mt-20">
      {plans(profile, onSubscribed)}
    </div>
  ) : null;

  let content: ReactNode;
  if (!hasPosts) {
    content = owner ? (
      <EmptyState
        icon={PenLine}
        title={t.content.profile.emptyOwnerTitle}
        description={t.content.profile.emptyOwnerText}
      />
    ) : (
      <EmptyState
        icon={Rows3}
        title={t.content.profile.emptyTitle}
        description={t.content.profile.emptyText(profile.label)}
      />
    );
  } else if (canSeePosts) {
    content = posts?.(profile, ws) ?? null;
  } else {
    content = (
      <LockedContent
        key={profile.total_content}
        total={profile.total_content}
        username={profile.username}
        label={profile.label}
        onSeePlans={seePlans}
      />
    );
  }

  return (
    <Page width="narrow" className="pt-0 sm:pt-6">
      <DocumentTitle title={t.content.profile.documentTitle(profile.label, profile.username)} />
      <div className="grid gap-6 md:gap-8">
        <ProfileHeader
          profile={profile}
          subscribed={subscribedVisitor}
          subscriberAction={
            subscribedVisitor && token ? (
              <>
                {message?.(profile)}
                <EnableNotificationsButton />
              </>
            ) : null
          }
          actions={
            owner ? (
              <Button asChild variant="outline" className="rounded-full">
                <Link to="/settings/workspace">
                  <PenLine aria-hidden />
                  {t.content.profile.editProfile}
                </Link>
              </Button>
            ) : visitor && token ? (
              <TipButton
                username={profile.username}
                workspaceId={profile.id}
                variant="outline"
                className="rounded-full"
              />
            ) : null
          }
        />

        {visitor && plansOnTop ? plansSection : null}

        {owner && composer
          ? composer({
              workspaceId: profile.id,
              authorName: profile.label,
              authorAvatarUrl: profile.avatar_url,
            })
          : null}

        {content}

        {/* a subscriber came for the posts: their plan comes after them */}
        {visitor && !plansOnTop ? plansSection : null}
      </div>
    </Page>
  );
}
