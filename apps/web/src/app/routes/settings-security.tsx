import { SettingsPage } from '@/components/layout/page';
import { EmailCard } from '@/features/security/components/email-card';
import { GoogleCard } from '@/features/security/components/google-card';
import { LoginActivityTable } from '@/features/security/components/login-activity-table';
import { TwoFactorCard } from '@/features/security/components/two-factor-card';
import { t } from '@/features/security/strings';

/** /settings/security ('Segurança'): the e-mail's confirmation, 2FA, the linked Google account and the sign-in log. */
export function SettingsSecurityRoute() {
  return (
    <SettingsPage title={t.security.title} description={t.security.description}>
      <div className="grid gap-6">
        <EmailCard />
        <TwoFactorCard />
        <GoogleCard />
        <LoginActivityTable />
      </div>
    </SettingsPage>
  );
}
