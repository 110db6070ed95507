import { LegalPage } from '@/components/layout/legal-page';
import { privacyPolicy } from '@/i18n/legal.pt-BR';

/** /privacy-policy */
export function PrivacyPolicyRoute() {
  return <LegalPage document={privacyPolicy} />;
}
