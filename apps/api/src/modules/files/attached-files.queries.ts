/**
 * Read model: whether a file of a workspace's store is attached to one of its
 * posts (the files module refuses to replace or delete such a file).
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contentAttachments, contents } from '../../db/schema/content';

/**
 * True when a post of the workspace has this file (workspace-relative path)
 * attached; with `readyOnly`, only a file fans may get (not an old image the
 * backfill could not re-encode).
 */
export async function isFileAttached(
  db: DbOrTx,
  workspaceId: string,
  filePath: string,
  opts: { readyOnly?: boolean } = {},
) {
  const [row] = await db
    .select({ id: contentAttachments.id })
    .from(contentAttachments)
    .innerJoin(contents, eq(contents.id, contentAttachments.contentId))
    .where(
      and(
        eq(contents.workspaceId, workspaceId),
        eq(contentAttachments.filePath, filePath),
        ...(opts.readyOnly ? [eq(contentAttachments.status, 'ready')] : []),
      ),
    )
    .limit(1);
  return Boolean(row);
}
