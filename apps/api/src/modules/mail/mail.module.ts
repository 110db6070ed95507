import { defineModule } from '../../lib/module';
import type { AppContext } from '../../lib/context';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countUnsentMail } from './mail.repo';
import { deliverDueMail, drainMail, MAIL_SWEEP_INTERVAL_MS } from './mail.service';

/** No routes: the app's close waits for the deliveries started after answers. */
const drainOnClose =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onClose', () => drainMail(ctx));
  };

export const mailModule = defineModule({
  name: 'mail',
  routes: [drainOnClose],
  jobs: [
    {
      name: 'envio de e-mails',
      intervalMs: () => MAIL_SWEEP_INTERVAL_MS,
      run: (ctx, signal) => deliverDueMail(ctx, { signal }),
    },
  ],
  gauges: [
    {
      name: 'faclube_mail_outbox',
      help: 'E-mails transacionais ainda não enviados, por estado',
      labelNames: ['status'],
      read: async (ctx) =>
        (await countUnsentMail(ctx.db)).map((r) => ({
          labels: { status: r.status },
          value: r.count,
        })),
    },
  ],
});
