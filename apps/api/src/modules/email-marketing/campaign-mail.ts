/**
 * One campaign message to one recipient, through the configured mailer
 * (lib/mailer.ts, nodemailer over SMTP_URL):
 *
 *   unsubscribeLinks(opts, claim)      the one-click API URL and the web page URL
 *   buildCampaignMail(opts, input)     the Mail: From "<sender name>" <MAIL_FROM address>,
 *                                      Reply-To, HTML + text, and the RFC 8058 headers
 *                                      List-Unsubscribe: <https://…/unsubscribe?token=…>[, <mailto:…>]
 *                                      List-Unsubscribe-Post: List-Unsubscribe=One-Click
 *   sendCampaignEmail(opts, input)     builds and sends it
 *
 * Whether the address unsubscribed, and recording what was sent, is the
 * caller's job (the campaign service and its queue handler).
 */
import { API_PREFIX, appsPaths, UNSUBSCRIBE_PAGE } from '@fa-clube/contract';
import type { Mail, Mailer } from '../../lib/mailer';
import { renderCampaignMessage } from './campaign-template';
import type { PreparedTemplate } from './campaign-template';
import { signUnsubscribeToken } from './unsubscribe-token';
import type { UnsubscribeClaim } from './unsubscribe-token';

export interface CampaignMailOptions {
  /** Public origin (APP_URL), without a trailing slash. */
  appUrl: string;
  /** keys.unsubscribe */
  unsubscribeKey: Buffer;
  /**
   * A mailbox that unsubscribes whoever writes to it; offered in
   * List-Unsubscribe only when there is one (RFC 8058 needs just the URL).
   */
  unsubscribeMailto?: string;
}

export interface CampaignMailInput {
  workspace: { id: string; label: string };
  campaignId: string;
  recipient: { email: string; name: string | null };
  subject: string;
  template: PreparedTemplate;
  /** From settings (EmailMarketingSettings); the sender name defaults to the workspace's label. */
  senderName: string | null;
  replyTo: string | null;
}

export interface UnsubscribeLinks {
  /** POST target of the one-click unsubscribe (API). */
  oneClickUrl: string;
  /** What `{{ link_cancelar }}` opens: the web page that confirms it. */
  pageUrl: string;
}

export function unsubscribeLinks(
  opts: CampaignMailOptions,
  claim: UnsubscribeClaim,
): UnsubscribeLinks & { token: string } {
  const token = encodeURIComponent(signUnsubscribeToken(opts.unsubscribeKey, claim));
  return {
    token,
    oneClickUrl: `${opts.appUrl}${API_PREFIX}${appsPaths.emailUnsubscribe}?token=${token}`,
    pageUrl: `${opts.appUrl}${UNSUBSCRIBE_PAGE}?token=${token}`,
  };
}

export function buildCampaignMail(opts: CampaignMailOptions, input: CampaignMailInput): Mail {
  const links = unsubscribeLinks(opts, {
    workspaceId: input.workspace.id,
    email: input.recipient.email,
    campaignId: input.campaignId,
  });
  const { html, text } = renderCampaignMessage(input.template, {
    name: input.recipient.name,
    unsubscribeUrl: links.pageUrl,
    workspaceLabel: input.workspace.label,
    subject: input.subject,
  });
  const unsubscribe = opts.unsubscribeMailto
    ? [links.oneClickUrl, `mailto:${opts.unsubscribeMailto}?subject=unsubscribe-${links.token}`]
    : [links.oneClickUrl];
  return {
    kind: 'email-marketing',
    to: input.recipient.email,
    subject: input.subject,
    html,
    text,
    fromName: input.senderName || input.workspace.label,
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
    // one header with both URIs (a top-level array would make one header per URI)
    list: { unsubscribe: [unsubscribe] },
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export async function sendCampaignEmail(
  mailer: Mailer,
  opts: CampaignMailOptions,
  input: CampaignMailInput,
): Promise<void> {
  await mailer.send(buildCampaignMail(opts, input));
}
