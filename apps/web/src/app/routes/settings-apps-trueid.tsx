import { SettingsPage } from '@/components/layout/page';
import { TrueIdScreen } from '@/features/apps/components/trueid-screen';
import { t } from '@/features/apps/strings';

/** /settings/apps/trueid: the identity-verification app's settings and review. */
export function SettingsAppsTrueIdRoute() {
  return (
    <SettingsPage title={t.trueid.title} description={t.trueid.description}>
      <TrueIdScreen />
    </SettingsPage>
  );
}
