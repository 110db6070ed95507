import type { AppContext } from '../../../lib/context';
import { createApiPixProvider } from './apipix';
import { createManualProvider } from './manual';
import type { PixProvider } from './pix-provider';

export * from './pix-provider';

const providers = new WeakMap<AppContext, PixProvider>();

/** The provider chosen by config.pix.provider, one per context (keeps the OAuth token). */
export function pixProvider(ctx: AppContext): PixProvider {
  let provider = providers.get(ctx);
  if (!provider) {
    const { pix } = ctx.config;
    provider =
      pix.provider === 'apipix'
        ? createApiPixProvider({
            apiUrl: pix.apiUrl!,
            clientId: pix.clientId,
            clientSecret: pix.clientSecret,
            logger: ctx.logger,
          })
        : createManualProvider();
    providers.set(ctx, provider);
  }
  return provider;
}
