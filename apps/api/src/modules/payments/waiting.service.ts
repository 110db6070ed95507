import { CHARGES_WAITING_MAX, PLAN_TYPE_LABELS, formatCents } from '@fa-clube/contract';
import type { WaitingChargesResponse } from '@fa-clube/contract';
import { requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import { teamMemberIds } from '../../read-models/team-members';
import type { AppContext } from '../../lib/context';
import { renderEmail } from '../../lib/mailer';
import { publishLiveEvent } from '../chat/chat.service';
import { deliverSoon, enqueueMail } from '../mail/mail.service';
import { listWaitingCharges } from './payments.queries';
import { findWorkspaceOwnerContact } from '../../read-models/team-members';
import { claimDigest, countWaitingCharges, listDigestsDue } from './waiting.repo';

/**
 * Pix waiting for the owner's confirmation (issue 34; docs/decisions/079): a workspace without
 * a PSP confirms each Pix by hand, so its owner and members are told that one waits — a count
 * (`GET /charges/{ws}/waiting`, shown on 'Assinantes', the phone's menu button and the first
 * screen), a live event when it changes, and an e-mail digest to the owner.
 */

/** At most one digest per workspace in this time. */
export const WAITING_DIGEST_GAP_MS = 60 * 60_000;
/** Workspaces per sweep. */
const DIGEST_BATCH = 100;
/** Charges listed by name in a digest (the rest are counted). */
const DIGEST_LINES = 5;

/** GET /charges/{ws}/waiting: owner and members. */
/** What a one-off charge is for, in the digest's line (issue 32). */
const ONE_OFF_LABELS: Record<string, string> = {
  post: 'publicação avulsa',
  message: 'mensagem paga',
  tip: 'gorjeta',
  subscription: 'assinatura',
};

export async function getWaitingCharges(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
): Promise<WaitingChargesResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  return {
    count: await countWaitingCharges(ctx.db, workspaceId, ctx.clock.now(), CHARGES_WAITING_MAX),
  };
}

/**
 * Tells the workspace's team, on the live event stream, that its waiting Pix changed (a charge
 * opened, one was confirmed). After the change committed; a failure is only logged (the
 * clients also refetch the count from time to time).
 */
export async function publishWaitingChanged(ctx: AppContext, workspaceId: string): Promise<void> {
  try {
    const recipients = await teamMemberIds(ctx.db, workspaceId);
    await publishLiveEvent(ctx, { recipients, charges: { workspace_id: workspaceId } });
  } catch (err) {
    ctx.logger.warn({ err, workspaceId }, 'falha ao avisar a equipe de um Pix aguardando');
  }
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/**
 * The digests of this sweep: to the owner of each workspace where a Pix opened since the last
 * digest still waits, when that digest is at least an hour old. The slot is taken in the
 * transaction that writes the e-mail to the outbox, so two sweeps never send two. Answers how
 * many were queued.
 */
export async function sendWaitingDigests(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await listDigestsDue(ctx.db, now, WAITING_DIGEST_GAP_MS, DIGEST_BATCH);
  let queued = 0;
  for (const workspaceId of due) {
    const owner = await findWorkspaceOwnerContact(ctx.db, workspaceId);
    const total = await countWaitingCharges(ctx.db, workspaceId, now, CHARGES_WAITING_MAX);
    if (!owner || total === 0) continue;
    const lines = await listWaitingCharges(ctx.db, workspaceId, now, DIGEST_LINES);
    const more = total - lines.length;
    const mail = renderEmail({
      kind: 'pix-waiting-digest',
      to: owner.email,
      subject: `${total} ${plural(total, 'Pix aguarda', 'Pix aguardam')} a sua confirmação`,
      title: `${plural(total, 'Um Pix espera', `${total} Pix esperam`)} por você`,
      paragraphs: [
        `Olá, ${owner.fullName}!`,
        `${plural(total, 'Um fã gerou', 'Fãs geraram')} Pix para ${owner.label} (@${owner.username}). Confira no extrato do seu banco se o dinheiro chegou e confirme em Assinantes › Pagamentos pendentes: a assinatura começa assim que você confirmar.`,
        ...lines.map(
          ({ charge, label, username }) =>
            `• ${label} (@${username}) — ${formatCents(charge.valueCents)}, ${charge.planType ? `plano ${PLAN_TYPE_LABELS[charge.planType]}` : ONE_OFF_LABELS[charge.kind]}`,
        ),
        ...(more > 0 ? [`• e mais ${more} ${plural(more, 'pagamento', 'pagamentos')}`] : []),
        'Se um Pix não chegou, não confirme: o código expira sozinho e o fã pode gerar outro.',
      ],
      action: {
        label: 'Conferir pagamentos',
        url: `${ctx.config.appUrl}/subscribers?aba=pendentes`,
      },
      footer: 'Você recebe no máximo um aviso destes por hora, só quando há Pix esperando.',
    });
    const id = await ctx.db.transaction(async (tx) =>
      (await claimDigest(tx, workspaceId, now, WAITING_DIGEST_GAP_MS))
        ? enqueueMail(ctx, tx, mail)
        : null,
    );
    if (!id) continue;
    deliverSoon(ctx, [id]);
    queued++;
  }
  return queued;
}
