import nodemailer from 'nodemailer';
import type { SendMailOptions, Transporter } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  /** What the message is (password-reset, invitation, ...): logged when not sent. */
  kind?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Display name of From (creators' campaigns); the address stays MAIL_FROM's.
   * Sanitised and marked "via <platform>" when sent (safeDisplayName).
   */
  fromName?: string;
  replyTo?: string;
  /** RFC 2369 List-* headers: `{ unsubscribe: [url, mailto] }` -> `List-Unsubscribe: <url>, <mailto>`. */
  list?: SendMailOptions['list'];
  /** Extra headers, e.g. `List-Unsubscribe-Post` (RFC 8058). */
  headers?: Record<string, string>;
  /** Message-ID, the same on every try of one outbox message (modules/mail). */
  messageId?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer when SMTP_URL is set. Without it nothing is sent and
 * the log says only which kind of message to whom: never its text, which holds
 * reset and invitation links (docs/security.md).
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  logger: FastifyBaseLogger;
}): Mailer {
  if (!opts.smtpUrl) {
    return {
      async send(mail) {
        opts.logger.warn(
          { mail: { kind: mail.kind ?? 'e-mail', to: mail.to } },
          'e-mail não enviado (SMTP_URL não configurado)',
        );
      },
      close() {},
    };
  }
  // bounded waits: a server that stops answering mid-conversation fails the send within a
  // minute (nodemailer's default socket timeout is 10 min), so the outbox (modules/mail)
  // retries it long before its claim's lease runs out
  const transport: Transporter = nodemailer.createTransport({
    url: opts.smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  const platform = addressparser(opts.from, { flatten: true })[0];
  const fromAddress = platform?.address ?? opts.from;
  const platformName = platform?.name || 'Fã Clube';
  return {
    async send({ kind: _kind, fromName, ...mail }) {
      const from =
        fromName !== undefined
          ? { name: safeDisplayName(fromName, platformName), address: fromAddress }
          : opts.from;
      await transport.sendMail({ ...mail, from });
    },
    close() {
      transport.close();
    },
  };
}

const DISPLAY_NAME_MAX = 60;

/**
 * A From display name that cannot pose as someone else: Unicode folded (NFKC:
 * no look-alike full-width letters), control and format characters (line
 * breaks, bidirectional overrides, zero-width marks) and double quotes and
 * angle brackets removed, e-mail addresses, web links and domain names
 * removed, spaces collapsed, at most 60 characters; then " via <platform>", so
 * the inbox always shows whose mail it is. Nothing left: the platform's name.
 */
export function safeDisplayName(name: string, platform: string): string {
  // names are short (the settings allow 60): a longer one is cut first, so that no step costs more
  const clean = name
    .slice(0, 5 * DISPLAY_NAME_MAX)
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/["“”„«»<>‹›`\\]/g, ' ')
    .replace(/[^\s@]*@[^\s@]*/g, ' ')
    .replace(/\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S*/giu, ' ')
    .replace(/[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*\.\p{L}{2,}\b/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, DISPLAY_NAME_MAX)
    .trim();
  return clean ? `${clean} via ${platform}` : platform;
}

/** Text for HTML content and quoted attribute values. */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * One layout for every e-mail: a title, paragraphs, an optional button, and a
 * footer; rendered as HTML and as plain text.
 */
export function renderEmail(input: {
  kind?: string;
  to: string;
  subject: string;
  title: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}): Mail {
  const footer = input.footer ?? 'Você recebeu este e-mail porque tem uma conta no Fã Clube.';
  const textParts = [input.title, '', ...input.paragraphs.flatMap((p) => [p, ''])];
  if (input.action) textParts.push(`${input.action.label}: ${input.action.url}`, '');
  textParts.push('—', footer);
  const button = input.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(input.action.url)}" style="background:#7c3aed;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(input.action.label)}</a></p>
<p style="font-size:12px;color:#6b7280">Se o botão não funcionar, copie e cole este endereço no navegador:<br><a href="${escapeHtml(input.action.url)}" style="color:#7c3aed;word-break:break-all">${escapeHtml(input.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;background:#f4f4f5;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0"><tr><td>
<p style="font-size:20px;font-weight:700;margin:0 0 24px">Fã <span style="color:#7c3aed">Clube</span></p>
<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(input.title)}</h1>
${input.paragraphs.map((p) => `<p style="font-size:15px;line-height:1.6;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${button}
<p style="font-size:12px;color:#6b7280;margin-top:32px">${escapeHtml(footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return {
    kind: input.kind,
    to: input.to,
    subject: input.subject,
    text: textParts.join('\n'),
    html,
  };
}
