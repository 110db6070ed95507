import { defineModule } from '../../lib/module';
import { authRoutes } from './auth.routes';

export const authModule = defineModule({ name: 'auth', routes: [authRoutes] });
