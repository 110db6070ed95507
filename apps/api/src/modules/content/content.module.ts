import { defineModule } from '../../lib/module';
import { contentRoutes } from './content.routes';
import { purchaseRoutes } from './purchases.routes';

export const contentModule = defineModule({
  name: 'content',
  routes: [contentRoutes, purchaseRoutes],
});
