import { MESSAGES_PAGE_PATH } from '@fa-clube/contract';

/**
 * 'Mensagens' opening (or starting) the signed-in fan's conversation with a creator, then
 * showing it: 'Enviar mensagem' on a profile, the subscribe dialog's chat benefit.
 */
export function messagesWith(username: string): string {
  return `${MESSAGES_PAGE_PATH}?to=${encodeURIComponent(username)}`;
}
