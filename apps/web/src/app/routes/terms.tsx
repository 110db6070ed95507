import { LegalPage } from '@/components/layout/legal-page';
import { termsOfUse } from '@/i18n/legal.pt-BR';

/** /terms (Termos de Uso) */
export function TermsRoute() {
  return <LegalPage document={termsOfUse} />;
}
