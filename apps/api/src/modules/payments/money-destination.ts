/**
 * Where a workspace's money goes: its PSP connection and its Pix key. Changing either
 * redirects what fans pay, so each change is guarded alike (docs/decisions/072-owner-confirms-money-destination.md):
 * rate limited per user (RATE_LIMIT_PIX_CHANGES), counted after the access check; confirmed by
 * the owner (a sign-in of the last 10 minutes, or the password and the 2FA code); and told to
 * the owner by e-mail afterwards, with what changed, when and from where.
 */
import type { OwnerConfirmation, PixKeyType } from '@fa-clube/contract';
import type { Actor } from '../../read-models/access';
import { findWorkspaceOwnerContact } from '../../read-models/team-members';
import type { AppContext } from '../../lib/context';
import { rateLimited } from '../../lib/errors';
import { renderEmail } from '../../lib/mailer';
import { parseUserAgent } from '../../lib/user-agent';
import { requireOwnerConfirmation } from '../auth/auth.service';
import type { ConfirmedBy } from '../auth/auth.service';
import { queueMail } from '../mail/mail.service';

export async function countPixChange(ctx: AppContext, userId: string) {
  const wait = await ctx.throttle.consume(`pix-change:${userId}`, ctx.config.limits.pixChanges);
  if (wait)
    throw rateLimited(
      wait,
      'Muitas alterações na conta Pix em pouco tempo. Tente novamente mais tarde.',
    );
}

/** Where the request that changed it came from (the route reads it off the request). */
export interface ChangeOrigin {
  ip: string;
  userAgent: string | null;
}

/** What changed, as the e-mail tells it. */
export type DestinationChange =
  | { kind: 'psp-connected'; host: string; replaced: boolean }
  | { kind: 'psp-disconnected'; host: string }
  | { kind: 'pix-key'; keyType: PixKeyType; key: string; previous: boolean };

/**
 * The guard of every change: counted against the rate limit, then confirmed by the owner.
 * Call after the access check, before anything changes.
 */
export async function guardDestinationChange(
  ctx: AppContext,
  owner: Actor,
  confirmation: OwnerConfirmation | undefined,
): Promise<ConfirmedBy> {
  await countPixChange(ctx, owner.userId);
  return requireOwnerConfirmation(ctx, owner, confirmation);
}

/** A Pix key as the e-mail shows it: enough to recognise, not enough to copy. */
export function maskPixKey(type: PixKeyType, key: string): string {
  switch (type) {
    case 'cpf':
      return `***.${key.slice(3, 6)}.${key.slice(6, 9)}-**`;
    case 'email': {
      const at = key.lastIndexOf('@');
      return `${key.slice(0, Math.min(2, at))}***${key.slice(at)}`;
    }
    case 'phone':
      return `${key.slice(0, 5)}*****${key.slice(-4)}`;
    case 'random':
      return `${key.slice(0, 4)}…${key.slice(-4)}`;
    default:
      return `${key.slice(0, 2)}${'*'.repeat(Math.max(0, key.length - 4))}${key.slice(-2)}`;
  }
}

const KEY_TYPE_LABEL: Record<PixKeyType, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'e-mail',
  phone: 'telefone',
  random: 'aleatória',
};

const when = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

function describe(change: DestinationChange, label: string): { subject: string; what: string } {
  switch (change.kind) {
    case 'psp-connected':
      return {
        subject: `A conta Pix (PSP) de ${label} foi ${change.replaced ? 'trocada' : 'conectada'}`,
        what: `${change.replaced ? 'A conexão com o PSP foi substituída' : 'Uma conta de PSP foi conectada'}: os pagamentos dos fãs passam a ser cobrados por ${change.host}.`,
      };
    case 'psp-disconnected':
      return {
        subject: `A conta Pix (PSP) de ${label} foi desconectada`,
        what: `A conexão com o PSP ${change.host} foi removida: as cobranças voltam ao fluxo manual (você confirma cada pagamento).`,
      };
    case 'pix-key':
      return {
        subject: `A chave Pix de ${label} foi ${change.previous ? 'alterada' : 'cadastrada'}`,
        what: `A chave Pix que recebe os pagamentos passou a ser ${maskPixKey(change.keyType, change.key)} (${KEY_TYPE_LABEL[change.keyType]}).`,
      };
  }
}

/**
 * E-mails the workspace's owner what changed, when, from which device and IP, and how it was
 * confirmed (through the mail outbox: a mail server down delays it, never loses it).
 */
export async function tellOwnerDestinationChanged(
  ctx: AppContext,
  workspaceId: string,
  change: DestinationChange,
  origin: ChangeOrigin,
  confirmedBy: ConfirmedBy,
): Promise<void> {
  const owner = await findWorkspaceOwnerContact(ctx.db, workspaceId);
  if (!owner) return;
  const { subject, what } = describe(change, owner.label);
  const ua = parseUserAgent(origin.userAgent);
  const device =
    [ua.browser, ua.deviceName].filter(Boolean).join(' em ') || 'dispositivo desconhecido';
  await queueMail(
    ctx,
    renderEmail({
      kind: 'pix-destination-changed',
      to: owner.email,
      subject,
      title: 'Mudou para onde vai o dinheiro',
      paragraphs: [
        `Olá, ${owner.fullName}!`,
        `${what}`,
        `Quando: ${when.format(ctx.clock.now())} (horário de Brasília). De onde: ${device}, IP ${origin.ip}. Confirmado ${confirmedBy === 'password' ? 'com a senha da conta' : 'por uma sessão que entrou há menos de 10 minutos'}.`,
        'Se não foi você, troque a sua senha agora (isso encerra as outras sessões) e confira a conta Pix em Configurações › Planos.',
      ],
      action: { label: 'Conferir a conta Pix', url: `${ctx.config.appUrl}/settings/plans` },
    }),
  );
}
