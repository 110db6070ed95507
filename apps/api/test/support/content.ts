import type { ContentItem } from '@fa-clube/contract';
import type { TestContext } from './context';
import { bearer } from './fixtures';
import type { TestUser } from './fixtures';
import { makeJpeg, makeMp4, makePng, putSigned } from './media';

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

/**
 * Uploads bytes to the owner's file store the way the web client does
 * (POST /workspaces/objects/{ws}, then PUT) and answers the file_path.
 * `contentType` defaults to the extension's; the bytes may be anything.
 */
export async function uploadWorkspaceFile(
  t: TestContext,
  owner: TestUser,
  ext: string,
  bytes: Buffer,
  opts: { filePath?: string; workspaceId?: string } = {},
): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: `/api/v1/workspaces/objects/${opts.workspaceId ?? owner.workspaceId}`,
    headers: bearer(owner.accessToken),
    payload: { extension_type: ext, ...(opts.filePath ? { file_path: opts.filePath } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`upload URL failed: ${res.statusCode} ${res.body}`);
  const put = await putSigned(t, res.json().presigned_url, bytes, CONTENT_TYPES[ext]);
  if (put.statusCode !== 200) throw new Error(`PUT failed: ${put.statusCode} ${put.body}`);
  return res.json().file_path as string;
}

export const uploadJpeg = async (t: TestContext, owner: TestUser, filePath?: string) =>
  uploadWorkspaceFile(t, owner, 'jpg', await makeJpeg(), { filePath });
export const uploadPng = async (t: TestContext, owner: TestUser, filePath?: string) =>
  uploadWorkspaceFile(t, owner, 'png', await makePng(), { filePath });
export const uploadMp4 = (t: TestContext, owner: TestUser, filePath?: string) =>
  uploadWorkspaceFile(t, owner, 'mp4', makeMp4(), { filePath });

/** Publishes through POST /content/{ws} and answers the created post (throws unless 201). */
export async function createPost(
  t: TestContext,
  owner: TestUser,
  body: { text?: string; description?: string; attachments?: object[]; price?: number },
  workspaceId = owner.workspaceId,
): Promise<ContentItem> {
  const res = await t.inject({
    method: 'POST',
    url: `/api/v1/content/${workspaceId}`,
    headers: bearer(owner.accessToken),
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`create post failed: ${res.statusCode} ${res.body}`);
  return res.json() as ContentItem;
}

/** The storage key of a workspace file (what the local driver signs and stores). */
export const workspaceFileKey = (workspaceId: string, filePath: string) =>
  `workspaces/${workspaceId}/files/${filePath}`;
