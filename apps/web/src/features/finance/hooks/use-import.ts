import { IMPORT_FILE_MAX_BYTES, TRANSACTIONS_BATCH_MAX } from '@fa-clube/contract';
import type {
  ColumnMapping,
  ImportRowError,
  ImportedTransaction,
  TransactionInput,
} from '@fa-clube/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import {
  categorizeRows,
  createTransactions,
  financeKey,
  formatStatement,
  suggestMapping,
} from '../api/finance-api';
import { decodeDataUrl, isOfx, readAsDataUrl, readCsvTop } from '../lib/read-statement';
import type { CsvTop } from '../lib/read-statement';
import { t } from '../strings';

export type ImportStep = 'file' | 'mapping' | 'review' | 'done';

/** A row of the review: what format/categorize answered, and whether it is to be saved. */
export interface ReviewRow extends ImportedTransaction {
  /** Position in the file's rows (stable key). */
  key: number;
  selected: boolean;
}

export interface ImportSource {
  name: string;
  size: number;
  /** The file as a base64 data URL (format's `data`). */
  data: string;
  /** CSV: its header and first rows; null for OFX (the columns come from the file). */
  csv: CsvTop | null;
}

type Busy =
  | { kind: 'reading'; percent: number }
  | { kind: 'processing' }
  | { kind: 'saving'; done: number; total: number }
  | null;

interface SaveResult {
  saved: number;
  sent: number;
}

export const MAX_FILE_MB = IMPORT_FILE_MAX_BYTES / 1024 / 1024;

/** A reviewed row as POST /transaction/{ws} takes it, in the chosen account. */
const toTransactionInput =
  (accountId: string) =>
  ({
    key: _key,
    selected: _selected,
    row: _row,
    duplicate: _duplicate,
    category_source: _source,
    ...input
  }: ReviewRow): TransactionInput => ({ ...input, account_id: accountId });

/**
 * The import wizard's state and steps: file (read in the browser) → mapping (CSV) → review
 * (duplicates unselected, suggested categories) → saved in batches of TRANSACTIONS_BATCH_MAX
 * with progress. The three import calls write nothing; a stopped save is sent again and adds
 * nothing twice (each row carries its import_key).
 */
export function useImportWizard(ws: string, fallbackAccountId: string) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<ImportStep>('file');
  const [busy, setBusy] = useState<Busy>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [chosenAccount, setAccountId] = useState('');
  /** The chosen account, or the only one there is. */
  const accountId = chosenAccount || fallbackAccountId;
  const [source, setSource] = useState<ImportSource | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [invert, setInvert] = useState(false);
  const [rows, setRows] = useState<ReviewRow[]>([]);
  const [rowErrors, setRowErrors] = useState<ImportRowError[]>([]);
  const [result, setResult] = useState<SaveResult | null>(null);
  /**
   * Rows the server inserted so far, over every attempt: a stopped save is sent again whole,
   * and the rows already saved come back as nothing (same import_key), so the sum stays exact.
   */
  const inserted = useRef(0);
  const [stopped, setStopped] = useState(false);

  const run = useCallback(async (kind: 'processing', work: () => Promise<void>) => {
    setProblem(null);
    setBusy({ kind });
    try {
      await work();
    } catch (error) {
      setProblem(error);
    } finally {
      setBusy(null);
    }
  }, []);

  /** format with the mapping, then categorize: the review. */
  const process = useCallback(
    (file: ImportSource, columns: ColumnMapping | undefined, invertAmounts: boolean) =>
      run('processing', async () => {
        const formatted = await formatStatement(ws, {
          data: file.data,
          data_encoding: 'base64',
          ...(columns ? { columns } : {}),
          account_id: accountId || undefined,
          invert_amounts: invertAmounts,
        });
        const categorized =
          formatted.transactions.length > 0
            ? (await categorizeRows(ws, { transactions: formatted.transactions })).transactions
            : [];
        setRows(
          categorized.map((row, key) => ({
            ...row,
            account_id: accountId || row.account_id,
            key,
            selected: !row.duplicate,
          })),
        );
        setRowErrors(formatted.errors);
        setStep('review');
      }),
    [ws, accountId, run],
  );

  /** Reads the chosen file; a CSV goes to the mapping with the suggested columns. */
  const chooseFile = useCallback(
    async (file: File) => {
      setProblem(null);
      if (file.size === 0) return setProblem(new Error(t.import.empty));
      if (file.size > IMPORT_FILE_MAX_BYTES)
        return setProblem(new Error(t.import.tooLarge(MAX_FILE_MB)));
      setBusy({ kind: 'reading', percent: 0 });
      let data: string;
      try {
        data = await readAsDataUrl(file, (percent) => setBusy({ kind: 'reading', percent }));
      } catch {
        setBusy(null);
        return setProblem(new Error(t.import.readFailed));
      }
      const text = decodeDataUrl(data);
      const csv = isOfx(text) ? null : readCsvTop(text);
      const read: ImportSource = { name: file.name, size: file.size, data, csv };
      setSource(read);
      if (!csv) return process(read, undefined, false);
      await run('processing', async () => {
        const suggested = await suggestMapping(ws, {
          from_columns: csv.header,
          account_id: accountId || undefined,
        });
        setMapping(suggested.mapping);
        setInvert(suggested.invert_amounts);
        setStep('mapping');
      });
    },
    [ws, accountId, process, run],
  );

  const confirmMapping = useCallback(() => {
    if (source) void process(source, mapping, invert);
  }, [source, mapping, invert, process]);

  const selected = rows.filter((row) => row.selected);

  /** Saves the selected rows in batches of TRANSACTIONS_BATCH_MAX, with progress. */
  const save = useCallback(async () => {
    const toSave: TransactionInput[] = rows
      .filter((row) => row.selected)
      .map(toTransactionInput(accountId));
    setProblem(null);
    try {
      for (let i = 0; i < toSave.length; i += TRANSACTIONS_BATCH_MAX) {
        setBusy({ kind: 'saving', done: i, total: toSave.length });
        const batch = toSave.slice(i, i + TRANSACTIONS_BATCH_MAX);
        const answer = await createTransactions(ws, {
          transactions: batch,
          // the confirmed mapping of a CSV is remembered for the account's next file
          ...(source?.csv ? { import_mapping: { columns: mapping, invert_amounts: invert } } : {}),
        });
        inserted.current += answer.transactions.length;
      }
      setResult({ saved: inserted.current, sent: toSave.length });
      setStopped(false);
      setStep('done');
    } catch (error) {
      setProblem(error);
      setStopped(true);
    } finally {
      setBusy(null);
      void queryClient.invalidateQueries({ queryKey: financeKey(ws) });
    }
  }, [rows, accountId, ws, queryClient, source, mapping, invert]);

  const restart = useCallback(() => {
    setStep('file');
    setSource(null);
    setRows([]);
    setRowErrors([]);
    setResult(null);
    setProblem(null);
    setStopped(false);
    inserted.current = 0;
  }, []);

  return {
    step,
    setStep,
    busy,
    problem,
    accountId,
    setAccountId,
    source,
    mapping,
    setMapping,
    invert,
    setInvert,
    rows,
    setRows,
    selected,
    rowErrors,
    result,
    chooseFile,
    confirmMapping,
    save,
    restart,
    /** A save stopped midway: the button resumes it. */
    stopped,
  };
}

export type ImportWizard = ReturnType<typeof useImportWizard>;
