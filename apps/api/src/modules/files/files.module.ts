import { defineModule } from '../../lib/module';
import { filesRoutes } from './files.routes';
import { purgeStaleTempFiles, releaseStaleReservations } from './files.service';
import { purgeAbandonedUploads } from './images.service';
import { storageRoutes } from './storage.routes';

export const filesModule = defineModule({
  name: 'files',
  routes: [filesRoutes, storageRoutes],
  jobs: [
    {
      name: 'uploads abandonados',
      intervalMs: () => 3_600_000,
      run: async (ctx) => {
        await purgeAbandonedUploads(ctx);
        await releaseStaleReservations(ctx);
        await purgeStaleTempFiles(ctx);
      },
    },
  ],
});
