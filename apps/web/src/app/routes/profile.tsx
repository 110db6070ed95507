import { Navigate, useParams } from 'react-router';
import { ProfilePage } from '@/features/profile';
import { ProfilePlans } from '@/features/subscriptions';
import { loginPath } from '@/lib/navigation';
import { useSession } from '@/lib/session';

/**
 * /profile (the signed-in user's own profile, from the stored workspace) and
 * /profile/:username. Not guarded: visitors see the public profile, the placeholders and the
 * plans ('Assinaturas'), composed here from the subscriptions feature.
 */
export function ProfileRoute() {
  const { username: param } = useParams();
  const { token, workspace } = useSession();
  if (!param && !token) return <Navigate to={loginPath('/profile')} replace />;
  const username = (param ?? workspace?.username ?? '').trim().toLowerCase();
  return (
    <ProfilePage
      key={username}
      username={username}
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
