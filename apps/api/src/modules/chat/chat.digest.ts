import { MESSAGES_PAGE_PATH } from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { renderEmail } from '../../lib/mailer';
import { digestTargets } from './chat.queries';
import { deliverSoon, enqueueMail } from '../mail/mail.service';
import { claimDueDigests } from './chat.repo';

/** Sides claimed per side and transaction. */
const BATCH = 200;

type Target = Awaited<ReturnType<typeof digestTargets>>[number];

const unreadText = (n: number) => (n === 1 ? '1 mensagem não lida' : `${n} mensagens não lidas`);

function digestMail(ctx: AppContext, items: Target[]) {
  const [first] = items;
  return renderEmail({
    kind: 'chat-digest',
    to: first!.email,
    subject: 'Você tem mensagens não lidas no Fã Clube',
    title: 'Mensagens não lidas',
    paragraphs: [
      `Olá, ${first!.fullName}!`,
      'Chegaram mensagens que você ainda não leu:',
      ...items.map((i) => `• ${i.otherName}: ${unreadText(i.unread)}`),
      'Para não receber estes avisos, desligue "Avisos por e-mail" em Minha conta.',
    ],
    action: { label: 'Abrir mensagens', url: `${ctx.config.appUrl}${MESSAGES_PAGE_PATH}` },
  });
}

/**
 * The e-mail digest (periodic): each conversation side with messages unread for
 * CHAT_DIGEST_DELAY_MINUTES is claimed once per unread burst (its due time cleared; a read or a
 * post by that side clears it too, and the next message after a read starts a new burst), and
 * each person of the claimed sides with 'avisos por e-mail' on gets one e-mail listing them —
 * written to the mail outbox in the claim's transaction, so a failure leaves the sides due.
 * Answers how many e-mails were written.
 */
export async function sendChatDigests(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  let written = 0;
  for (;;) {
    const now = ctx.clock.now();
    const { ids, full } = await ctx.db.transaction(async (tx) => {
      const fan = await claimDueDigests(tx, 'fan', now, BATCH);
      const creator = await claimDueDigests(tx, 'creator', now, BATCH);
      const targets = await digestTargets(tx, [
        ...fan.map((chatId) => ({ chatId, side: 'fan' as const })),
        ...creator.map((chatId) => ({ chatId, side: 'creator' as const })),
      ]);
      const byPerson = new Map<string, Target[]>();
      for (const t of targets) byPerson.set(t.userId, [...(byPerson.get(t.userId) ?? []), t]);
      const mailIds: string[] = [];
      for (const items of byPerson.values())
        mailIds.push(await enqueueMail(ctx, tx, digestMail(ctx, items)));
      return { ids: mailIds, full: fan.length === BATCH || creator.length === BATCH };
    });
    deliverSoon(ctx, ids);
    written += ids.length;
    if (!full || signal?.aborted) return written;
  }
}
