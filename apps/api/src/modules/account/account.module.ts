import { defineModule } from '../../lib/module';
import { accountRoutes } from './account.routes';

export const accountModule = defineModule({ name: 'account', routes: [accountRoutes] });
