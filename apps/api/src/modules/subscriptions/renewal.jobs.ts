import { addDays } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { startPeriodic } from '../../lib/periodic';
import type { Periodic } from '../../lib/periodic';
import { renderEmail } from '../../lib/mailer';
import { formatBRL } from '../../lib/money';
import { findWorkspace } from '../workspaces/workspaces.service';
import { openCharge } from './charges.service';
import { PLAN_LABELS } from './dto';
import {
  claimReminder,
  expireEndedSubscriptions,
  expireOverdueCharges,
  findPlan,
  findSubscriptionsDueForReminder,
  releaseReminder,
} from './subscriptions.repo';

const REMINDER_BATCH = 200;

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * E-mails each subscriber whose period ends within SUBSCRIPTION_REMINDER_DAYS a
 * renewal reminder with a fresh charge (its BR Code in the message) and a link
 * to the creator's profile. A period is claimed before sending (conditional
 * UPDATE of renewal_reminder_for), so it gets exactly one reminder however often
 * or concurrently this runs; a failed send gives the claim back for the next run.
 */
export async function sendRenewalReminders(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const until = addDays(now, ctx.config.subscriptions.reminderDays);
  let sent = 0;
  const due = await findSubscriptionsDueForReminder(ctx.db, now, until, REMINDER_BATCH);
  for (const { subscription: sub, email, fullName } of due) {
    const ws = await findWorkspace(ctx, sub.workspaceId);
    const plan = ws ? await findPlan(ctx.db, ws.id, sub.planType) : null;
    if (!ws || !plan) {
      ctx.logger.info(
        { subscriptionId: sub.id },
        'lembrete de renovação sem plano disponível; nada enviado',
      );
      continue;
    }
    if (!(await claimReminder(ctx.db, sub.id, sub.currentPeriodEnd))) continue;
    try {
      const charge = await openCharge(ctx, sub.subscriberId, ws, plan, { replaceOpen: true });
      const profileUrl = `${ctx.config.appUrl}/profile/${encodeURIComponent(ws.username)}`;
      await ctx.mailer.send(
        renderEmail({
          to: email,
          subject: `Sua assinatura de ${ws.label} vence em ${dateFormat.format(sub.currentPeriodEnd)}`,
          title: 'Renove sua assinatura',
          paragraphs: [
            `Olá, ${fullName}!`,
            `Sua assinatura ${PLAN_LABELS[sub.planType]} de ${ws.label} (@${ws.username}) vale até ${dateFormat.format(sub.currentPeriodEnd)}. Para continuar com acesso ao conteúdo, pague ${formatBRL(charge.valueCents)} com o Pix copia e cola abaixo, no app do seu banco:`,
            charge.paymentSpecs,
            `Este código vale até ${dateTimeFormat.format(charge.expiresAt)}. Depois disso, gere um novo no perfil do criador. O novo período começa quando o atual terminar.`,
          ],
          action: { label: 'Renovar assinatura', url: profileUrl },
        }),
      );
      sent++;
    } catch (err) {
      await releaseReminder(ctx.db, sub.id, sub.currentPeriodEnd);
      ctx.logger.error({ err, subscriptionId: sub.id }, 'falha ao enviar lembrete de renovação');
    }
  }
  return sent;
}

export interface SubscriptionJobsResult {
  expiredSubscriptions: number;
  expiredCharges: number;
  remindersSent: number;
}

/**
 * The subscription sweep: ended subscriptions -> expired, overdue pending
 * charges -> expired, renewal reminders. A plain function: tests call it
 * directly; server.ts runs it on a timer (startSubscriptionJobs).
 */
export async function runSubscriptionJobs(ctx: AppContext): Promise<SubscriptionJobsResult> {
  const now = ctx.clock.now();
  const expiredSubscriptions = await expireEndedSubscriptions(ctx.db, now);
  const expiredCharges = await expireOverdueCharges(ctx.db, now);
  const remindersSent = await sendRenewalReminders(ctx);
  return { expiredSubscriptions, expiredCharges, remindersSent };
}

/**
 * Runs the sweep at start and then every SUBSCRIPTION_JOBS_INTERVAL_SECONDS.
 * Nothing is queued in memory: every run reads what is due from the database,
 * so a restart loses nothing and several servers may run it side by side
 * (docs/decisions: renewal scheduling).
 */
export function startSubscriptionJobs(ctx: AppContext): Periodic {
  return startPeriodic(
    'rotina de assinaturas',
    ctx.config.subscriptions.jobsIntervalSeconds * 1000,
    () => runSubscriptionJobs(ctx),
    ctx.logger,
  );
}
