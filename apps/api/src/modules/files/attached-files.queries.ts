/**
 * Read model: whether a file of a workspace's store is in use — attached to one of its posts,
 * sent in one of its chat messages (a paid message, a message to many) or set as its welcome
 * message's attachment (the files module refuses to replace or delete such a file: the post or
 * message would show a broken image).
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chatMessages, chats } from '../../db/schema/chat';
import { chatBroadcasts, welcomeMessages } from '../../db/schema/chat-sales';
import { contentAttachments, contents } from '../../db/schema/content';

/** Where a file is in use: a post, a chat message (or message to many), the welcome message. */
export type FileUse = 'post' | 'message' | 'welcome';

/** True when a post of the workspace has this file (workspace-relative path) attached. */
async function isFileAttached(db: DbOrTx, workspaceId: string, filePath: string) {
  const [row] = await db
    .select({ id: contentAttachments.id })
    .from(contentAttachments)
    .innerJoin(contents, eq(contents.id, contentAttachments.contentId))
    .where(and(eq(contents.workspaceId, workspaceId), eq(contentAttachments.filePath, filePath)))
    .limit(1);
  return Boolean(row);
}

/** Where the workspace uses this file, or null when nothing does (it may be deleted). */
export async function fileUse(
  db: DbOrTx,
  workspaceId: string,
  filePath: string,
): Promise<FileUse | null> {
  if (await isFileAttached(db, workspaceId, filePath)) return 'post';
  const [message] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .where(and(eq(chatMessages.attachmentPath, filePath), eq(chats.workspaceId, workspaceId)))
    .limit(1);
  if (message) return 'message';
  const [broadcast] = await db
    .select({ id: chatBroadcasts.id })
    .from(chatBroadcasts)
    .where(
      and(eq(chatBroadcasts.workspaceId, workspaceId), eq(chatBroadcasts.attachmentPath, filePath)),
    )
    .limit(1);
  if (broadcast) return 'message';
  const [welcome] = await db
    .select({ id: welcomeMessages.workspaceId })
    .from(welcomeMessages)
    .where(
      and(
        eq(welcomeMessages.workspaceId, workspaceId),
        eq(welcomeMessages.attachmentPath, filePath),
      ),
    )
    .limit(1);
  return welcome ? 'welcome' : null;
}
