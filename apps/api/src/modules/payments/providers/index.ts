import { readFileSync } from 'node:fs';
import type { AppContext } from '../../../lib/context';
import { readClientCertificate } from '../../../lib/pix/certificate';
import { createPspClient } from '../../../lib/pix/psp-client';
import type { PspClient } from '../../../lib/pix/psp-client';
import { createApiPixProvider } from './apipix';
import { createManualProvider } from './manual';
import type { PixProvider } from './pix-provider';

export * from './pix-provider';

const providers = new WeakMap<AppContext, PixProvider>();
const clients = new WeakMap<AppContext, PspClient>();
const cas = new WeakMap<AppContext, string | undefined>();

/** PIX_CA_FILE's certificates, read once: extra CAs to trust for PSP servers. */
export function pspCa(ctx: AppContext): string | undefined {
  if (!cas.has(ctx))
    cas.set(ctx, ctx.config.pix.caFile ? readFileSync(ctx.config.pix.caFile, 'utf8') : undefined);
  return cas.get(ctx);
}

/**
 * The deployment-wide PSP account (PIX_PROVIDER=apipix): its client
 * certificate from PIX_CLIENT_CERT_FILE (PEM with PIX_CLIENT_KEY_FILE, or
 * PKCS#12), read on first use; one client per context (keeps the token).
 */
export function defaultPspClient(ctx: AppContext): PspClient {
  let client = clients.get(ctx);
  if (!client) {
    const { pix } = ctx.config;
    const cert = pix.clientCertFile
      ? readClientCertificate(
          {
            certificate: readFileSync(pix.clientCertFile, 'utf8').includes('-----BEGIN')
              ? readFileSync(pix.clientCertFile, 'utf8')
              : readFileSync(pix.clientCertFile).toString('base64'),
            private_key: pix.clientKeyFile ? readFileSync(pix.clientKeyFile, 'utf8') : undefined,
            passphrase: pix.clientCertPassphrase,
          },
          ctx.clock.now(),
        )
      : null;
    client = createPspClient({
      apiUrl: pix.apiUrl!,
      tokenUrl: pix.tokenUrl ?? `${pix.apiUrl!.replace(/\/+$/, '')}/oauth/token`,
      clientId: pix.clientId,
      clientSecret: pix.clientSecret,
      certPem: cert?.certPem,
      keyPem: cert?.keyPem,
      ca: pspCa(ctx),
    });
    clients.set(ctx, client);
  }
  return client;
}

/** The provider chosen by config.pix.provider, one per context. */
export function pixProvider(ctx: AppContext): PixProvider {
  let provider = providers.get(ctx);
  if (!provider) {
    provider =
      ctx.config.pix.provider === 'apipix'
        ? createApiPixProvider('apipix', () => defaultPspClient(ctx), ctx.logger)
        : createManualProvider();
    providers.set(ctx, provider);
  }
  return provider;
}

/** Closes the deployment-wide PSP client's connections (the app's close). */
export async function closeDefaultPspClient(ctx: AppContext) {
  await clients.get(ctx)?.close();
  clients.delete(ctx);
}
