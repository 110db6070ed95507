import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { storageUsageKey } from '@/lib/storage-usage';
import { useCallback, useRef, useState } from 'react';
import { useSession } from '@/lib/session';
import { uploadFile } from '@/lib/upload';
import {
  createFolder,
  deleteFile,
  fetchFileUrl,
  fetchFolder,
  filesKey,
  folderKey,
  requestUpload,
} from '../api/files-api';
import { extensionOf, storableName } from '../lib/file-names';

/** The current workspace (null until the workspace list loaded) and whether the user owns it. */
export function useFilesWorkspace() {
  const { workspace } = useSession();
  return { ws: workspace?.id ?? null, isOwner: workspace?.is_owner === true };
}

export function useFolder(ws: string | null, prefix: string) {
  return useQuery({
    queryKey: folderKey(ws ?? '', prefix),
    queryFn: ({ signal }) => fetchFolder(ws!, prefix, signal),
    enabled: Boolean(ws),
  });
}

/** A 5-minute view URL of one file, fetched when the preview opens. */
export function useFileUrl(ws: string, filePath: string | null) {
  return useQuery({
    queryKey: [...filesKey(ws), 'url', filePath],
    queryFn: ({ signal }) => fetchFileUrl(ws, filePath!, signal),
    enabled: Boolean(filePath),
    staleTime: 60_000,
  });
}

export function useDeleteFile(ws: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filePath: string) => deleteFile(ws, filePath),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: filesKey(ws) }),
        queryClient.invalidateQueries({ queryKey: storageUsageKey(ws) }),
      ]),
  });
}

export function useCreateFolder(ws: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (path: string) => createFolder(ws, path),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesKey(ws) }),
  });
}

export interface UploadItem {
  id: number;
  name: string;
  /** Where it goes, e.g. 'fotos/praia.jpg'. */
  path: string;
  percent: number;
  status: 'uploading' | 'done' | 'error';
  /** Why it failed; none for a type the store does not take. */
  error?: unknown;
}

/**
 * Several uploads at once into one folder: for each file a pre-signed URL (POST
 * /workspaces/objects/{ws} with the file's path in the folder), then the PUT with progress.
 * Files of a type the store does not take fail at once, without a request.
 */
export function useUploads(ws: string | null) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const nextId = useRef(1);

  const update = (id: number, patch: Partial<UploadItem>) =>
    setItems((all) => all.map((item) => (item.id === id ? { ...item, ...patch } : item)));

  const start = useCallback(
    async (files: readonly File[], prefix: string): Promise<number> => {
      if (!ws) return 0;
      const jobs = files.map((file) => {
        const ext = extensionOf(file.name);
        const name = ext ? storableName(file.name, ext) : file.name;
        const item: UploadItem = {
          id: nextId.current++,
          name,
          path: prefix + name,
          percent: 0,
          status: ext ? 'uploading' : 'error',
        };
        return { file, ext, item };
      });
      setItems((all) => [...jobs.map((j) => j.item), ...all]);
      const results = await Promise.all(
        jobs.map(async ({ file, ext, item }) => {
          if (!ext) return false;
          try {
            const target = await requestUpload(ws, ext, item.path, file.size);
            await uploadFile({
              url: target.presigned_url,
              headers: target.headers,
              file,
              onProgress: (p) => update(item.id, { percent: p.percent }),
            });
            update(item.id, { status: 'done', percent: 100 });
            return true;
          } catch (error) {
            update(item.id, { status: 'error', error });
            return false;
          }
        }),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: filesKey(ws) }),
        queryClient.invalidateQueries({ queryKey: storageUsageKey(ws) }),
      ]);
      return results.filter(Boolean).length;
    },
    [ws, queryClient],
  );

  const clear = useCallback(
    () => setItems((all) => all.filter((item) => item.status === 'uploading')),
    [],
  );

  return { items, start, clear };
}
