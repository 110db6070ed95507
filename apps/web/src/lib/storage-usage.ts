import { apiPath, paths } from '@fa-clube/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** The space a workspace's files take and its quota: Configurações › Perfil and Arquivos. */
export const storageUsageKey = (id: string) => ['workspace', id, 'storage-usage'] as const;

/** GET /workspaces/objects/{ws}/usage: owner and members; bytes used and the quota. */
export function fetchStorageUsage(id: string, signal?: AbortSignal) {
  return api.get(apiPath(paths.objectUsage, { ws: id }), {
    schema: 'StorageUsage',
    signal,
  });
}

export function useStorageUsage(id: string) {
  return useQuery({
    queryKey: storageUsageKey(id),
    queryFn: ({ signal }) => fetchStorageUsage(id, signal),
  });
}
