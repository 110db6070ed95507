// The campaign e-mail through the real mailer (nodemailer) to the tests' SMTP
// server, read back as a mail client would (mailparser).
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from '../../lib/mailer';
import type { Mailer } from '../../lib/mailer';
import { startTestSmtp } from '../../../test/support/smtp';
import type { TestSmtp } from '../../../test/support/smtp';
import { buildCampaignMail, sendCampaignEmail } from './campaign-mail';
import type { CampaignMailInput, CampaignMailOptions } from './campaign-mail';
import { NAME_FALLBACK, prepareTemplate, renderCampaignMessage } from './campaign-template';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const key = randomBytes(32);
const opts: CampaignMailOptions = { appUrl: 'https://faclube.test', unsubscribeKey: key };
const workspace = { id: randomUUID(), label: 'Ana & Cia' };
const campaignId = randomUUID();

const TEMPLATE = `
<h1 onclick="steal()">Olá, {{ nome }}!</h1>
<p style="color:#7c3aed;text-align:center;background-image:url(https://evil.test/x)">Novidades <b>fresquinhas</b> e <i>exclusivas</i>.</p>
<script>alert('xss')</script>
<p><a href="https://faclube.test/profile/ana" target="_blank">Ver perfil</a>
   <a href="javascript:alert(1)">clique</a>
   <img src="https://cdn.faclube.test/capa.png" alt="Capa" onerror="alert(1)">
   <img src="data:image/png;base64,AAAA" alt="embutida">
   <iframe src="https://evil.test"></iframe></p>
<p><a href="{{ link_cancelar }}">Cancelar inscrição</a></p>`;

function input(over: Partial<CampaignMailInput> = {}): CampaignMailInput {
  return {
    workspace,
    campaignId,
    recipient: { email: 'fa@example.com', name: 'Bia' },
    subject: 'Novidades de novembro',
    template: prepareTemplate(TEMPLATE),
    senderName: 'Ana (Fã Clube)',
    replyTo: 'ana@example.com',
    ...over,
  };
}

describe('campaign e-mail over SMTP', () => {
  let smtp: TestSmtp;
  let mailer: Mailer;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Fã Clube <nao-responda@faclube.test>',
      logger,
    });
  });
  beforeEach(() => smtp.clear());
  afterAll(async () => {
    mailer.close();
    await smtp.close();
  });

  it('sends HTML and text with the one-click unsubscribe headers', async () => {
    await sendCampaignEmail(mailer, opts, input());
    const mail = await smtp.waitFor('fa@example.com');

    expect(mail.subject).toBe('Novidades de novembro');
    expect(mail.from).toBe('"Ana (Fã Clube) via Fã Clube" <nao-responda@faclube.test>');
    expect(mail.headers['reply-to']).toBe('ana@example.com');

    // RFC 8058
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const header = mail.headers['list-unsubscribe']!;
    expect(header).toMatch(/^<https:\/\/faclube\.test\/api\/v1\/unsubscribe\?token=[^>\s]+>$/);
    const token = decodeURIComponent(new URL(header.slice(1, -1)).searchParams.get('token')!);
    expect(verifyUnsubscribeToken(key, token)).toEqual({
      workspaceId: workspace.id,
      email: 'fa@example.com',
      campaignId,
    });

    // the body's link opens the web page with the same token
    expect(mail.html).toContain(
      `<a href="https://faclube.test/unsubscribe?token=${encodeURIComponent(token)}">Cancelar inscrição</a>`,
    );
    expect(mail.html).toContain('<h1>Olá, Bia!</h1>');
    expect(mail.text).toContain('OLÁ, BIA!');
    expect(mail.text).toContain('Novidades fresquinhas e exclusivas.');
    expect(mail.text).toContain('Ver perfil [https://faclube.test/profile/ana]');
    expect(mail.text).toContain(
      `https://faclube.test/unsubscribe?token=${encodeURIComponent(token)}`,
    );
    expect(mail.text).toContain('Você recebeu este e-mail porque acompanha Ana & Cia no Fã Clube.');
  });

  it('removes scripts, event handlers and javascript: links, keeping formatting and images', async () => {
    await sendCampaignEmail(mailer, opts, input());
    const { html, text } = await smtp.waitFor('fa@example.com');

    expect(html).not.toMatch(
      /<script|alert\('xss'\)|onclick|onerror|javascript:|<iframe|data:image/i,
    );
    expect(html).not.toContain('evil.test');
    expect(text).not.toContain('xss');
    expect(html).toContain('<b>fresquinhas</b>');
    expect(html).toContain('<i>exclusivas</i>');
    expect(html).toContain('<p style="color:#7c3aed;text-align:center">');
    expect(html).toContain(
      '<a href="https://faclube.test/profile/ana" target="_blank">Ver perfil</a>',
    );
    expect(html).toContain('<a>clique</a>');
    expect(html).toContain('<img src="https://cdn.faclube.test/capa.png" alt="Capa" />');
  });

  it('escapes the values it fills in, and does not fill in placeholders inside them', async () => {
    await sendCampaignEmail(
      mailer,
      opts,
      input({
        recipient: {
          email: 'hacker@example.com',
          name: '<img src=x onerror=alert(1)> "{{ link_cancelar }}"',
        },
      }),
    );
    const { html, text } = await smtp.waitFor('hacker@example.com');
    expect(html).toContain(
      '<h1>Olá, &lt;img src=x onerror=alert(1)&gt; &quot;{{ link_cancelar }}&quot;!</h1>',
    );
    expect(html).not.toContain('<img src=x');
    expect(text).toContain('OLÁ, <IMG SRC=X ONERROR=ALERT(1)> "{{ LINK_CANCELAR }}"!');
    // the footer names the workspace escaped
    expect(html).toContain('acompanha Ana &amp; Cia no Fã Clube.');
  });

  it('offers a mailto unsubscribe too when a mailbox for it is configured', async () => {
    await sendCampaignEmail(
      mailer,
      { ...opts, unsubscribeMailto: 'descadastro@faclube.test' },
      input({ replyTo: null, senderName: null }),
    );
    const mail = await smtp.waitFor('fa@example.com');
    expect(mail.headers['list-unsubscribe']).toMatch(
      /^<https:\/\/faclube\.test\/api\/v1\/unsubscribe\?token=[^>]+>, <mailto:descadastro@faclube\.test\?subject=unsubscribe-[^>]+>$/,
    );
    expect(mail.headers['reply-to']).toBeUndefined();
    // without a sender name, the workspace's label
    expect(mail.from).toBe('"Ana & Cia via Fã Clube" <nao-responda@faclube.test>');
  });
});

describe('campaign template', () => {
  const vars = {
    name: null,
    unsubscribeUrl: 'https://faclube.test/unsubscribe?token=a.b',
    workspaceLabel: 'Ana',
    subject: 'Oi',
  };

  it('adds the unsubscribe link to the footer when the template has none', () => {
    const { html, text } = renderCampaignMessage(prepareTemplate('<p>Oi, {{nome}}</p>'), vars);
    expect(html).toContain(`<p>Oi, ${NAME_FALLBACK}</p>`);
    expect(html).toContain(
      '<a href="https://faclube.test/unsubscribe?token=a.b">Cancelar inscrição</a> para não receber mais e-mails de Ana.',
    );
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Cancelar inscrição [https://faclube.test/unsubscribe?token=a.b] para não receber mais',
    );
  });

  it('keeps one link when the creator placed it', () => {
    const { html } = renderCampaignMessage(
      prepareTemplate('<a href="{{ link_cancelar }}">sair</a>'),
      vars,
    );
    expect(html.match(/unsubscribe\?token=/g)).toHaveLength(1);
  });

  it('builds the message without sending it', () => {
    const mail = buildCampaignMail(opts, input());
    expect(mail).toMatchObject({
      kind: 'email-marketing',
      to: 'fa@example.com',
      fromName: 'Ana (Fã Clube)',
      replyTo: 'ana@example.com',
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  });
});

describe('unsubscribe token', () => {
  const claim = { workspaceId: workspace.id, email: 'Fa@Example.com', campaignId };

  it('round-trips workspace, address (lower case) and campaign', () => {
    const token = signUnsubscribeToken(key, claim);
    expect(verifyUnsubscribeToken(key, token)).toEqual({ ...claim, email: 'fa@example.com' });
    const { campaignId: _c, ...withoutCampaign } = claim;
    expect(verifyUnsubscribeToken(key, signUnsubscribeToken(key, withoutCampaign))).toEqual({
      workspaceId: workspace.id,
      email: 'fa@example.com',
    });
  });

  it('refuses a token changed, cut, or signed with another key', () => {
    const token = signUnsubscribeToken(key, claim);
    const [payload, mac] = token.split('.') as [string, string];
    const otherAddress = Buffer.from(
      JSON.stringify({ v: 1, w: workspace.id, e: 'outra@example.com', c: campaignId }),
    ).toString('base64url');
    expect(verifyUnsubscribeToken(key, `${otherAddress}.${mac}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, `${payload}.${mac.slice(0, -2)}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, payload)).toBeNull();
    expect(verifyUnsubscribeToken(key, `${token}.x`)).toBeNull();
    expect(verifyUnsubscribeToken(randomBytes(32), token)).toBeNull();
    expect(verifyUnsubscribeToken(key, 'não é um token')).toBeNull();
  });
});
