import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { t } from '@/i18n/pt-BR';
import { useStorageUsage } from '@/lib/storage-usage';
import { cn } from '@/lib/utils';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** "0 MB", "850 KB", "12,5 MB", "5 GB" */
function formatStorage(bytes: number): string {
  const number = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 1 });
  if (bytes >= GB) return `${number(bytes / GB)} GB`;
  if (bytes >= MB) return `${number(bytes / MB)} MB`;
  if (bytes > 0) return `${number(Math.max(1, bytes / KB))} KB`;
  return '0 MB';
}

/**
 * The space the workspace's files take, as a bar ("X de Y usados"), with its loading and error
 * states: Configurações › Perfil and Arquivos.
 */
export function StorageMeter({ workspaceId }: { workspaceId: string }) {
  const query = useStorageUsage(workspaceId);
  const usage = query.data;
  const percent = usage ? Math.min(100, (usage.used_bytes / usage.quota_bytes) * 100) : 0;
  const full = usage ? usage.used_bytes >= usage.quota_bytes : false;
  return usage ? (
    <div className="grid gap-3" data-testid="storage-usage">
      <Progress
        value={percent}
        aria-label={t.storage.bar}
        className={cn(
          full && 'bg-destructive/15 [&>[data-slot=progress-indicator]]:bg-destructive',
        )}
      />
      <p className="text-sm text-foreground tabular-nums">
        {t.storage.used(formatStorage(usage.used_bytes), formatStorage(usage.quota_bytes))}
      </p>
      {percent >= 90 ? (
        <p className={cn('text-[13px]', full ? 'text-destructive' : 'text-muted-foreground')}>
          {full ? t.storage.full : t.storage.nearlyFull}
        </p>
      ) : null}
    </div>
  ) : query.isError ? (
    <div className="flex flex-wrap items-center gap-3">
      <p role="alert" className="text-sm text-destructive">
        {t.storage.loadError}
      </p>
      <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
        <RefreshCw aria-hidden />
        {t.common.retry}
      </Button>
    </div>
  ) : (
    <div className="grid gap-3" data-testid="storage-usage-loading">
      <Skeleton className="h-2 w-full rounded-full" />
      <Skeleton className="h-4 w-40" />
    </div>
  );
}
