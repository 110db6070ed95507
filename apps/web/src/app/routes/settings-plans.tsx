import { CreditCard } from 'lucide-react';
import { SectionHeader, UpcomingSection } from '@/components/layout/page';
import { t } from '@/i18n/pt-BR';

/** /settings/plans ('Planos'): Mensal, Trimestral, Anual — price and discount. */
export function SettingsPlansRoute() {
  return (
    <section>
      <title>{`${t.settings.plans} · ${t.brand.name}`}</title>
      <SectionHeader title={t.settings.plans} />
      <UpcomingSection icon={<CreditCard className="size-5" aria-hidden />}>
        {t.settings.plansDescription}
      </UpcomingSection>
    </section>
  );
}
