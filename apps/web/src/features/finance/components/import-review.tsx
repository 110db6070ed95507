import type { Category } from '@fa-clube/contract';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import type { ImportWizard, ReviewRow } from '../hooks/use-import';
import { formatDate } from '../lib/format';
import { t } from '../strings';
import { Amount } from './amount';
import { CategoryOptions } from './select-options';
import { ImportProblem, Processing } from './import-steps';
import { Pager } from './pager';

/** Rows shown at a time: a 5,000-row file stays quick to review. */
const REVIEW_PAGE = 50;

/**
 * Step 3: every row read, duplicates flagged and unselected, the suggested category (editable)
 * with where it came from, the rows that could not be read, and 'Salvar N lançamentos' with the
 * progress of the batches.
 */
export function ImportReviewStep({
  wizard,
  categories,
}: {
  wizard: ImportWizard;
  categories: readonly Category[];
}) {
  const { rows, rowErrors, busy, selected } = wizard;
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / REVIEW_PAGE));
  const shown = rows.slice(page * REVIEW_PAGE, (page + 1) * REVIEW_PAGE);
  const duplicates = rows.filter((r) => r.duplicate).length;
  const saving = busy?.kind === 'saving' ? busy : null;
  const locked = busy !== null;

  const change = (key: number, patch: Partial<ReviewRow>) =>
    wizard.setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const selectAll = (on: boolean) =>
    wizard.setRows((all) => all.map((row) => ({ ...row, selected: on && !row.duplicate })));

  return (
    <div className="grid gap-5">
      <div className="grid gap-1">
        <h3 className="text-base font-semibold tracking-tight">{t.import.reviewTitle}</h3>
        <p className="text-sm text-muted-foreground">{t.import.reviewText}</p>
        <p className="text-[13px] font-medium" data-testid="import-summary">
          {t.import.summary(rows.length, duplicates, rowErrors.length)}
        </p>
      </div>

      {rowErrors.length > 0 ? (
        <details className="group rounded-lg border border-destructive/30 bg-destructive/5">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-4 py-2.5 text-sm font-medium text-destructive-text outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
            {t.import.errorsTitle(rowErrors.length)}
            <ChevronDown
              className="size-4 transition-transform group-open:rotate-180"
              aria-hidden
            />
          </summary>
          <ul className="grid max-h-60 gap-1 overflow-y-auto border-t border-destructive/20 px-4 py-3 text-[13px]">
            {rowErrors.map((error) => (
              <li key={`${error.row}-${error.message}`}>
                <span className="font-medium">{t.import.errorRow(error.row)}:</span> {error.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}

      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
          {t.import.noRows}
        </p>
      ) : (
        <>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => selectAll(true)} disabled={locked}>
              {t.import.selectAll}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => selectAll(false)} disabled={locked}>
              {t.import.selectNone}
            </Button>
          </div>
          <ul className="divide-y rounded-lg border" aria-label={t.import.reviewTitle}>
            {shown.map((row) => (
              <ReviewItem
                key={row.key}
                row={row}
                categories={categories}
                disabled={locked}
                onChange={(patch) => change(row.key, patch)}
              />
            ))}
          </ul>
          {pages > 1 ? (
            <Pager
              label={t.import.reviewPaging}
              status={t.import.pageOf(page + 1, pages)}
              hasPrevious={page > 0}
              hasNext={page < pages - 1}
              onPrevious={() => setPage(page - 1)}
              onNext={() => setPage(page + 1)}
            />
          ) : null}
        </>
      )}

      {saving ? (
        <div className="grid gap-1.5">
          <Progress
            value={saving.total > 0 ? (saving.done / saving.total) * 100 : 0}
            aria-label={t.import.saving(saving.done, saving.total)}
          />
          <p className="text-[13px] text-muted-foreground" aria-live="polite">
            {t.import.saving(saving.done, saving.total)}
          </p>
        </div>
      ) : null}
      {busy?.kind === 'processing' ? <Processing /> : null}
      {wizard.stopped ? (
        <p className="text-[13px] text-muted-foreground">{t.import.saveFailed}</p>
      ) : null}
      <ImportProblem wizard={wizard} />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button
          variant="outline"
          onClick={() => wizard.setStep(wizard.source?.csv ? 'mapping' : 'file')}
          disabled={locked}
        >
          {t.import.back}
        </Button>
        <Button
          onClick={() => void wizard.save()}
          disabled={selected.length === 0}
          loading={saving !== null}
        >
          {wizard.stopped ? t.import.resume : t.import.save(selected.length)}
        </Button>
      </div>
    </div>
  );
}

function ReviewItem({
  row,
  categories,
  disabled,
  onChange,
}: {
  row: ReviewRow;
  categories: readonly Category[];
  disabled: boolean;
  onChange: (patch: Partial<ReviewRow>) => void;
}) {
  return (
    <li
      aria-label={row.label}
      data-testid="import-row"
      className={cn(
        'grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 px-3 py-3 sm:px-4 md:grid-cols-[auto_6.5rem_minmax(0,1fr)_minmax(0,13rem)_8.5rem] md:items-center',
        !row.selected && 'bg-muted/40',
      )}
    >
      <input
        type="checkbox"
        checked={row.selected}
        disabled={disabled}
        aria-label={t.import.include(row.label)}
        onChange={(e) => onChange({ selected: e.target.checked })}
        className="size-4 accent-primary md:row-auto"
      />
      <span className="text-[13px] text-muted-foreground tabular-nums md:order-none">
        {formatDate(row.date)}
      </span>
      <div className="col-start-2 grid min-w-0 gap-0.5 md:col-start-auto">
        <span
          className={cn('truncate text-sm font-medium', !row.selected && 'text-muted-foreground')}
        >
          {row.label}
        </span>
        {row.duplicate ? (
          <span className="flex items-center gap-1.5">
            <Badge variant="secondary" title={t.import.duplicateHint}>
              {t.import.duplicate}
            </Badge>
          </span>
        ) : null}
      </div>
      <div className="col-start-2 grid gap-1 md:col-start-auto">
        <NativeSelect
          aria-label={t.transactions.categoryOf(row.label)}
          value={row.category ?? ''}
          disabled={disabled}
          onChange={(e) => onChange({ category: e.target.value || null, category_source: null })}
          className="h-9 text-[13px] md:text-[13px]"
        >
          <option value="">{t.transactions.uncategorized}</option>
          <CategoryOptions categories={categories} />
        </NativeSelect>
        {row.category && row.category_source ? (
          <span className="text-[12px] text-muted-foreground">
            {t.import.suggestedBy(t.import.suggested[row.category_source])}
          </span>
        ) : null}
      </div>
      <Amount
        value={row.amount}
        currency={row.currency}
        className="col-start-2 text-sm md:col-start-auto md:justify-self-end"
      />
    </li>
  );
}
