import { SectionHeader } from '@/components/layout/page';
import { PlansSettings } from '@/features/plans/components/plans-settings';
import { t } from '@/i18n/pt-BR';

/** /settings/plans ('Planos'): the Pix receiving data and the Mensal, Trimestral, Anual plans. */
export function SettingsPlansRoute() {
  return (
    <section>
      <title>{`${t.settings.plans} · ${t.brand.name}`}</title>
      <SectionHeader
        title={t.settings.plans}
        description={t.subscriptions.plansSettings.description}
      />
      <PlansSettings />
    </section>
  );
}
