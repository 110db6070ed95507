import { defineModule } from '../../lib/module';
import { twoFactorRoutes } from './two-factor.routes';

export const twoFactorModule = defineModule({ name: 'two-factor', routes: [twoFactorRoutes] });
