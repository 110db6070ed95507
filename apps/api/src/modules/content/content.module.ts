import { defineModule } from '../../lib/module';
import type { QueueDefinition } from '../../lib/queue';
import { contentRoutes } from './content.routes';
import { imageBackfillQueue, sendImageBackfill } from './media-backfill.jobs';
import { purchaseRoutes } from './purchases.routes';
import { SCHEDULED_POSTS_INTERVAL_MS, publishScheduledPosts } from './scheduled.jobs';
import { sendProcessingVideos, videoQueue } from './video.jobs';

export const contentModule = defineModule({
  name: 'content',
  routes: [contentRoutes, purchaseRoutes],
  queues: [
    (ctx) => imageBackfillQueue(ctx) as QueueDefinition<unknown>,
    (ctx) => videoQueue(ctx) as QueueDefinition<unknown>,
  ],
  jobs: [
    {
      name: 'imagens antigas sem metadados',
      intervalMs: () => 10 * 60_000,
      run: sendImageBackfill,
    },
    {
      name: 'vídeos a processar',
      intervalMs: () => 60_000,
      run: sendProcessingVideos,
    },
    {
      name: 'publicações agendadas',
      intervalMs: () => SCHEDULED_POSTS_INTERVAL_MS,
      run: publishScheduledPosts,
    },
  ],
});
