import { defineModule } from '../../lib/module';
import { contentRoutes } from './content.routes';

export const contentModule = defineModule({ name: 'content', routes: [contentRoutes] });
