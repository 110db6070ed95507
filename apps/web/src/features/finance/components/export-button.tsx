import type { Account, Category } from '@fa-clube/contract';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';
import type { TransactionFilters } from '../api/finance-api';
import { fetchAllTransactions, transactionsCsv } from '../lib/export-csv';
import { todayIso } from '../lib/format';
import { t } from '../strings';

/** 'Exportar CSV': every page of the filtered list, with the progress in the button. */
export function ExportButton({
  ws,
  filters,
  accounts,
  categories,
}: {
  ws: string;
  filters: TransactionFilters;
  accounts: readonly Account[];
  categories: readonly Category[];
}) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const run = async () => {
    setProgress({ done: 0, total: 0 });
    try {
      const rows = await fetchAllTransactions(ws, filters, (done, total) =>
        setProgress({ done, total }),
      );
      const csv = transactionsCsv(rows, accounts, categories);
      saveBlob(
        new Blob([csv], { type: 'text/csv;charset=utf-8' }),
        t.transactions.exportFile(todayIso()),
      );
      toast.success(t.transactions.exported(rows.length));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Button variant="outline" loading={progress !== null} onClick={() => void run()}>
      {progress ? null : <Download aria-hidden />}
      {progress && progress.total > 0
        ? t.transactions.exporting(progress.done, progress.total)
        : t.transactions.export}
    </Button>
  );
}
