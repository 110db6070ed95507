import { useSearchParams } from 'react-router';
import { SignupScreen } from '@/features/auth/components/signup-screen';
import { safeReturnTo } from '@/lib/navigation';

/** /signup?return_to= */
export function SignupRoute() {
  const [params] = useSearchParams();
  return <SignupScreen returnTo={safeReturnTo(params.get('return_to'))} />;
}
