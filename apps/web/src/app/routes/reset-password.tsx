import { useSearchParams } from 'react-router';
import { ResetPasswordScreen } from '@/features/auth/components/reset-password-screen';

/** /reset-password (request a link) and /reset-password?token= (choose the new password). */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return <ResetPasswordScreen key={token ?? 'request'} token={token} />;
}
