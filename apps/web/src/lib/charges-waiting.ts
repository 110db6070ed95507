import { useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiPath, paths } from '@fa-clube/contract';
import { api } from './api-client';
import { useSession } from './session';

/**
 * The Pix that wait for the current workspace's owner to confirm them (issue 34, decision 079):
 * their count on 'Assinantes', the phone's menu button and the creator's first screen. The live
 * event `charges.waiting` (handled with the chat's, one stream per tab) refetches it and the
 * pending list ('charges' keys); this only catches up when the stream could not.
 */
export const chargesWaitingKey = (ws: string) => ['charges-waiting', ws] as const;

/** GET /charges/{ws}/waiting → `{ count }`, at most CHARGES_WAITING_MAX. */
const fetchChargesWaiting = (ws: string, signal?: AbortSignal) =>
  api.get(apiPath(paths.chargesWaiting, { ws }), { schema: 'WaitingChargesResponse', signal });

/** How many Pix wait in the current workspace (0 until known, or without a workspace). */
export function useChargesWaiting(): number {
  const { workspace } = useSession();
  const ws = workspace?.id ?? '';
  const query = useQuery({
    queryKey: chargesWaitingKey(ws),
    queryFn: ({ signal }) => fetchChargesWaiting(ws, signal),
    enabled: ws !== '',
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    refetchOnWindowFocus: true,
  });
  return ws ? (query.data?.count ?? 0) : 0;
}

/** `charges.waiting` arrived: the count and the workspace's charge lists are stale. */
export function onChargesWaiting(queryClient: QueryClient, workspaceId: string) {
  void queryClient.invalidateQueries({ queryKey: chargesWaitingKey(workspaceId) });
  void queryClient.invalidateQueries({ queryKey: ['charges', workspaceId] });
}
