import { Outlet } from 'react-router';
import type { NavMenu } from '@/components/layout/nav-items';
import { Page, PageHeader } from '@/components/layout/page';
import { SectionNav } from '@/components/layout/section-nav';
import { Note } from '@/components/ui/note';
import { Spinner } from '@/components/ui/spinner';
import { useFinanceWorkspace } from '../hooks/use-finance';
import { t } from '../strings';

/**
 * /finance/*: the title, the sections (Resumo, Lançamentos, Contas, Categorias, Importar
 * extrato) and the section below. A member reads everything; a note says why the controls are
 * off.
 */
export function FinanceLayout({ sections }: { sections: NavMenu }) {
  const { ws, isOwner } = useFinanceWorkspace();
  return (
    <Page width="wide">
      <PageHeader title={t.finance.title} description={t.finance.description} />
      <SectionNav label={t.finance.sectionsLabel} sections={sections} />
      {ws ? (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
          {isOwner ? null : <Note>{t.finance.readOnly}</Note>}
          <Outlet />
        </div>
      ) : (
        <div className="flex justify-center py-16">
          <Spinner className="size-6 text-primary" />
        </div>
      )}
    </Page>
  );
}
