import type { ApiModule } from '../lib/module';
import { accountModule } from './account/account.module';
import { appsModule } from './apps/apps.module';
import { authModule } from './auth/auth.module';
import { chatModule } from './chat/chat.module';
import { chatSalesModule } from './chat-sales/chat-sales.module';
import { contentModule } from './content/content.module';
import { emailMarketingModule } from './email-marketing/email-marketing.module';
import { filesModule } from './files/files.module';
import { financeModule } from './finance/finance.module';
import { insightsModule } from './insights/insights.module';
import { mailModule } from './mail/mail.module';
import { notificationsModule } from './notifications/notifications.module';
import { paymentsModule } from './payments/payments.module';
import { profilesModule } from './profiles/profiles.module';
import { subscriptionsModule } from './subscriptions/subscriptions.module';
import { tipsModule } from './tips/tips.module';
import { trueidModule } from './trueid/trueid.module';
import { twoFactorModule } from './two-factor/two-factor.module';
import { workspacesModule } from './workspaces/workspaces.module';

/** Every API module: app.ts registers their routes, server.ts starts their jobs. */
export const modules: readonly ApiModule[] = [
  authModule,
  twoFactorModule,
  workspacesModule,
  filesModule,
  contentModule,
  profilesModule,
  paymentsModule,
  subscriptionsModule,
  financeModule,
  accountModule,
  appsModule,
  trueidModule,
  emailMarketingModule,
  mailModule,
  chatModule,
  chatSalesModule,
  tipsModule,
  insightsModule,
  notificationsModule,
];
