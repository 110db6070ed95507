import { defineModule } from '../../lib/module';
import { profilesRoutes } from './profiles.routes';

export const profilesModule = defineModule({ name: 'profiles', routes: [profilesRoutes] });
