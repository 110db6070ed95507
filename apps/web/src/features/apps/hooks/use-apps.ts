import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { App, AppLabel, AppsResponse } from '@fa-clube/contract';
import { useSession } from '@/lib/session';
import { appsKey, fetchApps, setAppInstalled } from '../api/apps-api';

/** The current workspace's apps; only the owner may install (the stored `is_owner`). */
export function useApps() {
  const { workspace } = useSession();
  const workspaceId = workspace?.id ?? '';
  const query = useQuery({
    queryKey: appsKey(workspaceId),
    queryFn: ({ signal }) => fetchApps(workspaceId, signal),
    enabled: Boolean(workspaceId),
  });
  return { query, workspaceId, isOwner: Boolean(workspace?.is_owner) };
}

/** One app of the current workspace's catalogue (from the same query as the catalogue). */
export function useApp(label: AppLabel) {
  const { query, workspaceId, isOwner } = useApps();
  const app = query.data?.apps.find((a) => a.label === label);
  return { query, app, workspaceId, isOwner };
}

/** Installs or uninstalls; the card switches at once and goes back if the server refuses. */
export function useSetAppInstalled(workspaceId: string) {
  const queryClient = useQueryClient();
  const key = appsKey(workspaceId);
  return useMutation({
    mutationFn: ({ label, installed }: { label: AppLabel; installed: boolean }) =>
      setAppInstalled(workspaceId, label, installed),
    onMutate: async ({ label, installed }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<AppsResponse>(key);
      if (before)
        queryClient.setQueryData<AppsResponse>(key, {
          apps: before.apps.map((a) => (a.label === label ? { ...a, installed } : a)),
        });
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (app: App) => {
      const current = queryClient.getQueryData<AppsResponse>(key);
      if (current)
        queryClient.setQueryData<AppsResponse>(key, {
          apps: current.apps.map((a) => (a.label === app.label ? app : a)),
        });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
