import { Welcome } from '@/features/dashboard/components/welcome';

/** / and /dashboard ('Overview'). The content engineer replaces the welcome with the feed. */
export function DashboardRoute() {
  return <Welcome />;
}
