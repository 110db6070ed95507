import { defineModule } from '../../lib/module';
import { appsRoutes } from './apps.routes';

export const appsModule = defineModule({ name: 'apps', routes: [appsRoutes] });
