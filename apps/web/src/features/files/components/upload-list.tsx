import { CircleAlert, CircleCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { ApiError, errorMessage } from '@/lib/api-client';
import { UploadError } from '@/lib/upload';
import type { UploadItem } from '../hooks/use-files';
import { t } from '../strings';

/** The uploads of this visit: each file's progress, then 'Enviado' or why it failed. */
export function UploadList({ items, onClear }: { items: UploadItem[]; onClear: () => void }) {
  if (items.length === 0) return null;
  const finished = items.some((item) => item.status !== 'uploading');
  return (
    <section
      aria-label={t.files.uploadsTitle}
      className="mb-4 grid gap-3 rounded-xl border bg-card p-4 shadow-xs"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold">{t.files.uploadsTitle}</h2>
        {finished ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            {t.files.clearUploads}
          </Button>
        ) : null}
      </div>
      <ul className="grid gap-3">
        {items.map((item) => (
          <li key={item.id} className="grid gap-1.5" data-testid="upload-item">
            <div className="flex min-w-0 items-center justify-between gap-3 text-sm">
              <span className="min-w-0 truncate font-medium">{item.name}</span>
              {item.status === 'uploading' ? (
                <span className="shrink-0 text-muted-foreground tabular-nums">{item.percent}%</span>
              ) : item.status === 'done' ? (
                <span className="flex shrink-0 items-center gap-1 text-success-text">
                  <CircleCheck className="size-4" aria-hidden />
                  {t.files.uploaded}
                </span>
              ) : (
                <span className="flex shrink-0 items-center gap-1 text-destructive-text">
                  <CircleAlert className="size-4" aria-hidden />
                  {t.files.uploadFailed}
                </span>
              )}
            </div>
            {item.status === 'uploading' ? (
              <Progress value={item.percent} aria-label={t.files.uploadProgress(item.name)} />
            ) : item.status === 'error' ? (
              <p role="alert" className="text-[13px] text-destructive-text">
                {failure(item.error)}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function failure(error: unknown): string {
  if (error === undefined) return t.files.unsupported;
  if (error instanceof UploadError && !(error instanceof ApiError)) return error.message;
  return errorMessage(error);
}
