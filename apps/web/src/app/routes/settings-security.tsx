import { SettingsPage } from '@/components/layout/page';
import { LoginActivityTable } from '@/features/security/components/login-activity-table';
import { TwoFactorCard } from '@/features/security/components/two-factor-card';
import { t } from '@/i18n/pt-BR';

/** /settings/security ('Segurança'): 2FA and the sign-in log. */
export function SettingsSecurityRoute() {
  return (
    <SettingsPage title={t.security.title} description={t.security.description}>
      <div className="grid gap-6">
        <TwoFactorCard />
        <LoginActivityTable />
      </div>
    </SettingsPage>
  );
}
