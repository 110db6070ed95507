import { defineModule } from '../../lib/module';
import { insightsRoutes } from './insights.routes';

/** 'Visão geral': read-only figures over the subscriptions, payments and content modules' tables. */
export const insightsModule = defineModule({ name: 'insights', routes: [insightsRoutes] });
