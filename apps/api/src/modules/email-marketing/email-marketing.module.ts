import type { QueueDefinition } from '../../lib/queue';
import { defineModule } from '../../lib/module';
import { emailMarketingRoutes } from './email-marketing.routes';
import { forgetOldDailyCounts, sendQueue, sweepQueuedMessages } from './email-marketing.service';

export const emailMarketingModule = defineModule({
  name: 'email-marketing',
  routes: [emailMarketingRoutes],
  queues: [(ctx) => sendQueue(ctx) as QueueDefinition<unknown>],
  jobs: [
    {
      name: 'campanhas de e-mail: mensagens sem job',
      intervalMs: () => 60_000,
      run: sweepQueuedMessages,
    },
    {
      name: 'campanhas de e-mail: contadores diários antigos',
      intervalMs: () => 3_600_000,
      run: forgetOldDailyCounts,
    },
  ],
});
