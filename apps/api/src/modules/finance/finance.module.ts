import { defineModule } from '../../lib/module';
import { accountRoutes } from './accounts.routes';
import { categoryRoutes } from './categories.routes';
import { importRoutes } from './import.routes';
import { reportRoutes } from './reports.routes';
import { transactionRoutes } from './transactions.routes';

export const financeModule = defineModule({
  name: 'finance',
  routes: [accountRoutes, transactionRoutes, importRoutes, categoryRoutes, reportRoutes],
});
