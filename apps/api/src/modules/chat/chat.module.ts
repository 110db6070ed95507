import { defineModule } from '../../lib/module';
import { sendChatDigests } from './chat.digest';
import { chatRoutes } from './chat.routes';
import { eventRoutes } from './events.routes';

export const chatModule = defineModule({
  name: 'chat',
  routes: [chatRoutes, eventRoutes],
  jobs: [
    {
      name: 'avisos de mensagens',
      intervalMs: (ctx) => ctx.config.chat.digestIntervalSeconds * 1000,
      run: (ctx, signal) => sendChatDigests(ctx, signal),
    },
  ],
});
