import { InsightsScreen } from '@/features/insights/components/insights-screen';

/** /insights ('Visão geral'). */
export function InsightsRoute() {
  return <InsightsScreen />;
}
