import { TipsScreen } from '@/features/tips/components/tips-screen';

/** /tips ('Gorjetas'). */
export function TipsRoute() {
  return <TipsScreen />;
}
