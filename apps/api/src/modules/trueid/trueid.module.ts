import { defineModule } from '../../lib/module';
import { trueidRoutes } from './trueid.routes';
import { purgeExpiredVerificationFiles } from './trueid.service';
import { verificationRoutes } from './verification.routes';

export const trueidModule = defineModule({
  name: 'trueid',
  routes: [trueidRoutes, verificationRoutes],
  jobs: [
    {
      name: 'retenção de documentos de verificação',
      intervalMs: () => 3_600_000,
      run: (ctx, signal) => purgeExpiredVerificationFiles(ctx, signal),
    },
  ],
});
