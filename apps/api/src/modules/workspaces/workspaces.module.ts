import { defineModule } from '../../lib/module';
import { teamRoutes } from './team.routes';
import { workspacesRoutes } from './workspaces.routes';

export const workspacesModule = defineModule({
  name: 'workspaces',
  routes: [workspacesRoutes, teamRoutes],
});
