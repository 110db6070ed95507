import { defineModule } from '../../lib/module';
import { authRoutes } from './auth.routes';
import { purgeOldLoginActivities } from './login-activities.service';

export const authModule = defineModule({
  name: 'auth',
  routes: [authRoutes],
  jobs: [
    {
      name: 'registro de acessos antigos',
      intervalMs: () => 3_600_000,
      run: (ctx, signal) => purgeOldLoginActivities(ctx, signal),
    },
  ],
});
