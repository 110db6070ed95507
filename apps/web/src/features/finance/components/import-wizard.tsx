import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useAccounts, useCategories, useFinanceWorkspace } from '../hooks/use-finance';
import { useImportWizard } from '../hooks/use-import';
import type { ImportStep } from '../hooks/use-import';
import { t } from '../strings';
import { ImportDone, ImportFileStep, ImportMappingStep } from './import-steps';
import { ImportReviewStep } from './import-review';
import { SectionHeader } from '@/components/layout/page';

const STEPS: ImportStep[] = ['file', 'mapping', 'review', 'done'];

/**
 * /finance/import: upload the bank file → map its columns (CSV) with a preview of the first
 * rows → review (duplicates, suggested categories, rows that could not be read) → save, with
 * progress at every step.
 */
export function ImportScreen() {
  const { ws, isOwner } = useFinanceWorkspace();
  const accounts = useAccounts(ws);
  const categories = useCategories(ws);
  const wizard = useImportWizard(ws!, accounts.data?.length === 1 ? accounts.data[0]!.id : '');
  const current = STEPS.indexOf(wizard.step);

  return (
    <section aria-labelledby="import-title" className="grid gap-5">
      <SectionHeader
        className="mb-0"
        title={<span id="import-title">{t.import.title}</span>}
        description={t.import.description}
      />
      <ol aria-label={t.import.stepsLabel} className="grid grid-cols-4 gap-2">
        {STEPS.map((step, i) => (
          <li key={step} aria-current={i === current ? 'step' : undefined} className="grid gap-1.5">
            <span
              className={cn('h-1.5 rounded-full bg-muted', i <= current && 'bg-primary')}
              aria-hidden
            />
            <span
              className={cn(
                'flex items-center gap-1 text-[12px] font-medium text-muted-foreground sm:text-[13px]',
                i === current && 'text-foreground',
              )}
            >
              {i < current ? <Check className="size-3.5 text-primary" aria-hidden /> : null}
              <span className="sr-only">{t.import.stepOf(i + 1, STEPS.length)}: </span>
              {t.import.steps[step]}
            </span>
          </li>
        ))}
      </ol>
      <Card className="gap-5 px-4 py-5 sm:px-6 sm:py-6">
        {accounts.isPending || categories.isPending ? (
          <Skeleton className="h-48 rounded-lg" />
        ) : accounts.data?.length === 0 ? (
          <div className="grid justify-items-start gap-3">
            <p className="text-sm text-muted-foreground">{t.import.needsAccount}</p>
            {isOwner ? (
              <Link to="/finance/accounts" className={buttonVariants()}>
                {t.overview.createAccount}
              </Link>
            ) : null}
          </div>
        ) : wizard.step === 'file' ? (
          <ImportFileStep wizard={wizard} accounts={accounts.data ?? []} disabled={!isOwner} />
        ) : wizard.step === 'mapping' ? (
          <ImportMappingStep wizard={wizard} />
        ) : wizard.step === 'review' ? (
          <ImportReviewStep wizard={wizard} categories={categories.data ?? []} />
        ) : (
          <ImportDone wizard={wizard} accounts={accounts.data ?? []} />
        )}
      </Card>
    </section>
  );
}
