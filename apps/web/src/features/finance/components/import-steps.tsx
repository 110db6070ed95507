import { IMPORT_FIELDS } from '@fa-clube/contract';
import type { Account, ImportField } from '@fa-clube/contract';
import { CheckCircle2, FileUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { MAX_FILE_MB } from '../hooks/use-import';
import type { ImportWizard } from '../hooks/use-import';
import { formatBytes } from '../lib/format';
import { t } from '../strings';

/** What went wrong in the last step, announced. */
export function ImportProblem({ wizard }: { wizard: ImportWizard }) {
  if (!wizard.problem) return null;
  const message =
    wizard.problem instanceof Error ? wizard.problem.message : errorMessage(wizard.problem);
  return (
    <p
      role="alert"
      className="rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive-text"
    >
      {message}
    </p>
  );
}

/** 'Lendo os lançamentos…' while format and categorize run. */
export function Processing() {
  return (
    <div
      className="flex items-center gap-3 rounded-lg bg-muted/60 px-4 py-3 text-sm"
      aria-live="polite"
    >
      <Spinner className="size-5 text-primary" label="" />
      {t.import.processing}
    </div>
  );
}

/** Step 1: the destination account and the file (chosen or dropped), read with progress. */
export function ImportFileStep({
  wizard,
  accounts,
  disabled,
}: {
  wizard: ImportWizard;
  accounts: readonly Account[];
  disabled: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const { busy, accountId } = wizard;
  const blocked = disabled || !accountId || busy !== null;
  const take = (file: File | undefined) => {
    if (file && !blocked) void wizard.chooseFile(file);
  };

  return (
    <div className="grid gap-5">
      <Field label={t.import.account} hint={t.import.accountHint} className="max-w-md">
        {(control) => (
          <NativeSelect
            {...control}
            value={accountId}
            disabled={disabled || busy !== null}
            onChange={(e) => wizard.setAccountId(e.target.value)}
          >
            <option value="" disabled>
              {t.import.accountPlaceholder}
            </option>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label} ({a.currency})
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          if (!blocked) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          take(e.dataTransfer.files[0]);
        }}
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-10 text-center transition-colors',
          dragging && 'border-primary bg-accent/40',
          blocked && 'opacity-60',
        )}
      >
        <div className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <FileUp className="size-6" aria-hidden />
        </div>
        <p className="text-sm text-muted-foreground">{t.import.drop}</p>
        <input
          ref={input}
          type="file"
          accept=".csv,.ofx,.qfx,.txt,text/csv,application/x-ofx"
          className="sr-only"
          tabIndex={-1}
          aria-label={t.import.file}
          onChange={(e) => {
            take(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button onClick={() => input.current?.click()} disabled={blocked} aria-describedby={hintId}>
          {t.import.choose}
        </Button>
        <p id={hintId} className="text-[13px] text-muted-foreground">
          {t.import.fileHint(MAX_FILE_MB)}
        </p>
      </div>
      {busy?.kind === 'reading' ? (
        <div className="grid gap-1.5">
          <Progress value={busy.percent} aria-label={t.import.readingPercent(busy.percent)} />
          <p className="text-[13px] text-muted-foreground" aria-live="polite">
            {t.import.readingPercent(busy.percent)}
          </p>
        </div>
      ) : null}
      {busy?.kind === 'processing' ? <Processing /> : null}
      <ImportProblem wizard={wizard} />
    </div>
  );
}

const FIELD_OPTIONS: (ImportField | '')[] = ['', ...IMPORT_FIELDS];

/** Step 2 (CSV): each column's field, the sign switch, and the first rows as written. */
export function ImportMappingStep({ wizard }: { wizard: ImportWizard }) {
  const { source, mapping, busy } = wizard;
  if (!source?.csv) return null;
  const { header, rows } = source.csv;
  const fields = new Set(Object.values(mapping));
  const ready = fields.has('date') && fields.has('amount');

  return (
    <div className="grid gap-5">
      <div className="grid gap-1">
        <h3 className="text-base font-semibold tracking-tight">{t.import.mappingTitle}</h3>
        <p className="text-sm text-muted-foreground">{t.import.mappingText}</p>
        <p className="text-[13px] text-muted-foreground">
          {t.import.chosen(source.name, formatBytes(source.size))}
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t.import.mappingTitle}>
        {header.map((column, i) => (
          <li key={`${column}-${i}`} className="grid gap-1.5 rounded-lg border p-3">
            <Field label={t.import.column(column || String(i + 1))}>
              {(control) => (
                <NativeSelect
                  {...control}
                  aria-label={t.import.fieldOf(column)}
                  value={mapping[column] ?? ''}
                  disabled={busy !== null}
                  onChange={(e) =>
                    wizard.setMapping({
                      ...mapping,
                      [column]: (e.target.value || null) as ImportField | null,
                    })
                  }
                >
                  {FIELD_OPTIONS.map((field) => (
                    <option key={field || 'ignore'} value={field}>
                      {field ? t.import.fields[field] : t.import.ignore}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <p className="truncate text-[12px] text-muted-foreground" title={rows[0]?.[i]}>
              {rows[0]?.[i] || t.finance.none}
            </p>
          </li>
        ))}
      </ul>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          checked={wizard.invert}
          onChange={(e) => wizard.setInvert(e.target.checked)}
          className="mt-0.5 size-4 accent-primary"
        />
        <span className="grid gap-0.5">
          <span className="font-medium">{t.import.invert}</span>
          <span className="text-[13px] text-muted-foreground">{t.import.invertHint}</span>
        </span>
      </label>
      <div className="grid gap-2">
        <h4 className="text-sm font-semibold">{t.import.preview}</h4>
        {/* scrolls sideways on a phone: focusable so the keyboard can scroll it */}
        <div
          className="overflow-x-auto rounded-lg border focus-visible:ring-[3px] focus-visible:ring-ring/50 outline-none"
          tabIndex={0}
          role="region"
          aria-label={t.import.preview}
        >
          <Table>
            <caption className="sr-only">{t.import.previewCount(rows.length)}</caption>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                {header.map((column, i) => (
                  <TableHead key={`${column}-${i}`} className="normal-case">
                    <span className="grid">
                      <span>{column}</span>
                      <span className="font-normal text-primary">
                        {mapping[column] ? t.import.fields[mapping[column]] : t.import.ignore}
                      </span>
                    </span>
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row, r) => (
                <TableRow key={r}>
                  {header.map((column, i) => (
                    <TableCell
                      key={`${column}-${i}`}
                      className={cn(
                        'max-w-56 truncate whitespace-nowrap text-[13px]',
                        !mapping[column] && 'text-muted-foreground',
                      )}
                    >
                      {row[i] ?? ''}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </div>
      {busy?.kind === 'processing' ? <Processing /> : null}
      <ImportProblem wizard={wizard} />
      {ready ? null : (
        <p className="text-[13px] text-muted-foreground">{t.import.needsDateAndAmount}</p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={wizard.restart} disabled={busy !== null}>
          {t.import.back}
        </Button>
        <Button
          onClick={wizard.confirmMapping}
          disabled={!ready}
          loading={busy?.kind === 'processing'}
        >
          {t.import.next}
        </Button>
      </div>
    </div>
  );
}

/** Step 4: how many were saved and how many already existed. */
export function ImportDone({
  wizard,
  accounts,
}: {
  wizard: ImportWizard;
  accounts: readonly Account[];
}) {
  const result = wizard.result;
  if (!result) return null;
  const account = accounts.find((a) => a.id === wizard.accountId);
  const skipped = result.sent - result.saved;
  return (
    <div className="flex flex-col items-center gap-4 py-6 text-center" role="status">
      <div className="flex size-12 items-center justify-center rounded-full bg-success/15 text-success-text">
        <CheckCircle2 className="size-6" aria-hidden />
      </div>
      <div className="grid gap-1">
        <p className="text-lg font-semibold">{t.import.doneTitle}</p>
        <p className="text-sm text-muted-foreground">
          {t.import.doneText(result.saved, account?.label ?? '')}
        </p>
        {skipped > 0 ? (
          <p className="text-sm text-muted-foreground">{t.import.doneSkipped(skipped)}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Link
          to={`/finance/transactions?account_id=${wizard.accountId}`}
          className={buttonVariants()}
        >
          {t.import.viewTransactions}
        </Link>
        <Button variant="outline" onClick={wizard.restart}>
          {t.import.another}
        </Button>
      </div>
    </div>
  );
}
