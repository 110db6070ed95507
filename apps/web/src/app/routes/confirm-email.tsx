import { useSearchParams } from 'react-router';
import { ConfirmEmailScreen } from '@/features/auth/components/confirm-email-screen';

/** /confirm-email?token= (the 'Confirme seu e-mail' link). */
export function ConfirmEmailRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return <ConfirmEmailScreen key={token ?? 'none'} token={token} />;
}
