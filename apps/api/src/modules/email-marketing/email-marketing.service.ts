/**
 * The e-mail marketing app: campaigns to addresses and subscriber segments,
 * sent through the job queue one message per job (rate-limited per workspace,
 * retried with back-off), and the unsubscribe link's two calls.
 *
 *   sendCampaign      POST /apps/email-marketing/{ws}/send-email (owner)    -> 202 { id, queued }
 *   getCampaigns      GET  .../campaigns (owner and members)
 *   getCampaign       GET  .../campaigns/{id}
 *   unsubscribeInfo   GET  /unsubscribe?token=  (public, changes nothing)
 *   unsubscribe       POST /unsubscribe?token=  (public; also the RFC 8058 one-click target)
 *
 * Exactly once: each recipient is a row of email_messages created with the
 * campaign, and its job (idempotency key = the row's id) sends only while the
 * row is `queued`, then marks it `sent` in the same step that completes the
 * job. A restart gives unfinished jobs back to the queue; a sweep sends again
 * the job of any row still queued with no job (crash between commit and send).
 */
import { APPS_PAGING, CONTACT_SEGMENTS, isContactSegment, pageOffset } from '@fa-clube/contract';
import type {
  ContactSegment,
  EmailCampaign,
  EmailCampaignsResponse,
  PlanType,
  SendEmailInput,
  SendEmailResponse,
  UnsubscribeInfo,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { queueName } from '../../lib/queue';
import type { Job, QueueDefinition } from '../../lib/queue';
import { requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import { activeSubscriberContacts } from '../../read-models/campaign-audience';
import { findWorkspace } from '../workspaces/workspaces.service';
import { readInstalledAppSettings } from '../apps/apps.service';
import { sendCampaignEmail } from './campaign-mail';
import { prepareTemplate } from './campaign-template';
import {
  campaignCounts,
  findCampaign,
  findMessage,
  finishMessage,
  insertCampaign,
  insertMessages,
  isSuppressed,
  listCampaigns,
  queuedMessageIds,
  recordAttempt,
  refreshCampaignStatus,
  suppress,
  suppressedAmong,
} from './email-marketing.repo';
import type { CampaignCounts, CampaignRow } from './email-marketing.repo';
import { verifyUnsubscribeToken } from './unsubscribe-token';

const APP = 'email-marketing' as const;

export interface SendJob {
  messageId: string;
  workspaceId: string;
}
export const SEND_QUEUE = queueName<SendJob>('email-marketing.send');
/** Retries after the first attempt when the SMTP server fails (back-off 30 s, 60 s, 2 min, ...). */
export const SEND_RETRY_LIMIT = 5;
export const SEND_RETRY_DELAY_SECONDS = 30;

const SEGMENT_PLANS: Record<ContactSegment, readonly PlanType[] | null> = {
  subscribers: null,
  'subscribers:monthly': ['monthly'],
  'subscribers:quarterly': ['quarterly'],
  'subscribers:yearly': ['yearly'],
};

async function requireInstalled(ctx: AppContext, workspaceId: string) {
  const app = await readInstalledAppSettings(ctx.db, workspaceId, APP);
  if (!app.installed) throw new AppError('APP_NOT_INSTALLED');
  return app.settings;
}

function toCampaign(row: CampaignRow, counts: CampaignCounts | undefined): EmailCampaign {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status,
    queued: counts?.queued ?? 0,
    sent: counts?.sent ?? 0,
    failed: counts?.failed ?? 0,
    unsubscribed: counts?.unsubscribed ?? 0,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** Addresses as given and the segments' subscribers, once each, without the unsubscribed. */
async function resolveRecipients(ctx: AppContext, workspaceId: string, contacts: string[]) {
  const byEmail = new Map<string, string | null>();
  const segments = contacts.filter(isContactSegment);
  const now = ctx.clock.now();
  for (const segment of CONTACT_SEGMENTS) {
    if (!segments.includes(segment)) continue;
    for (const member of await activeSubscriberContacts(
      ctx.db,
      workspaceId,
      SEGMENT_PLANS[segment],
      now,
    ))
      byEmail.set(member.email, member.name);
  }
  for (const contact of contacts)
    if (!isContactSegment(contact) && !byEmail.has(contact)) byEmail.set(contact, null);
  const suppressed = await suppressedAmong(ctx.db, workspaceId, [...byEmail.keys()]);
  return [...byEmail]
    .filter(([email]) => !suppressed.has(email))
    .map(([email, name]) => ({ email, name }));
}

/** Puts the messages' jobs on the queue; the key makes a second send a no-op. */
async function enqueue(ctx: AppContext, workspaceId: string, messageIds: readonly string[]) {
  for (const messageId of messageIds)
    await ctx.queue.send(SEND_QUEUE, { messageId, workspaceId }, { key: messageId });
}

export async function sendCampaign(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  body: SendEmailInput,
): Promise<SendEmailResponse> {
  const { actor: owner } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  await requireInstalled(ctx, workspaceId);
  if (!ctx.config.mail.smtpUrl) throw new AppError('EMAIL_NOT_CONFIGURED');
  const recipients = await resolveRecipients(ctx, workspaceId, body.contacts);
  if (recipients.length === 0) throw new AppError('NO_RECIPIENTS');
  const template = prepareTemplate(body.template);
  const { campaign, messages } = await ctx.db.transaction(async (tx) => {
    const campaign = await insertCampaign(tx, {
      workspaceId,
      createdBy: owner.userId,
      subject: body.subject,
      template: template.html,
      contacts: body.contacts,
    });
    const messages = await insertMessages(tx, campaign.id, workspaceId, recipients);
    return { campaign, messages };
  });
  // after the commit (never inside the transaction); the sweep covers a crash in between
  await enqueue(
    ctx,
    workspaceId,
    messages.map((m) => m.id),
  );
  return { id: campaign.id, queued: messages.length };
}

export async function getCampaigns(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  page: number,
  size: number,
): Promise<EmailCampaignsResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  await requireInstalled(ctx, workspaceId);
  const { rows, total } = await listCampaigns(
    ctx.db,
    workspaceId,
    size,
    pageOffset(APPS_PAGING, page, size),
  );
  const counts = await campaignCounts(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    campaigns: rows.map((r) => toCampaign(r, counts.get(r.id))),
    page,
    size,
    total,
  };
}

export async function getCampaign(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  id: string,
): Promise<EmailCampaign> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  await requireInstalled(ctx, workspaceId);
  const row = await findCampaign(ctx.db, workspaceId, id);
  if (!row) throw new AppError('CAMPAIGN_NOT_FOUND');
  return toCampaign(row, (await campaignCounts(ctx.db, [id])).get(id));
}

// ---- unsubscribe (public: the token is the credential) ----

/** "an***@example.com": enough to recognise one's address, not to read it off a shared link. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const shown = local.slice(0, Math.min(2, Math.max(1, local.length - 1)));
  return `${shown}***${email.slice(at)}`;
}

async function readToken(ctx: AppContext, token: string) {
  const claim = verifyUnsubscribeToken(ctx.keys.unsubscribe, token);
  if (!claim) throw new AppError('UNSUBSCRIBE_TOKEN_INVALID');
  const workspace = await findWorkspace(ctx, claim.workspaceId);
  if (!workspace) throw new AppError('UNSUBSCRIBE_TOKEN_INVALID');
  return { claim, workspace };
}

export async function unsubscribeInfo(ctx: AppContext, token: string): Promise<UnsubscribeInfo> {
  const { claim, workspace } = await readToken(ctx, token);
  return {
    workspace: { label: workspace.label, username: workspace.username },
    email: maskEmail(claim.email),
    unsubscribed: await isSuppressed(ctx.db, claim.workspaceId, claim.email),
  };
}

export async function unsubscribe(ctx: AppContext, token: string): Promise<UnsubscribeInfo> {
  const { claim, workspace } = await readToken(ctx, token);
  // the campaign may have been deleted with nothing else: count it only while it exists
  const campaignId =
    claim.campaignId && (await findCampaign(ctx.db, claim.workspaceId, claim.campaignId))
      ? claim.campaignId
      : null;
  await suppress(ctx.db, claim.workspaceId, claim.email, campaignId);
  return {
    workspace: { label: workspace.label, username: workspace.username },
    email: maskEmail(claim.email),
    unsubscribed: true,
  };
}

// ---- the queue ----

const failureText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** One message: sent only while its row is queued and the address has not unsubscribed. */
export async function sendMessage(ctx: AppContext, job: Job<SendJob>): Promise<void> {
  const found = await findMessage(ctx.db, job.data.messageId);
  if (!found || found.message.status !== 'queued') return;
  const { message, campaign } = found;
  const now = () => ctx.clock.now();
  if (await isSuppressed(ctx.db, message.workspaceId, message.email)) {
    await finishMessage(ctx.db, message.id, 'suppressed', now());
    await refreshCampaignStatus(ctx.db, campaign.id, now());
    return;
  }
  const workspace = await findWorkspace(ctx, message.workspaceId);
  if (!workspace) {
    await finishMessage(ctx.db, message.id, 'failed', now(), 'workspace removido');
    await refreshCampaignStatus(ctx.db, campaign.id, now());
    return;
  }
  const { settings } = await readInstalledAppSettings(ctx.db, message.workspaceId, APP);
  try {
    await sendCampaignEmail(
      ctx.mailer,
      { appUrl: ctx.config.appUrl.replace(/\/$/, ''), unsubscribeKey: ctx.keys.unsubscribe },
      {
        workspace: { id: workspace.id, label: workspace.label },
        campaignId: campaign.id,
        recipient: { email: message.email, name: message.name },
        subject: campaign.subject,
        template: prepareTemplate(campaign.template),
        senderName: settings.sender_name,
        replyTo: settings.reply_to,
      },
    );
  } catch (error) {
    const text = failureText(error);
    await recordAttempt(ctx.db, message.id, text);
    if (job.retryCount >= job.retryLimit) {
      await finishMessage(ctx.db, message.id, 'failed', now(), text);
      await refreshCampaignStatus(ctx.db, campaign.id, now());
      return;
    }
    throw error;
  }
  await recordAttempt(ctx.db, message.id, null);
  await finishMessage(ctx.db, message.id, 'sent', now());
  await refreshCampaignStatus(ctx.db, campaign.id, now());
}

export function sendQueue(ctx: AppContext): QueueDefinition<SendJob> {
  return {
    name: SEND_QUEUE,
    handler: (job) => sendMessage(ctx, job),
    concurrency: 2,
    retryLimit: SEND_RETRY_LIMIT,
    retryDelaySeconds: SEND_RETRY_DELAY_SECONDS,
    expireInSeconds: 120,
    async rateLimit(data) {
      const { settings } = await readInstalledAppSettings(ctx.db, data.workspaceId, APP);
      return { key: data.workspaceId, limit: settings.rate_per_minute, windowSeconds: 60 };
    },
  };
}

/** Sends again the job of every message still queued after a minute (idempotent by key). */
export async function sweepQueuedMessages(ctx: AppContext, signal: AbortSignal) {
  const olderThan = new Date(ctx.clock.now().getTime() - 60_000);
  let sent = 0;
  for (const row of await queuedMessageIds(ctx.db, olderThan, 1000)) {
    if (signal.aborted) break;
    const result = await ctx.queue.send(
      SEND_QUEUE,
      { messageId: row.id, workspaceId: row.workspaceId },
      { key: row.id },
    );
    if (result.created) sent += 1;
  }
  return { resent: sent };
}
