import { apiPath, paths } from '@fa-clube/contract';
import type { ExtensionType } from '@fa-clube/contract';
import { api } from '@/lib/api-client';

export const filesKey = (ws: string) => ['files', ws] as const;
export const folderKey = (ws: string, prefix: string) => [...filesKey(ws), 'list', prefix] as const;

/** GET /workspaces/objects/{ws}/files?prefix= → one folder level. */
export const fetchFolder = (ws: string, prefix: string, signal?: AbortSignal) =>
  api.get(apiPath(paths.objectFiles, { ws }), {
    query: { prefix },
    schema: 'FilesResponse',
    signal,
  });

/** POST /workspaces/objects/{ws} → where to PUT the bytes of `filePath`. */
export const requestUpload = (
  ws: string,
  extension: ExtensionType,
  filePath: string,
  size: number,
) =>
  api.post(
    apiPath(paths.objects, { ws }),
    { extension_type: extension, file_path: filePath, size },
    { schema: 'ObjectUploadResponse' },
  );

/** GET /workspaces/objects/{ws}?file_path= → a 5-minute view URL. */
export const fetchFileUrl = (ws: string, filePath: string, signal?: AbortSignal) =>
  api.get(apiPath(paths.objects, { ws }), {
    query: { file_path: filePath },
    schema: 'ObjectUrlResponse',
    signal,
  });

/** DELETE /workspaces/objects/{ws}?file_path= */
export const deleteFile = (ws: string, filePath: string) =>
  api.delete(apiPath(paths.objects, { ws }), {
    query: { file_path: filePath },
    schema: 'MessageBody',
  });

/** POST /workspaces/objects/{ws}/folder { path } */
export const createFolder = (ws: string, path: string) =>
  api.post(apiPath(paths.objectFolder, { ws }), { path }, { schema: 'FolderEntry' });
