import type { NavMenu } from '@/components/layout/nav-items';
import { FinanceLayout } from '@/features/finance/components/finance-layout';

/** /finance/*: the finance area's title and sections. */
export function FinanceRoute({ sections }: { sections: NavMenu }) {
  return <FinanceLayout sections={sections} />;
}
