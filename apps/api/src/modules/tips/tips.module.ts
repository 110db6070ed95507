import { defineModule } from '../../lib/module';
import { tipsRoutes } from './tips.routes';

export const tipsModule = defineModule({ name: 'tips', routes: [tipsRoutes] });
