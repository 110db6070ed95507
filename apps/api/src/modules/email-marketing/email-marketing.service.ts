/**
 * The e-mail marketing app: campaigns to the workspace's audience (its active
 * subscribers and the contacts it imported with their consent), sent through
 * the job queue one message per job (rate-limited per workspace, retried with
 * back-off, within daily quotas), and the unsubscribe link's two calls
 * (docs/decisions/042-campaign-audience-and-quotas.md).
 *
 *   sendCampaign      POST /apps/email-marketing/{ws}/send-email (owner)    -> 202 { id, queued }
 *   getCampaigns      GET  .../campaigns (owner and members)
 *   getCampaign       GET  .../campaigns/{id}
 *   importContacts    PUT  .../contacts (owner)
 *   getContacts       GET  .../contacts (owner and members)
 *   removeContact     DELETE .../contacts/{id} (owner)
 *   unsubscribeInfo   GET  /unsubscribe?token=  (public, changes nothing)
 *   unsubscribe       POST /unsubscribe?token=[&scope=all]  (public; also the RFC 8058 one-click target)
 *
 * Exactly once: each recipient is a row of email_messages created with the
 * campaign, and its job (idempotency key = the row's id) sends only while the
 * row is `queued`, then marks it `sent` in the same step that completes the
 * job. A restart gives unfinished jobs back to the queue; a sweep sends again
 * the job of any row still queued with no job (crash between commit and send).
 */
import {
  APPS_PAGING,
  BUSINESS_TIME_ZONE,
  CONTACT_CONFIRMATIONS_PER_DAY,
  CONTACT_CONFIRM_PAGE,
  CONTACTS_PER_WORKSPACE_MAX,
  CONTACT_SEGMENTS,
  isContactSegment,
  pageOffset,
  todayIn,
} from '@fa-clube/contract';
import type {
  ContactConfirmation,
  ContactImportInput,
  ContactImportResponse,
  ContactSegment,
  EmailCampaign,
  EmailCampaignsResponse,
  EmailContactsResponse,
  OptInMethod,
  PlanType,
  SendEmailInput,
  SendEmailResponse,
  UnsubscribeInfo,
} from '@fa-clube/contract';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, validationError } from '../../lib/errors';
import { renderEmail } from '../../lib/mailer';
import { deliverSoon, enqueueMail } from '../mail/mail.service';
import { queueName } from '../../lib/queue';
import type { Job, QueueDefinition } from '../../lib/queue';
import { requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import { activeSubscriberContacts, activeSubscribersAmong } from './campaign-audience.queries';
import { findUserContact } from '../../read-models/team-members';
import { findWorkspace } from '../workspaces/workspaces.service';
import { readInstalledAppSettings } from '../apps/apps.service';
import { sendCampaignEmail } from './campaign-mail';
import { prepareTemplate } from './campaign-template';
import {
  allContacts,
  campaignCounts,
  confirmContactRow,
  contactConfirmed,
  contactsAmong,
  contactsToAsk,
  markConfirmationSent,
  countContacts,
  countContactsLocked,
  dailySends,
  deleteContactRow,
  deleteMessagesTo,
  findCampaign,
  findMessage,
  finishMessage,
  forgetDailySendsBefore,
  insertCampaign,
  insertMessages,
  isSuppressed,
  listCampaigns,
  listContacts,
  platformSuppressedAmong,
  queuedMessageIds,
  recordAttempt,
  refreshCampaignStatus,
  suppress,
  suppressEverywhere,
  suppressedAmong,
  takeDailySends,
  upsertContacts,
} from './email-marketing.repo';
import type { CampaignCounts, CampaignRow } from './email-marketing.repo';
import {
  signContactConfirmToken,
  verifyContactConfirmToken,
  verifyUnsubscribeToken,
} from './unsubscribe-token';

const APP = 'email-marketing' as const;

export interface SendJob {
  messageId: string;
  workspaceId: string;
}
export const SEND_QUEUE = queueName<SendJob>('email-marketing.send');
/** Retries after the first attempt when the SMTP server fails (back-off 30 s, 60 s, 2 min, ...). */
export const SEND_RETRY_LIMIT = 5;
export const SEND_RETRY_DELAY_SECONDS = 30;

/** The subscriber segments' plan types (null: every plan). */
const SEGMENT_PLANS: Record<Exclude<ContactSegment, 'contacts'>, readonly PlanType[] | null> = {
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

const count = (n: number) => n.toLocaleString('pt-BR');
const dateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: BUSINESS_TIME_ZONE,
});

/**
 * Who may send campaigns: an account whose address is confirmed and that is
 * older than EMAIL_MARKETING_MIN_ACCOUNT_AGE_HOURS, so a fresh sign-up cannot
 * use the platform's mail for a burst and be gone.
 */
async function requireSenderStanding(ctx: AppContext, userId: string) {
  const sender = await findUserContact(ctx.db, userId);
  if (!sender) throw new AppError('UNAUTHORIZED');
  if (!sender.emailConfirmedAt) throw new AppError('SENDER_EMAIL_UNCONFIRMED');
  const { minAccountAgeHours } = ctx.config.emailMarketing;
  const readyAt = new Date(sender.createdAt.getTime() + minAccountAgeHours * 3_600_000);
  if (ctx.clock.now() < readyAt)
    throw new AppError(
      'SENDER_ACCOUNT_TOO_NEW',
      `Contas novas enviam campanhas ${minAccountAgeHours} horas depois de criadas: a sua pode enviar a partir de ${dateTime.format(readyAt)}.`,
    );
  return sender;
}

type Recipients = Map<string, string | null>;

/** The segments' people: active subscribers by plan type, and the imported contacts. */
async function segmentMembers(ctx: AppContext, workspaceId: string, segments: ContactSegment[]) {
  const found: Recipients = new Map();
  for (const segment of CONTACT_SEGMENTS) {
    if (!segments.includes(segment)) continue;
    const members =
      segment === 'contacts'
        ? await allContacts(ctx.db, workspaceId)
        : await activeSubscriberContacts(
            ctx.db,
            workspaceId,
            SEGMENT_PLANS[segment],
            ctx.clock.now(),
          );
    for (const m of members) if (!found.has(m.email)) found.set(m.email, m.name);
  }
  return found;
}

/**
 * Addresses named one by one must be of the workspace's audience: an imported
 * contact, an active subscriber, or the sender's own (a test to oneself).
 * Otherwise 400 CONTACTS_NOT_IN_AUDIENCE, naming them.
 */
async function audienceAddresses(
  ctx: AppContext,
  workspaceId: string,
  contacts: readonly string[],
  senderEmail: string,
) {
  const addresses = contacts.filter((c) => !isContactSegment(c));
  const known: Recipients = new Map([[senderEmail.toLowerCase(), null]]);
  // an imported contact counts once it confirmed (double opt-in)
  for (const c of await contactsAmong(ctx.db, workspaceId, addresses, { confirmedOnly: true }))
    known.set(c.email, c.name);
  for (const s of await activeSubscribersAmong(ctx.db, workspaceId, addresses, ctx.clock.now()))
    known.set(s.email, s.name);
  const outside = contacts
    .map((contact, index) => ({ contact, index }))
    .filter(({ contact }) => !isContactSegment(contact) && !known.has(contact));
  if (outside.length > 0)
    throw new AppError(
      'CONTACTS_NOT_IN_AUDIENCE',
      `${outside.length === 1 ? `${outside[0]!.contact} não é` : `${count(outside.length)} endereços não são`} do seu público: campanhas vão só a assinantes ativos e a contatos importados com consentimento. Importe-os antes de enviar.`,
      {
        errors: outside.slice(0, 20).map(({ contact, index }) => ({
          field: `contacts.${index}`,
          message: `${contact} não é assinante nem contato importado.`,
        })),
      },
    );
  return new Map(addresses.map((a) => [a, known.get(a) ?? null]));
}

/** The segments' members and the addresses named, once each, without the suppressed. */
async function resolveRecipients(
  ctx: AppContext,
  workspaceId: string,
  contacts: string[],
  senderEmail: string,
) {
  const byEmail = await segmentMembers(ctx, workspaceId, contacts.filter(isContactSegment));
  for (const [email, name] of await audienceAddresses(ctx, workspaceId, contacts, senderEmail))
    if (!byEmail.has(email)) byEmail.set(email, name);
  const suppressed = await suppressedAmong(ctx.db, workspaceId, [...byEmail.keys()]);
  return [...byEmail]
    .filter(([email]) => !suppressed.has(email))
    .map(([email, name]) => ({ email, name }));
}

/** Seconds until the next calendar day in São Paulo (when the daily quotas start again). */
function secondsUntilTomorrow(now: Date): number {
  const today = todayIn(BUSINESS_TIME_ZONE, now);
  let at = now.getTime();
  for (const step of [3_600_000, 60_000, 1000])
    while (todayIn(BUSINESS_TIME_ZONE, new Date(at + step)) === today) at += step;
  return Math.max(1, Math.ceil((at + 1000 - now.getTime()) / 1000));
}

/**
 * Inside the transaction that queues the campaign: takes its messages from
 * today's quota of the workspace (EMAIL_MARKETING_DAILY_WORKSPACE), of the
 * account that sends it over all its workspaces (EMAIL_MARKETING_DAILY_ACCOUNT, never more than
 * EMAIL_MARKETING_ACCOUNT_SHARE_PERCENT of the platform's) and of the
 * platform (EMAIL_MARKETING_DAILY_PLATFORM), or refuses the whole campaign with
 * 429 EMAIL_DAILY_LIMIT_REACHED (Retry-After: the next day).
 */
async function takeDailyQuota(
  ctx: AppContext,
  tx: DbOrTx,
  workspaceId: string,
  accountId: string,
  n: number,
) {
  const now = ctx.clock.now();
  const day = todayIn(BUSINESS_TIME_ZONE, now);
  const { dailyPerWorkspace, dailyPerAccount, dailyPlatform } = ctx.config.emailMarketing;
  const retryAfter = secondsUntilTomorrow(now);
  if (!(await takeDailySends(tx, day, workspaceId, n, dailyPerWorkspace))) {
    const left = Math.max(0, dailyPerWorkspace - (await dailySends(tx, day, workspaceId)));
    throw new AppError(
      'EMAIL_DAILY_LIMIT_REACHED',
      `Cada espaço de trabalho envia até ${count(dailyPerWorkspace)} e-mails de campanha por dia. Hoje ${left === 1 ? 'resta 1' : `restam ${count(left)}`}, e esta campanha tem ${count(n)} ${n === 1 ? 'destinatário' : 'destinatários'}. Envie amanhã ou escolha menos destinatários.`,
      { retryAfter },
    );
  }
  // one account cannot spread a flood over many workspaces, nor take the platform's day alone
  if (!(await takeDailySends(tx, day, `account:${accountId}`, n, dailyPerAccount))) {
    const left = Math.max(0, dailyPerAccount - (await dailySends(tx, day, `account:${accountId}`)));
    throw new AppError(
      'EMAIL_DAILY_LIMIT_REACHED',
      `Cada conta envia até ${count(dailyPerAccount)} e-mails de campanha por dia, somando todos os seus espaços de trabalho. Hoje ${left === 1 ? 'resta 1' : `restam ${count(left)}`}, e esta campanha tem ${count(n)} ${n === 1 ? 'destinatário' : 'destinatários'}. Envie amanhã ou escolha menos destinatários.`,
      { retryAfter },
    );
  }
  if (!(await takeDailySends(tx, day, 'platform', n, dailyPlatform)))
    throw new AppError(
      'EMAIL_DAILY_LIMIT_REACHED',
      'O Fã Clube atingiu hoje o limite de e-mails de campanhas de todos os criadores. Tente novamente amanhã.',
      { retryAfter },
    );
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
  const sender = await requireSenderStanding(ctx, owner.userId);
  const recipients = await resolveRecipients(ctx, workspaceId, body.contacts, sender.email);
  if (recipients.length === 0) throw new AppError('NO_RECIPIENTS');
  const template = prepareTemplate(body.template);
  const { campaign, messages } = await ctx.db.transaction(async (tx) => {
    await takeDailyQuota(ctx, tx, workspaceId, owner.userId, recipients.length);
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

// ---- the imported contacts ----

/** Clocks differ a little: a consent "now" from the client may be a few minutes ahead. */
const OPT_IN_CLOCK_SKEW_MS = 10 * 60_000;

/**
 * PUT .../contacts: owner; adds the contacts (or updates them, by address)
 * with how and when each agreed to receive the workspace's e-mails. At most
 * CONTACTS_PER_WORKSPACE_MAX per workspace (409 CONTACT_LIMIT_REACHED). An
 * address that unsubscribed stays unsubscribed: importing it again sends it nothing.
 */
export async function importContacts(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  body: ContactImportInput,
): Promise<ContactImportResponse> {
  const { actor: owner } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  await requireInstalled(ctx, workspaceId);
  const now = ctx.clock.now();
  // the same address twice: the last one
  const byEmail = new Map(body.contacts.map((c, index) => [c.email, { ...c, index }]));
  const late = [...byEmail.values()].find(
    (c) => Date.parse(c.opt_in.at) > now.getTime() + OPT_IN_CLOCK_SKEW_MS,
  );
  if (late)
    throw validationError(
      `contacts.${late.index}.opt_in.at`,
      'A data do consentimento não pode estar no futuro.',
    );
  // read before the transaction: on PGlite's one connection a read outside it would wait for it
  const label = (await findWorkspace(ctx, workspaceId))?.label ?? 'um criador';
  const result = await ctx.db.transaction(async (tx) => {
    const before = await countContactsLocked(tx, workspaceId);
    const known = new Set(
      (await contactsAmong(tx, workspaceId, [...byEmail.keys()])).map((c) => c.email),
    );
    const added = [...byEmail.keys()].filter((e) => !known.has(e)).length;
    if (before + added > CONTACTS_PER_WORKSPACE_MAX)
      throw new AppError(
        'CONTACT_LIMIT_REACHED',
        `Este espaço de trabalho pode guardar até ${count(CONTACTS_PER_WORKSPACE_MAX)} contatos e já tem ${count(before)}: ${added === 1 ? 'o novo não cabe' : `os ${count(added)} novos não cabem`}. Exclua contatos antes de importar outros.`,
      );
    const imported = await upsertContacts(
      tx,
      workspaceId,
      [...byEmail.values()].map((c) => ({
        email: c.email,
        name: c.name,
        optInMethod: c.opt_in.method,
        optInAt: new Date(c.opt_in.at),
      })),
      owner.userId,
      now,
    );
    const mailIds = await askToConfirm(ctx, tx, workspaceId, label, [...byEmail.keys()], now);
    return {
      mailIds,
      answer: {
        imported,
        updated: byEmail.size - imported,
        total: before + imported,
        confirmations_sent: mailIds.length,
      },
    };
  });
  deliverSoon(ctx, result.mailIds);
  return result.answer;
}

/** A contact is asked to confirm at most once a day. */
const CONFIRMATION_RESEND_MS = 24 * 3_600_000;

/**
 * Double opt-in: each unconfirmed, not unsubscribed contact among `emails` not asked in the last
 * day gets an e-mail with a link that confirms it (mail outbox, in the import's transaction).
 * They are unsolicited too: at most CONTACT_CONFIRMATIONS_PER_DAY a day per workspace (429
 * EMAIL_DAILY_LIMIT_REACHED, nothing imported). Answers the outbox ids.
 */
async function askToConfirm(
  ctx: AppContext,
  tx: DbOrTx,
  workspaceId: string,
  label: string,
  emails: string[],
  now: Date,
): Promise<string[]> {
  const candidates = await contactsToAsk(
    tx,
    workspaceId,
    emails,
    new Date(now.getTime() - CONFIRMATION_RESEND_MS),
  );
  const suppressed = await suppressedAmong(
    tx,
    workspaceId,
    candidates.map((c) => c.email),
  );
  const ask = candidates.filter((c) => !suppressed.has(c.email));
  if (ask.length === 0) return [];
  const day = todayIn(BUSINESS_TIME_ZONE, now);
  const max = CONTACT_CONFIRMATIONS_PER_DAY;
  if (!(await takeDailySends(tx, day, `confirm:${workspaceId}`, ask.length, max)))
    throw new AppError(
      'EMAIL_DAILY_LIMIT_REACHED',
      `Cada espaço de trabalho pede confirmação a até ${count(max)} contatos por dia. Importe menos contatos ou tente amanhã.`,
      { retryAfter: secondsUntilTomorrow(now) },
    );
  const ids: string[] = [];
  for (const c of ask) {
    const token = signContactConfirmToken(ctx.keys.unsubscribe, { workspaceId, email: c.email });
    ids.push(
      await enqueueMail(
        ctx,
        tx,
        renderEmail({
          kind: 'contact-confirmation',
          to: c.email,
          subject: `Confirme que quer receber os e-mails de ${label}`,
          title: 'Confirme a sua inscrição',
          paragraphs: [
            c.name ? `Olá, ${c.name}!` : 'Olá!',
            `${label} adicionou este endereço à lista de quem recebe os seus e-mails no Fã Clube. Você só vai recebê-los se confirmar.`,
            'Se você não pediu isso, ignore esta mensagem: sem a confirmação, nada mais será enviado.',
          ],
          action: {
            label: 'Confirmar inscrição',
            url: `${ctx.config.appUrl}${CONTACT_CONFIRM_PAGE}?token=${encodeURIComponent(token)}`,
          },
          footer: 'Você recebeu este e-mail porque um criador do Fã Clube informou este endereço.',
        }),
      ),
    );
  }
  await markConfirmationSent(
    tx,
    workspaceId,
    ask.map((c) => c.email),
    now,
  );
  return ids;
}

/** GET .../contacts: owner and members; by address, with whether each is out of the campaigns. */
export async function getContacts(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  query: { page: number; size: number; q?: string },
): Promise<EmailContactsResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  await requireInstalled(ctx, workspaceId);
  const offset = pageOffset(APPS_PAGING, query.page, query.size);
  const [rows, total] = await Promise.all([
    listContacts(ctx.db, workspaceId, query.q, query.size, offset),
    countContacts(ctx.db, workspaceId, query.q),
  ]);
  const suppressed = await suppressedAmong(
    ctx.db,
    workspaceId,
    rows.map((r) => r.email),
  );
  return {
    contacts: rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      opt_in: { method: r.optInMethod as OptInMethod, at: r.optInAt.toISOString() },
      unsubscribed: suppressed.has(r.email),
      confirmed_at: r.confirmedAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
    })),
    page: query.page,
    size: query.size,
    total,
  };
}

/** DELETE .../contacts/{id}: owner; the address leaves the audience (messages already queued still go). */
export async function removeContact(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  id: string,
): Promise<{ message: string }> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  await requireInstalled(ctx, workspaceId);
  if (!(await deleteContactRow(ctx.db, workspaceId, id))) throw new AppError('CONTACT_NOT_FOUND');
  return { message: 'Contato excluído.' };
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
  const everywhere = (await platformSuppressedAmong(ctx.db, [claim.email])).length > 0;
  return {
    workspace: { label: workspace.label, username: workspace.username },
    email: maskEmail(claim.email),
    unsubscribed: everywhere || (await isSuppressed(ctx.db, claim.workspaceId, claim.email)),
    everywhere,
  };
}

/**
 * POST /unsubscribe: the address leaves the workspace's campaigns; with
 * `scope: 'all'` (the page's "de todos os criadores") every workspace's. The
 * token names the address the campaign went to: holding it proves the inbox.
 */
export async function unsubscribe(
  ctx: AppContext,
  token: string,
  scope: 'workspace' | 'all' = 'workspace',
): Promise<UnsubscribeInfo> {
  const { claim } = await readToken(ctx, token);
  // the campaign may have been deleted with nothing else: count it only while it exists
  const campaignId =
    claim.campaignId && (await findCampaign(ctx.db, claim.workspaceId, claim.campaignId))
      ? claim.campaignId
      : null;
  await suppress(ctx.db, claim.workspaceId, claim.email, campaignId);
  if (scope === 'all')
    await suppressEverywhere(ctx.db, {
      email: claim.email,
      reason: 'unsubscribe',
      workspaceId: claim.workspaceId,
    });
  return unsubscribeInfo(ctx, token);
}

// ---- the double opt-in link (public: the token is the credential) ----

async function readConfirmToken(ctx: AppContext, token: string) {
  const claim = verifyContactConfirmToken(ctx.keys.unsubscribe, token);
  if (!claim) throw new AppError('CONTACT_CONFIRMATION_INVALID');
  const workspace = await findWorkspace(ctx, claim.workspaceId);
  if (!workspace) throw new AppError('CONTACT_CONFIRMATION_INVALID');
  return { claim, workspace };
}

/** GET /contacts/confirm?token=: whose list and whether it is confirmed (changes nothing). */
export async function contactConfirmInfo(
  ctx: AppContext,
  token: string,
): Promise<ContactConfirmation> {
  const { claim, workspace } = await readConfirmToken(ctx, token);
  const confirmed = await contactConfirmed(ctx.db, claim.workspaceId, claim.email);
  if (confirmed === null) throw new AppError('CONTACT_CONFIRMATION_INVALID');
  return {
    workspace: { label: workspace.label, username: workspace.username },
    email: maskEmail(claim.email),
    confirmed,
  };
}

/**
 * POST /contacts/confirm?token=: the person followed the link the import sent to their
 * address, so campaigns may reach it. A deleted contact's link confirms nothing (400).
 */
export async function confirmContact(ctx: AppContext, token: string): Promise<ContactConfirmation> {
  const { claim } = await readConfirmToken(ctx, token);
  if (!(await confirmContactRow(ctx.db, claim.workspaceId, claim.email, ctx.clock.now())))
    throw new AppError('CONTACT_CONFIRMATION_INVALID');
  return contactConfirmInfo(ctx, token);
}

// ---- the queue ----

const failureText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * The recipient's server refused the address for good: a 5xx answer to RCPT
 * TO (nodemailer's EENVELOPE), e.g. 550 "no such user". A retry would be
 * refused the same way, and another workspace's campaign too.
 */
function isHardBounce(error: unknown): boolean {
  const e = error as { code?: unknown; command?: unknown; responseCode?: unknown };
  return (
    e?.code === 'EENVELOPE' &&
    e.command === 'RCPT TO' &&
    typeof e.responseCode === 'number' &&
    e.responseCode >= 500 &&
    e.responseCode < 600
  );
}

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
    if (isHardBounce(error)) {
      // recorded anywhere, the bounce keeps the address out of every workspace's campaigns
      await suppressEverywhere(ctx.db, {
        email: message.email,
        reason: 'bounce',
        workspaceId: message.workspaceId,
        detail: text,
      });
      await finishMessage(ctx.db, message.id, 'failed', now(), text);
      await refreshCampaignStatus(ctx.db, campaign.id, now());
      return;
    }
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

/** The hourly sweep: forgets the daily quota counters of the days before yesterday. */
export async function forgetOldDailyCounts(ctx: AppContext) {
  const yesterday = todayIn(BUSINESS_TIME_ZONE, new Date(ctx.clock.now().getTime() - 86_400_000));
  await forgetDailySendsBefore(ctx.db, yesterday);
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

/**
 * Forgets the campaign messages sent to an address, inside the caller's transaction (account
 * deletion, LGPD). Unsubscriptions and the platform's suppression list keep the address, so it is
 * never written to again; a creator's imported contacts are the creator's own list.
 */
export async function forgetMessagesTo(tx: DbOrTx, email: string): Promise<void> {
  await deleteMessagesTo(tx, email);
}
