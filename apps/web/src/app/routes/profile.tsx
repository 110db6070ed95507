import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { SendMessageButton } from '@/features/chat/components/send-message-button';
import { LazyComposer } from '@/features/content/components/lazy-composer';
import { LazyProfilePosts } from '@/features/content/components/lazy-profile-posts';
import { preloadProfilePosts } from '@/features/content/components/profile-posts-chunk';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { ProfilePlans } from '@/features/subscriptions/components/profile-plans';
import { usePlans } from '@/features/subscriptions/hooks/use-plans';
import { loginPath } from '@/lib/navigation';
import { useSession } from '@/lib/session';

/**
 * /profile (the signed-in user's own profile, from the stored workspace) and
 * /profile/:username. Not guarded: visitors see the public profile, the placeholders and the
 * plans ('Assinaturas'). Composed here: the page and its placeholders (profile), the composer
 * and the posts (content), the plans (subscriptions), fetched with the profile, and a
 * subscriber's 'Enviar mensagem' (chat).
 */
export function ProfileRoute() {
  const { username: param } = useParams();
  const { token, workspace } = useSession();
  // only a signed-in caller may read posts: a visitor is not made to fetch their code
  useEffect(() => {
    if (token) preloadProfilePosts();
  }, [token]);
  const username = (param ?? workspace?.username ?? '').trim().toLowerCase();
  // asked for beside the profile, not after it: the page shows a visitor both at once
  const plansQuery = usePlans(username);
  if (!param && !token) return <Navigate to={loginPath('/profile')} replace />;
  return (
    <ProfilePage
      key={username}
      username={username}
      plansSettled={!plansQuery.isPending}
      composer={(author) => <LazyComposer {...author} />}
      posts={(profile, ws) => (
        <LazyProfilePosts ws={ws} username={profile.username} label={profile.label} />
      )}
      message={(profile) => <SendMessageButton username={profile.username} />}
      plans={(profile, onSubscribed) => (
        <ProfilePlans
          username={profile.username}
          label={profile.label}
          avatarUrl={profile.avatar_url}
          coverUrl={profile.cover_url}
          onSubscribed={onSubscribed}
        />
      )}
    />
  );
}
