/**
 * A workspace's own PSP account (docs/pix-psp.md, decision 038): the owner
 * connects it with the API and token URLs, client credentials and the client
 * certificate; the server tries it live before saving anything (token over
 * mutual TLS, the Pix webhook for the workspace's key, whether Pix Automático
 * is enabled and, if so, its two webhooks). Secrets are encrypted at rest and
 * never answered. Charges, reconciliation, refunds and recurrences of the
 * workspace then go through `connectionClient`.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { paths, API_PREFIX } from '@fa-clube/contract';
import type { PixConnection, PixConnectionBody, PixDisconnectBody } from '@fa-clube/contract';
import { requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import { findWorkspaceOwnerContact } from '../../read-models/team-members';
import { addDays } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { decrypt, encrypt } from '../../lib/crypto';
import { AppError, validationError } from '../../lib/errors';
import type { ErrorCode } from '@fa-clube/contract';
import { renderEmail } from '../../lib/mailer';
import { PspError, createPspClient } from '../../lib/pix/psp-client';
import type { PspClient } from '../../lib/pix/psp-client';
import { queueMail } from '../mail/mail.service';
import { readCertificateOffThread } from './certificate-reader';
import { guardDestinationChange, tellOwnerDestinationChanged } from './money-destination';
import type { ChangeOrigin } from './money-destination';
import {
  claimExpiryNotice,
  disconnectConnection,
  findConnectedConnection,
  eraseSecrets,
  findConnectionsWithoutWebhookSecret,
  findEndedConnectionsWithSecrets,
  findExpiringConnections,
  saveConnection,
  setWebhookSecret,
} from './pix-connections.repo';
import type { PixConnectionRow } from './pix-connections.repo';
import { findPixSettings } from './pix-settings.repo';
import { pspCa } from './providers';
import { cancelLiveRecurrences } from './recurrences.service';

interface Secrets {
  clientSecret: string;
  certPem: string;
  keyPem: string;
  /** The webhook URL's last segment (absent in connections made before it). */
  webhookSecret?: string;
}

const notConnected = () => new AppError('PIX_CONNECTION_NOT_FOUND');
/** The certificate's expiry is e-mailed to the owner this many days before. */
export const CERTIFICATE_NOTICE_DAYS = 15;

/** `webhook_url` is a credential, `reconciliation` the owner's to act on: the owner's view only. */
function toPixConnection(ctx: AppContext, row: PixConnectionRow, owner: boolean): PixConnection {
  const secret = owner && row.secrets ? secretsOf(ctx, row).webhookSecret : undefined;
  return {
    status: 'connected',
    api_url: row.apiUrl,
    token_url: row.tokenUrl,
    client_id: row.clientId,
    webhook_url: secret ? `${row.webhookUrl}/${secret}` : null,
    pix_key: row.pixKey,
    receiving_account: row.receivingAccount ?? null,
    recurrences_enabled: row.automaticAvailable,
    automatic_available: offersAutomatic(row),
    connected_at: row.connectedAt.toISOString(),
    certificate_expires_at: row.certificateExpiresAt.toISOString(),
    reconciliation:
      owner && row.reconcileFailures > 0
        ? {
            failures: row.reconcileFailures,
            failing_since: row.reconcileFailingSince?.toISOString() ?? null,
            last_error: row.reconcileLastError,
            paused_until: row.reconcilePausedUntil?.toISOString() ?? null,
          }
        : null,
  };
}

/** Pix Automático can be offered: recurrences enabled at the PSP and the receiving account known. */
export const offersAutomatic = (row: PixConnectionRow | null): row is PixConnectionRow =>
  Boolean(row?.automaticAvailable && row.receivingAccount);

/** Whether the workspace offers 'Renovação automática' (public: the plans answer says so). */
export async function automaticRenewalOffered(ctx: AppContext, workspaceId: string) {
  return offersAutomatic(await findConnectedConnection(ctx.db, workspaceId));
}

/** GET /workspaces/{id}/pix/connection: owner and members. */
export async function getPixConnection(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
): Promise<PixConnection> {
  const { role } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const row = await findConnectedConnection(ctx.db, workspaceId);
  if (!row) throw notConnected();
  return toPixConnection(ctx, row, role === 'owner');
}

/** A connection's webhook base, `{APP_URL}/api/v1/webhooks/pix/c/{id}` (stored as webhook_url). */
const webhookBaseOf = (ctx: AppContext, id: string) =>
  `${ctx.config.appUrl.replace(/\/+$/, '')}${API_PREFIX}${paths.pspWebhook
    .replace(':connection', id)
    .replace('/:secret/:kind', '')}`;

/** A new webhook secret: 256 random bits, URL-safe; only its SHA-256 is stored beside the row. */
const newWebhookSecret = () => randomBytes(32).toString('base64url');
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * Whether a notification's secret is the connection's (constant time; a connection without
 * one, made before secrets or ended, matches nothing).
 */
export function webhookSecretMatches(row: PixConnectionRow, secret: string): boolean {
  if (!row.webhookSecretHash) return false;
  const given = Buffer.from(hashOf(secret), 'hex');
  const held = Buffer.from(row.webhookSecretHash, 'hex');
  return given.length === held.length && timingSafeEqual(given, held);
}

/**
 * A PSP failure during the live check, as the owner reads it: one message per step and kind
 * of failure, nothing of what the other side answered. A closed port, a service that does not
 * speak TLS, an untrusted server certificate and a malformed answer read alike, so the check
 * tells nothing about what listens at an address (issue 37). A non-public address is the
 * URL's fault: 400 on the field.
 */
function stepError(
  err: unknown,
  step: string,
  field: 'api_url' | 'token_url' = 'api_url',
): AppError {
  if (!(err instanceof PspError)) throw err;
  if (err.failure === 'address')
    return validationError(
      field,
      'Informe o endereço público do PSP: endereços locais, internos ou privados não são aceitos.',
    );
  const noAnswer: [ErrorCode, string] = [
    'PIX_PSP_UNREACHABLE',
    `O PSP não respondeu ${step}. Confira a URL e tente novamente.`,
  ];
  const byFailure: Record<Exclude<PspError['failure'], 'address'>, [ErrorCode, string]> = {
    client_certificate: [
      'PIX_PSP_CERTIFICATE_REFUSED',
      `Certificado recusado pelo PSP: a conexão segura (mTLS) não aceitou o certificado ${step}.`,
    ],
    credentials: [
      'PIX_PSP_CREDENTIALS_REFUSED',
      'Credenciais recusadas pelo PSP ao pedir o token: confira o client_id e o client_secret.',
    ],
    refused: ['PIX_PSP_WEBHOOK_REFUSED', `O PSP recusou ${step}.`],
    server_certificate: noAnswer,
    unreachable: noAnswer,
  };
  const [code, message] = byFailure[err.failure];
  return new AppError(code, message);
}

/**
 * PUT /workspaces/{id}/pix/connection: owner only. Nothing is saved unless
 * every step of the live check passed.
 */
export async function putPixConnection(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  body: PixConnectionBody,
  origin: ChangeOrigin,
): Promise<PixConnection> {
  const { actor: owner } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const confirmedBy = await guardDestinationChange(ctx, owner, body.confirmation);
  const pix = await findPixSettings(ctx.db, workspaceId);
  if (!pix)
    throw new AppError(
      'PIX_REQUIRED',
      'Cadastre os dados do Pix (a chave desta conta) antes de conectar o PSP.',
    );
  const now = ctx.clock.now();
  const cert = await readCertificateOffThread(ctx, body, now);
  const current = await findConnectedConnection(ctx.db, workspaceId);
  const id = current?.id ?? randomUUID();
  // a new secret on every change, registered at the PSP in place of the last one
  const webhookSecret = newWebhookSecret();
  const webhookBase = webhookBaseOf(ctx, id);
  const webhookUrl = `${webhookBase}/${webhookSecret}`;
  const apiUrl = body.api_url.replace(/\/+$/, '');
  const tokenUrl = body.token_url ?? `${new URL(apiUrl).origin}/oauth/token`;
  const client = createPspClient({
    apiUrl,
    tokenUrl,
    clientId: body.client_id,
    clientSecret: body.client_secret,
    certPem: cert.certPem,
    keyPem: cert.keyPem,
    ca: pspCa(ctx),
    allowPrivateNetworks: ctx.config.pix.allowPrivateNetworks,
  });
  let recurrences: boolean;
  let pixWebhookSet = false;
  try {
    await client.token().catch((err: unknown) => {
      throw stepError(err, 'ao pedir o token', 'token_url');
    });
    await client
      .call('PUT', `/webhook/${encodeURIComponent(pix.key)}`, { body: { webhookUrl } })
      .catch((err: unknown) => {
        if (err instanceof PspError && err.failure === 'refused' && keyRefused(err))
          throw new AppError(
            'PIX_PSP_KEY_NOT_OWNED',
            `Esta chave Pix não pertence a esta conta do PSP: ${pix.key} foi recusada ao cadastrar o webhook. Confira a chave em Configurações › Pix.`,
          );
        throw stepError(err, 'o cadastro do webhook de Pix (PUT /webhook)');
      });
    pixWebhookSet = true;
    recurrences = await recurrencesEnabled(client, now);
    if (recurrences) {
      await client.call('PUT', '/webhookrec', { body: { webhookUrl } }).catch((err: unknown) => {
        throw stepError(err, 'o cadastro do webhook de recorrências (PUT /webhookrec)');
      });
      await client.call('PUT', '/webhookcobr', { body: { webhookUrl } }).catch((err: unknown) => {
        throw stepError(err, 'o cadastro do webhook de cobranças recorrentes (PUT /webhookcobr)');
      });
    }
  } catch (err) {
    // a new connection that failed after its webhook was registered: take it back (best effort)
    if (pixWebhookSet && !current)
      await client.call('DELETE', `/webhook/${encodeURIComponent(pix.key)}`).catch(() => {});
    await client.close();
    throw err;
  }
  await client.close();
  const secrets: Secrets = {
    clientSecret: body.client_secret,
    certPem: cert.certPem,
    keyPem: cert.keyPem,
    webhookSecret,
  };
  const row = await saveConnection(ctx.db, {
    id,
    workspaceId,
    values: {
      status: 'connected',
      apiUrl,
      tokenUrl,
      clientId: body.client_id,
      secrets: encrypt(ctx.keys.encryption, JSON.stringify(secrets)),
      pixKey: pix.key,
      receivingAccount: body.receiving_account ?? null,
      automaticAvailable: recurrences,
      webhookUrl: webhookBase,
      webhookSecretHash: hashOf(webhookSecret),
      certificateExpiresAt: cert.expiresAt,
      certificateFingerprint: cert.fingerprint,
      connectedAt: current?.connectedAt ?? now,
      disconnectedAt: null,
      updatedAt: now,
    },
  });
  await forgetClient(ctx, id);
  ctx.logger.info(
    { workspaceId, connectionId: id, recurrences, expires: cert.expiresAt },
    'conta Pix do PSP conectada',
  );
  await tellOwnerDestinationChanged(
    ctx,
    workspaceId,
    { kind: 'psp-connected', host: new URL(apiUrl).host, replaced: current !== null },
    origin,
    confirmedBy,
  );
  return toPixConnection(ctx, row, true);
}

/** A PSP refusing the webhook of a key it does not hold: 404, or a problem that names the key. */
function keyRefused(err: PspError) {
  const text = `${err.problem?.title ?? ''} ${err.problem?.detail ?? ''} ${(err.problem?.violacoes ?? []).map((v) => `${v.razao} ${v.propriedade}`).join(' ')}`;
  return err.status === 404 || /chave/i.test(text);
}

/** GET /rec answering 200: Pix Automático is enabled for the account; 403/404: it is not. */
async function recurrencesEnabled(client: PspClient, now: Date): Promise<boolean> {
  try {
    await client.call('GET', '/rec', {
      query: { inicio: addDays(now, -1).toISOString(), fim: now.toISOString() },
    });
    return true;
  } catch (err) {
    if (err instanceof PspError && err.failure === 'refused') return false;
    throw stepError(err, 'ao consultar as recorrências (GET /rec)');
  }
}

/**
 * DELETE /workspaces/{id}/pix/connection: owner. The connection ends at once (its webhook URL
 * answers 404, nothing polls it), then what it left live at the PSP is undone (finishEnded).
 */
export async function deletePixConnection(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  body: PixDisconnectBody,
  origin: ChangeOrigin,
): Promise<void> {
  const { actor: owner } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const row = await findConnectedConnection(ctx.db, workspaceId);
  if (!row) throw notConnected();
  const confirmedBy = await guardDestinationChange(ctx, owner, body?.confirmation);
  const ended = await disconnectConnection(ctx.db, row.id, ctx.clock.now());
  if (!ended) return;
  await tellOwnerDestinationChanged(
    ctx,
    workspaceId,
    { kind: 'psp-disconnected', host: new URL(row.apiUrl).host },
    origin,
    confirmedBy,
  );
  await finishEnded(ctx, ended);
}

/** How long an ended connection's secrets are kept for the PSP to be asked again. */
const END_RETRY_MS = 24 * 3_600_000;

/**
 * What an ended connection (disconnected, or its workspace deleted: the soft-delete trigger
 * ends it) left live at its PSP, undone: its webhooks removed (best effort), its live Pix
 * Automático recurrences cancelled (so no fan is debited through it), then its secrets erased.
 * A PSP that does not answer a cancellation keeps the secrets for the payments sweep to try
 * again, for a day at most. `workspaceIds`: only those (right after a deletion); else any,
 * a few per sweep. Answers how many were finished.
 */
export async function finishEndedConnections(
  ctx: AppContext,
  workspaceIds: string[] | null = null,
): Promise<number> {
  if (workspaceIds?.length === 0) return 0;
  let finished = 0;
  for (const row of await findEndedConnectionsWithSecrets(ctx.db, workspaceIds, 20))
    if (await finishEnded(ctx, row)) finished++;
  return finished;
}

async function finishEnded(ctx: AppContext, row: PixConnectionRow): Promise<boolean> {
  const client = connectionClient(ctx, row);
  const removals = [
    client.call('DELETE', `/webhook/${encodeURIComponent(row.pixKey)}`),
    ...(row.automaticAvailable
      ? [client.call('DELETE', '/webhookrec'), client.call('DELETE', '/webhookcobr')]
      : []),
  ];
  for (const r of await Promise.allSettled(removals))
    if (r.status === 'rejected')
      ctx.logger.warn({ err: r.reason, connectionId: row.id }, 'webhook não removido no PSP');
  const left = await cancelLiveRecurrences(ctx, { connectionId: row.id }, 'creator');
  const giveUp = (row.disconnectedAt?.getTime() ?? 0) < ctx.clock.now().getTime() - END_RETRY_MS;
  if (left > 0 && !giveUp) return false;
  await eraseSecrets(ctx.db, row.id);
  await forgetClient(ctx, row.id);
  return true;
}

/**
 * Connections made before webhook secrets (decision 064) answer no notification until they
 * have one: the payments sweep gives each a secret and registers the new URL at its PSP (the
 * webhooks it registered before), a few per run. Answers how many were given one; a PSP that
 * refuses or does not answer is tried again at the next sweep.
 */
export async function giveWebhookSecrets(ctx: AppContext, limit = 20): Promise<number> {
  let given = 0;
  for (const row of await findConnectionsWithoutWebhookSecret(ctx.db, limit)) {
    const secret = newWebhookSecret();
    const webhookUrl = `${row.webhookUrl}/${secret}`;
    const client = connectionClient(ctx, row);
    try {
      await client.call('PUT', `/webhook/${encodeURIComponent(row.pixKey)}`, {
        body: { webhookUrl },
      });
      if (row.automaticAvailable)
        for (const path of ['/webhookrec', '/webhookcobr'])
          await client.call('PUT', path, { body: { webhookUrl } });
    } catch (err) {
      ctx.logger.warn(
        { err: err instanceof PspError ? err.message : err, connectionId: row.id },
        'webhook com segredo não cadastrado no PSP; nova tentativa na próxima rotina',
      );
      continue;
    }
    const secrets: Secrets = { ...secretsOf(ctx, row), webhookSecret: secret };
    if (
      await setWebhookSecret(ctx.db, row.id, {
        secrets: encrypt(ctx.keys.encryption, JSON.stringify(secrets)),
        webhookSecretHash: hashOf(secret),
      })
    )
      given++;
  }
  return given;
}

// ---- one client per connection (keeps its token and TLS sessions) ---------------------------

const clients = new WeakMap<AppContext, Map<string, { version: number; client: PspClient }>>();

/** The PSP client of a connection, made once per version of its credentials. */
export function connectionClient(ctx: AppContext, row: PixConnectionRow): PspClient {
  let map = clients.get(ctx);
  if (!map) clients.set(ctx, (map = new Map()));
  const version = row.updatedAt.getTime();
  const cached = map.get(row.id);
  if (cached && cached.version === version) return cached.client;
  if (cached) void cached.client.close();
  const secrets = secretsOf(ctx, row);
  const client = createPspClient({
    apiUrl: row.apiUrl,
    tokenUrl: row.tokenUrl,
    clientId: row.clientId,
    clientSecret: secrets.clientSecret,
    certPem: secrets.certPem,
    keyPem: secrets.keyPem,
    ca: pspCa(ctx),
    allowPrivateNetworks: ctx.config.pix.allowPrivateNetworks,
  });
  map.set(row.id, { version, client });
  return client;
}

/** A connection's secrets, decrypted; a connection that ended has none. */
function secretsOf(ctx: AppContext, row: PixConnectionRow): Secrets {
  if (!row.secrets) throw new AppError('PIX_CONNECTION_NOT_FOUND');
  return JSON.parse(decrypt(ctx.keys.encryption, row.secrets)) as Secrets;
}

async function forgetClient(ctx: AppContext, id: string) {
  const cached = clients.get(ctx)?.get(id);
  clients.get(ctx)?.delete(id);
  await cached?.client.close();
}

/** The app's close: every connection client's sockets. */
export async function closeConnectionClients(ctx: AppContext) {
  const map = clients.get(ctx);
  if (!map) return;
  clients.delete(ctx);
  await Promise.allSettled([...map.values()].map((c) => c.client.close()));
}

export { findConnectedConnection };

// ---- the certificate's expiry ------------------------------------------------------------------

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/**
 * E-mails the owner of each connection whose certificate expires within
 * CERTIFICATE_NOTICE_DAYS, once per certificate (claimed on the row, then
 * written to the mail outbox). Answers how many were queued.
 */
export async function sendCertificateExpiryNotices(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await findExpiringConnections(ctx.db, addDays(now, CERTIFICATE_NOTICE_DAYS), 100);
  let queued = 0;
  for (const row of due) {
    const owner = await findWorkspaceOwnerContact(ctx.db, row.workspaceId);
    if (!owner || !(await claimExpiryNotice(ctx.db, row.id, row.certificateFingerprint))) continue;
    const expired = row.certificateExpiresAt <= now;
    await queueMail(
      ctx,
      renderEmail({
        kind: 'pix-certificate-expiry',
        to: owner.email,
        subject: expired
          ? `O certificado da conta Pix de ${owner.label} venceu`
          : `O certificado da conta Pix de ${owner.label} vence em ${dateFormat.format(row.certificateExpiresAt)}`,
        title: 'Renove o certificado do seu PSP',
        paragraphs: [
          `Olá, ${owner.fullName}!`,
          `O certificado que conecta ${owner.label} (@${owner.username}) à API Pix do seu PSP ${expired ? 'venceu' : 'vence'} em ${dateFormat.format(row.certificateExpiresAt)}. Depois disso o PSP recusa as cobranças e os pagamentos deixam de ser confirmados automaticamente.`,
          'Gere um novo certificado no portal do seu PSP e envie-o em Configurações › Planos › Conta Pix (API do banco).',
        ],
        action: { label: 'Atualizar o certificado', url: `${ctx.config.appUrl}/settings/plans` },
      }),
    );
    queued++;
  }
  return queued;
}
