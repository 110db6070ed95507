import { useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiPath, paths } from '@fa-clube/contract';
import { api } from './api-client';
import { useSession } from './session';
import { setChargesWaitingCount } from './unread-count';

/**
 * The Pix that wait for the current workspace's owner to confirm them (issue 34, decision 079):
 * the signed-in shell asks for their count and hands it to lib/unread-count.ts, for 'Assinantes',
 * the phone's menu button and the creator's first screen (`useChargesWaitingCount`). The live
 * event `charges.waiting` (handled with the chat's, one stream per tab) refetches it and the
 * pending list ('charges' keys); this only catches up when the stream could not.
 */
/** The count's query. */
const chargesWaitingKey = (ws: string) => ['charges-waiting', ws] as const;

/**
 * `charges.waiting` arrived on the live stream (the chat's, one per tab): the workspace's count
 * and its charge lists are stale.
 */
export function onChargesWaiting(queryClient: QueryClient, workspaceId: string) {
  void queryClient.invalidateQueries({ queryKey: chargesWaitingKey(workspaceId) });
  void queryClient.invalidateQueries({ queryKey: ['charges', workspaceId] });
}

/** GET /charges/{ws}/waiting → `{ count }`, at most CHARGES_WAITING_MAX. */
const fetchChargesWaiting = (ws: string, signal?: AbortSignal) =>
  api.get(apiPath(paths.chargesWaiting, { ws }), { schema: 'WaitingChargesResponse', signal });

/**
 * A service of the signed-in shell (loaded after the page, outside its first load): keeps the
 * count (0 until known, without a workspace, signed out).
 */
export function ChargesWaiting() {
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
  const count = ws ? (query.data?.count ?? 0) : 0;
  useEffect(() => setChargesWaitingCount(count), [count]);
  useEffect(() => () => setChargesWaitingCount(0), []);
  return null;
}
