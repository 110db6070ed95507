import { defineModule } from '../../lib/module';
import type { QueueDefinition } from '../../lib/queue';
import { notificationsRoutes } from './notifications.routes';
import {
  NEW_POST_SWEEP_INTERVAL_MS,
  newPostQueue,
  sendNewPostDigests,
} from './notifications.service';

export const notificationsModule = defineModule({
  name: 'notifications',
  routes: [notificationsRoutes],
  queues: [(ctx) => newPostQueue(ctx) as QueueDefinition<unknown>],
  jobs: [
    {
      name: 'avisos de novas publicações',
      intervalMs: () => NEW_POST_SWEEP_INTERVAL_MS,
      run: sendNewPostDigests,
    },
  ],
});
