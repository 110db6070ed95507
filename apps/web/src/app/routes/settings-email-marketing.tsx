import { CampaignsScreen } from '@/features/campaigns/components/campaigns-screen';

/** /settings/apps/email-marketing: the e-mail marketing app's campaigns. */
export function SettingsEmailMarketingRoute() {
  return <CampaignsScreen />;
}
