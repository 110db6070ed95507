import { readFileSync } from 'node:fs';
import type { AppContext } from '../../../lib/context';

export * from './pix-provider';

const cas = new WeakMap<AppContext, string | undefined>();

/** PIX_CA_FILE's certificates, read once: extra CAs to trust for PSP servers. */
export function pspCa(ctx: AppContext): string | undefined {
  if (!cas.has(ctx))
    cas.set(ctx, ctx.config.pix.caFile ? readFileSync(ctx.config.pix.caFile, 'utf8') : undefined);
  return cas.get(ctx);
}
