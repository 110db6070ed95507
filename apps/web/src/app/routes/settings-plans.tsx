import { SettingsPage } from '@/components/layout/page';
import { PlansSettings } from '@/features/plans/components/plans-settings';
import { t } from '@/features/plans/strings';

/** /settings/plans ('Planos'): the Pix receiving data and the Mensal, Trimestral, Anual plans. */
export function SettingsPlansRoute() {
  return (
    <SettingsPage title={t.settings.plans} description={t.subscriptions.plansSettings.description}>
      <PlansSettings />
    </SettingsPage>
  );
}
