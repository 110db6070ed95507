import { defineModule } from '../../lib/module';
import type { QueueDefinition } from '../../lib/queue';
import { chatSalesRoutes } from './chat-sales.routes';
import { broadcastQueue, sweepUnfinishedBroadcasts } from './chat-sales.service';

export const chatSalesModule = defineModule({
  name: 'chat-sales',
  routes: [chatSalesRoutes],
  queues: [(ctx) => broadcastQueue(ctx) as QueueDefinition<unknown>],
  jobs: [
    {
      name: 'mensagens para todos: entregas sem job',
      intervalMs: () => 60_000,
      run: sweepUnfinishedBroadcasts,
    },
  ],
});
