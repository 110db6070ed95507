/**
 * The conversation on screen right now (its thread shown, the tab visible), or null: a live
 * message to it is read at once, so the shell's count is left to the read that follows.
 */
let openChat: string | null = null;

export const setOpenChat = (chatId: string | null) => {
  openChat = chatId;
};

export const openChatId = () => openChat;
