import { useQuery } from '@tanstack/react-query';
import { apiPath, paths } from '@fa-clube/contract';
import { api } from './api-client';
import { useSession } from './session';

export const ME_QUERY_KEY = ['me'] as const;

/** GET /me: the signed-in user (name, e-mail, 2FA flag). Disabled while signed out. */
export function useMe() {
  const { token } = useSession();
  return useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => api.get(apiPath(paths.me), { schema: 'MeResponse', signal }),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}
