import type { Chat } from '@fa-clube/contract';

/** Who is on the other side of a conversation, as the viewer's side sees them. */
export interface Counterpart {
  name: string;
  /** Null for a deleted account. */
  username: string | null;
  avatarUrl: string | null;
}

/** The fan sees the creator (the workspace); the team sees the fan ('Conta excluída' once deleted). */
export function counterpart(chat: Chat, side: 'fan' | 'creator'): Counterpart {
  return side === 'fan'
    ? {
        name: chat.workspace.label,
        username: chat.workspace.username,
        avatarUrl: chat.workspace.avatar_url,
      }
    : { name: chat.fan.full_name, username: chat.fan.username, avatarUrl: chat.fan.avatar_url };
}
