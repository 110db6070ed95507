/**
 * Read model: the conversations and messages of the chat (modules/chat) as their screens show
 * them — with the creator's workspace, the fan's and the senders' names, the caller's role and
 * whether the fan is subscribed — and the checks that need those tables. Every statement is
 * bounded by its page: lists walk chats_{fan,workspace}_activity_idx in order, a thread is one
 * range of chat_messages' key, a list's last message is one key lookup per row. Orders are
 * written `desc nulls last`, exactly as the indexes are built.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chatMessages, chatSettings, chats } from '../../db/schema/chat';
import type { ChatSide } from '../../db/schema/chat';
import { subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces';
import type { WorkspaceRole } from '../../db/schema/workspaces';
import { queryRows } from '../../db/sql';
import { activeSubscriptionSql } from '../../read-models/active-subscription';
import { teamMemberIds } from '../../read-models/team-members';

export interface ChatMessageView {
  id: string;
  chatId: string;
  senderId: string | null;
  senderUsername: string | null;
  senderName: string | null;
  side: ChatSide;
  text: string;
  /** A paid tip shown in the conversation: centavos and message. */
  tipCents: number | null;
  tipMessage: string | null;
  /** A workspace message's file (issue 32), its price and whether the fan bought it. */
  attachmentPath: string | null;
  attachmentKind: 'image' | 'video' | null;
  attachmentContentType: string | null;
  priceCents: number | null;
  paid: boolean;
  /** The conversation's workspace and fan: who sees a paid message locked. */
  workspaceId: string;
  fanId: string | null;
  createdAt: Date;
}

export interface ChatView {
  id: string;
  workspaceId: string;
  workspaceUsername: string;
  workspaceLabel: string;
  workspaceAvatarPath: string | null;
  fanId: string | null;
  fanUsername: string | null;
  fanName: string | null;
  fanAvatarPath: string | null;
  fanUnread: number;
  creatorUnread: number;
  blocked: boolean;
  subscribed: boolean;
  broadcastsOff: boolean;
  createdAt: Date;
  lastMessage: ChatMessageView | null;
}

const date = (v: unknown) => new Date(v as string);
const str = (v: unknown) => (v as string | null) ?? null;

function toMessage(r: Record<string, unknown>, prefix = ''): ChatMessageView {
  return {
    id: r[`${prefix}id`] as string,
    chatId: r[`${prefix}chat_id`] as string,
    senderId: str(r[`${prefix}sender_id`]),
    senderUsername: str(r[`${prefix}sender_username`]),
    senderName: str(r[`${prefix}sender_name`]),
    side: r[`${prefix}side`] as ChatSide,
    text: r[`${prefix}text`] as string,
    tipCents: r[`${prefix}tip_cents`] == null ? null : Number(r[`${prefix}tip_cents`]),
    tipMessage: str(r[`${prefix}tip_message`]),
    attachmentPath: str(r[`${prefix}attachment_path`]),
    attachmentKind: str(r[`${prefix}attachment_kind`]) as 'image' | 'video' | null,
    attachmentContentType: str(r[`${prefix}attachment_content_type`]),
    priceCents: r[`${prefix}price_cents`] == null ? null : Number(r[`${prefix}price_cents`]),
    paid: r[`${prefix}paid_at`] != null,
    workspaceId: r[`${prefix}chat_workspace_id`] as string,
    fanId: str(r[`${prefix}chat_fan_id`]),
    createdAt: date(r[`${prefix}created_at`]),
  };
}

/** The chats of `page` (a subquery of chat rows, in list order) with everything a list item shows. */
function viewsQuery(page: SQL, now: Date, total: SQL = sql`null::bigint`): SQL {
  return sql`
    select c.id, c.workspace_id, c.fan_id, c.fan_unread, c.creator_unread,
           c.blocked_at is not null as blocked, c.fan_broadcasts_off, c.created_at, (${total}) as total,
           w.username as w_username, w.label as w_label, w.avatar_path as w_avatar_path,
           f.username as f_username, f.full_name as f_full_name, f.avatar_path as f_avatar_path,
           exists (select 1 from ${subscriptions} s
                    where s.workspace_id = c.workspace_id and s.subscriber_id = c.fan_id
                      and ${activeSubscriptionSql('s', now)}) as subscribed,
           m.id as m_id, m.chat_id as m_chat_id, m.sender_id as m_sender_id, m.side as m_side,
           m.text as m_text, m.created_at as m_created_at,
           m.tip_cents as m_tip_cents, m.tip_message as m_tip_message,
           m.attachment_path as m_attachment_path, m.attachment_kind as m_attachment_kind,
           m.attachment_content_type as m_attachment_content_type,
           m.price_cents as m_price_cents, m.paid_at as m_paid_at,
           c.workspace_id as m_chat_workspace_id, c.fan_id as m_chat_fan_id,
           u.username as m_sender_username, u.full_name as m_sender_name
      from (${page}) c
      join ${workspaces} w on w.id = c.workspace_id
      left join ${users} f on f.id = c.fan_id
      left join lateral (select * from ${chatMessages} cm where cm.chat_id = c.id
                          order by cm.id desc limit 1) m on true
      left join ${users} u on u.id = m.sender_id
     order by c.last_activity_id desc nulls last`;
}

async function selectViews(db: DbOrTx, query: SQL) {
  const rows = await queryRows<Record<string, unknown>>(db, query);
  return rows.map((r) => ({
    total: Number(r.total ?? 0),
    view: {
      id: r.id as string,
      workspaceId: r.workspace_id as string,
      workspaceUsername: r.w_username as string,
      workspaceLabel: r.w_label as string,
      workspaceAvatarPath: str(r.w_avatar_path),
      fanId: str(r.fan_id),
      fanUsername: str(r.f_username),
      fanName: str(r.f_full_name),
      fanAvatarPath: str(r.f_avatar_path),
      fanUnread: Number(r.fan_unread),
      creatorUnread: Number(r.creator_unread),
      blocked: Boolean(r.blocked),
      subscribed: Boolean(r.subscribed),
      broadcastsOff: Boolean(r.fan_broadcasts_off),
      createdAt: date(r.created_at),
      lastMessage: r.m_id ? toMessage(r, 'm_') : null,
    } satisfies ChatView,
  }));
}

/**
 * A page of the fan's conversations (`fanId`) or of a workspace's (`workspaceId`), most recent
 * activity first, and their number. A fan's list leaves out closed workspaces.
 */
export async function listChatViews(
  db: DbOrTx,
  of: { fanId: string } | { workspaceId: string },
  page: { limit: number; offset: number },
  now: Date,
): Promise<{ views: ChatView[]; total: number }> {
  const open = sql`exists (select 1 from ${workspaces} ow
                            where ow.id = ch.workspace_id and ow.deleted_at is null)`;
  const where =
    'fanId' in of
      ? sql`ch.fan_id = ${of.fanId} and ${open}`
      : sql`ch.workspace_id = ${of.workspaceId}`;
  const rows = await selectViews(
    db,
    viewsQuery(
      sql`select * from ${chats} ch where ${where}
           order by ch.last_activity_id desc nulls last limit ${page.limit} offset ${page.offset}`,
      now,
      sql`select count(*) from ${chats} ch where ${where}`,
    ),
  );
  if (rows.length > 0) return { views: rows.map((r) => r.view), total: rows[0]!.total };
  const [count] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from ${chats} ch where ${where}`,
  );
  return { views: [], total: Number(count?.n ?? 0) };
}

/** One conversation as a list shows it. */
export async function findChatView(db: DbOrTx, chatId: string, now: Date) {
  const [row] = await selectViews(
    db,
    viewsQuery(sql`select * from ${chats} ch where ch.id = ${chatId}`, now),
  );
  return row?.view ?? null;
}

/**
 * Who the caller is in conversation `chatId` of workspace `ws` (a closed workspace's
 * conversations are gone): its fan, a member of the workspace (with the role), or neither.
 * Null when there is no such conversation.
 */
export async function findChatParticipant(
  db: DbOrTx,
  userId: string,
  ws: string,
  chatId: string,
): Promise<{
  chat: typeof chats.$inferSelect;
  isFan: boolean;
  role: WorkspaceRole | null;
} | null> {
  const [row] = await db
    .select({
      chat: chats,
      role: sql<WorkspaceRole | null>`(select ${workspaceMembers.role} from ${workspaceMembers}
        where ${workspaceMembers.workspaceId} = ${chats.workspaceId}
          and ${workspaceMembers.userId} = ${userId})`,
    })
    .from(chats)
    .innerJoin(
      workspaces,
      sql`${workspaces.id} = ${chats.workspaceId} and ${workspaces.deletedAt} is null`,
    )
    .where(sql`${chats.id} = ${chatId} and ${chats.workspaceId} = ${ws}`)
    .limit(1);
  if (!row) return null;
  return { chat: row.chat, isFan: row.chat.fanId === userId, role: row.role ?? null };
}

/**
 * The creator behind `username` (an open workspace), the caller's role in it and whether the
 * caller's subscription to it is active, in one statement. Null when there is no such creator.
 */
export async function findChatCreator(db: DbOrTx, userId: string, username: string, now: Date) {
  const [row] = await queryRows<{
    id: string;
    role: WorkspaceRole | null;
    subscribed: boolean;
  }>(
    db,
    sql`select w.id,
               (select m.role from ${workspaceMembers} m
                 where m.workspace_id = w.id and m.user_id = ${userId}) as role,
               exists (select 1 from ${subscriptions} s
                        where s.workspace_id = w.id and s.subscriber_id = ${userId}
                          and ${activeSubscriptionSql('s', now)}) as subscribed
          from ${workspaces} w
         where lower(w.username) = ${username.trim().toLowerCase()} and w.deleted_at is null
         limit 1`,
  );
  return row ? { workspaceId: row.id, role: row.role, subscribed: Boolean(row.subscribed) } : null;
}

/** Whether `userId`'s subscription to `workspaceId` is active now. */
export async function isSubscribed(db: DbOrTx, userId: string, workspaceId: string, now: Date) {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`select exists (select 1 from ${subscriptions} s
                        where s.workspace_id = ${workspaceId} and s.subscriber_id = ${userId}
                          and ${activeSubscriptionSql('s', now)}) as ok`,
  );
  return Boolean(row?.ok);
}

const messageColumns = sql`m.id, m.chat_id, m.sender_id, m.side, m.text, m.tip_cents,
  m.tip_message, m.created_at, m.attachment_path, m.attachment_kind, m.attachment_content_type,
  m.price_cents, m.paid_at,
  u.username as sender_username, u.full_name as sender_name,
  mc.workspace_id as chat_workspace_id, mc.fan_id as chat_fan_id`;
const messageChat = sql`join ${chats} mc on mc.id = m.chat_id`;

/** A page of a thread, newest first: the messages before `before` (a range of the key). */
export async function listChatMessages(
  db: DbOrTx,
  chatId: string,
  before: string | undefined,
  limit: number,
): Promise<ChatMessageView[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${messageColumns}
          from ${chatMessages} m ${messageChat} left join ${users} u on u.id = m.sender_id
         where m.chat_id = ${chatId} ${before ? sql`and m.id < ${before}` : sql``}
         order by m.id desc limit ${limit}`,
  );
  return rows.map((r) => toMessage(r));
}

/**
 * Paid messages `fanId` bought (GET /purchases), with their conversation's workspace: only
 * messages of that fan's own conversations that are still paid (a refund locks them again).
 */
export async function findPurchasedMessageViews(db: DbOrTx, fanId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${messageColumns},
               w.username as w_username, w.label as w_label, w.avatar_path as w_avatar_path
          from ${chatMessages} m ${messageChat}
          join ${workspaces} w on w.id = mc.workspace_id
          left join ${users} u on u.id = m.sender_id
         where m.id in (${list}) and mc.fan_id = ${fanId}
           and m.price_cents is not null and m.paid_at is not null`,
  );
  return rows.map((r) => ({
    message: toMessage(r),
    workspace: {
      id: r.chat_workspace_id as string,
      username: r.w_username as string,
      label: r.w_label as string,
      avatarPath: str(r.w_avatar_path),
    },
  }));
}

/** One message as a thread shows it. */
export async function findChatMessage(db: DbOrTx, chatId: string, id: string) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${messageColumns}
          from ${chatMessages} m ${messageChat} left join ${users} u on u.id = m.sender_id
         where m.chat_id = ${chatId} and m.id = ${id}`,
  );
  return rows[0] ? toMessage(rows[0]) : null;
}

/**
 * What a reconnecting stream missed: the messages after `afterId` in the caller's conversations
 * (as their fan, or as a member of the workspace), oldest first, at most `limit`. Bounded: at
 * most `limit` conversations with activity after `afterId` (found on the activity indexes), at
 * most `limit` messages of each.
 */
export async function listMessagesAfter(
  db: DbOrTx,
  userId: string,
  afterId: string,
  limit: number,
): Promise<ChatMessageView[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with mine as (
          (select ch.id from ${chats} ch
            where ch.fan_id = ${userId} and ch.last_activity_id > ${afterId}
            order by ch.last_activity_id desc nulls last limit ${limit})
          union
          (select ch.id from ${workspaceMembers} wm
             join lateral (select c.id, c.last_activity_id from ${chats} c
                            where c.workspace_id = wm.workspace_id
                              and c.last_activity_id > ${afterId}
                            order by c.last_activity_id desc nulls last limit ${limit}) ch on true
            where wm.user_id = ${userId}
            limit ${limit})
        )
        select ${messageColumns}
          from mine
          join lateral (select * from ${chatMessages} cm
                         where cm.chat_id = mine.id and cm.id > ${afterId}
                         order by cm.id limit ${limit}) m on true
          ${messageChat}
          left join ${users} u on u.id = m.sender_id
         order by m.id limit ${limit}`,
  );
  return rows.map((r) => toMessage(r));
}

/** Who a message in `workspaceId`'s conversation with `fanId` goes to: the fan and the team. */
export async function chatRecipients(db: DbOrTx, workspaceId: string, fanId: string | null) {
  const team = await teamMemberIds(db, workspaceId);
  return [...new Set([...(fanId ? [fanId] : []), ...team])];
}

/**
 * How many of the caller's conversations have unread messages for the caller's side (as a fan,
 * and as a member of each workspace), counting at most `cap`: rows of the unread indexes.
 */
export async function countUnreadChats(db: DbOrTx, userId: string, cap: number) {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from (
          (select 1 from ${chats} ch
            join ${workspaces} w on w.id = ch.workspace_id and w.deleted_at is null
           where ch.fan_id = ${userId} and ch.fan_unread > 0 limit ${cap})
          union all
          (select 1 from ${workspaceMembers} wm
             join ${chats} ch on ch.workspace_id = wm.workspace_id and ch.creator_unread > 0
            where wm.user_id = ${userId} limit ${cap})
          limit ${cap}) x`,
  );
  return Number(row?.n ?? 0);
}

export interface DigestRecipient {
  userId: string;
  email: string;
  fullName: string;
}

/**
 * For the e-mail digest: the people of the claimed sides — each fan, and each member of each
 * workspace — whose address is confirmed (a digest to an address nobody proved would mail
 * a stranger what was written to the account) and who have 'avisos por e-mail' on (no
 * chat_settings row = on), with the other
 * party's name per conversation. `sides` is bounded by the sweep's batch.
 */
export async function digestTargets(
  db: DbOrTx,
  sides: { chatId: string; side: ChatSide }[],
): Promise<
  (DigestRecipient & { chatId: string; side: ChatSide; otherName: string; unread: number })[]
> {
  if (sides.length === 0) return [];
  const fanChats = sides.filter((s) => s.side === 'fan').map((s) => s.chatId);
  const creatorChats = sides.filter((s) => s.side === 'creator').map((s) => s.chatId);
  const uuids = (ids: string[]) =>
    ids.length
      ? sql`array[${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}]`
      : sql`array[]::uuid[]`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select c.id as chat_id, 'fan' as side, u.id as user_id, u.email, u.full_name,
               w.label as other_name, c.fan_unread as unread
          from ${chats} c
          join ${users} u on u.id = c.fan_id
          join ${workspaces} w on w.id = c.workspace_id and w.deleted_at is null
          left join ${chatSettings} st on st.user_id = u.id
         where c.id = any(${uuids(fanChats)}) and coalesce(st.email_notifications, true)
           and u.email_confirmed_at is not null
        union all
        select c.id, 'creator', u.id, u.email, u.full_name,
               coalesce(f.full_name, 'Conta excluída'), c.creator_unread
          from ${chats} c
          join ${workspaceMembers} wm on wm.workspace_id = c.workspace_id
          join ${users} u on u.id = wm.user_id
          left join ${users} f on f.id = c.fan_id
          left join ${chatSettings} st on st.user_id = u.id
         where c.id = any(${uuids(creatorChats)}) and coalesce(st.email_notifications, true)
           and u.email_confirmed_at is not null`,
  );
  return rows.map((r) => ({
    chatId: r.chat_id as string,
    side: r.side as ChatSide,
    userId: r.user_id as string,
    email: r.email as string,
    fullName: r.full_name as string,
    otherName: r.other_name as string,
    unread: Number(r.unread),
  }));
}

/** The person's own messages after `afterId` (keyset on chat_messages_sender_idx), for the export. */
export async function listMessagesWrittenBy(
  db: DbOrTx,
  userId: string,
  afterId: string | null,
  limit: number,
) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select m.id, m.chat_id, m.side, m.text, m.created_at, w.username as workspace_username
          from ${chatMessages} m
          join ${chats} c on c.id = m.chat_id
          join ${workspaces} w on w.id = c.workspace_id
         where m.sender_id = ${userId} ${afterId ? sql`and m.id > ${afterId}` : sql``}
         order by m.id limit ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id as string,
    chatId: r.chat_id as string,
    side: r.side as ChatSide,
    text: r.text as string,
    createdAt: date(r.created_at),
    workspaceUsername: r.workspace_username as string,
  }));
}
