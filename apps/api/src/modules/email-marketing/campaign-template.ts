/**
 * A creator's campaign template, from what they typed to what each recipient
 * gets:
 *
 *   prepareTemplate(template)             sanitised once per campaign (sanitize-html):
 *                                         no scripts, event handlers or javascript: URLs;
 *                                         formatting, links, images and simple styles stay
 *   renderCampaignMessage(prepared, vars) per recipient: `{{ nome }}` and
 *                                         `{{ link_cancelar }}` filled in (HTML-escaped),
 *                                         a footer, and the plain-text part (html-to-text)
 */
import { convert } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';
import { PLACEHOLDER_PATTERN } from '@fa-clube/contract';
import type { TemplatePlaceholder } from '@fa-clube/contract';
import { escapeHtml } from '../../lib/mailer';

/** What `{{ nome }}` says when the recipient's name is not known. */
export const NAME_FALLBACK = 'fã';

const cssLength =
  /^(?:0|\d+(?:\.\d+)?(?:px|em|rem|%))(?:\s+(?:0|\d+(?:\.\d+)?(?:px|em|rem|%))){0,3}$/;
const cssColor = /^(?:#[0-9a-f]{3,8}|rgba?\(\s*[\d.\s,%]+\)|[a-z]{3,20})$/i;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    a: ['href', 'name', 'title', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    table: ['width', 'border', 'cellpadding', 'cellspacing', 'align'],
    td: ['width', 'colspan', 'rowspan', 'align', 'valign'],
    th: ['width', 'colspan', 'rowspan', 'align', 'valign'],
    '*': ['style'],
  },
  // Styles are kept only when every declaration matches (no url(), no expression()).
  allowedStyles: {
    '*': {
      color: [cssColor],
      'background-color': [cssColor],
      'text-align': [/^(?:left|right|center|justify)$/],
      'font-size': [cssLength],
      'font-weight': [/^(?:normal|bold|[1-9]00)$/],
      'font-style': [/^(?:normal|italic)$/],
      'text-decoration': [/^(?:none|underline|line-through)$/],
      'line-height': [/^\d+(?:\.\d+)?(?:px|em|rem|%)?$/],
      margin: [cssLength],
      padding: [cssLength],
      width: [cssLength],
      'max-width': [cssLength],
      'border-radius': [cssLength],
    },
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  // script, style, textarea... are dropped with their content
  disallowedTagsMode: 'discard',
};

export interface PreparedTemplate {
  /** Sanitised HTML, placeholders still in it. */
  html: string;
  /** Whether the creator placed the unsubscribe link themselves. */
  hasUnsubscribeLink: boolean;
}

export function prepareTemplate(template: string): PreparedTemplate {
  const html = sanitizeHtml(template, SANITIZE);
  const hasUnsubscribeLink = [...html.matchAll(PLACEHOLDER_PATTERN)].some(
    (m) => m[1] === 'link_cancelar',
  );
  return { html, hasUnsubscribeLink };
}

export interface MessageVars {
  /** The recipient's name; null: NAME_FALLBACK. */
  name: string | null;
  /** The web page that unsubscribes this address (`{{ link_cancelar }}`). */
  unsubscribeUrl: string;
  /** The creator's display name, for the footer. */
  workspaceLabel: string;
  subject: string;
}

export interface RenderedMessage {
  html: string;
  text: string;
}

export function renderCampaignMessage(
  prepared: PreparedTemplate,
  vars: MessageVars,
): RenderedMessage {
  const values: Record<TemplatePlaceholder, string> = {
    nome: vars.name?.trim() || NAME_FALLBACK,
    link_cancelar: vars.unsubscribeUrl,
  };
  // one pass: a value that itself looks like a placeholder is not filled in again
  const body = prepared.html.replace(PLACEHOLDER_PATTERN, (match, name: string) =>
    name in values ? escapeHtml(values[name as TemplatePlaceholder]) : match,
  );
  const url = escapeHtml(vars.unsubscribeUrl);
  const footer =
    `Você recebeu este e-mail porque acompanha ${escapeHtml(vars.workspaceLabel)} no Fã Clube.` +
    (prepared.hasUnsubscribeLink
      ? ''
      : ` <a href="${url}">Cancelar inscrição</a> para não receber mais e-mails de ${escapeHtml(vars.workspaceLabel)}.`);
  const content = `${body}\n<hr>\n<p style="font-size:12px;color:#6b7280">${footer}</p>`;
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(vars.subject)}</title></head>
<body>
${content}
</body></html>`;
  const text = convert(content, {
    wordwrap: 100,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    ],
  });
  return { html, text };
}
