import type { FileEntry } from '@fa-clube/contract';
import { Download } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useFileUrl } from '../hooks/use-files';
import { formatBytes, kindOf } from '../lib/file-names';
import { t } from '../strings';

/** An image or a video of the store, from a 5-minute signed URL, with 'Baixar'. */
export function PreviewDialog({
  ws,
  file,
  onClose,
}: {
  ws: string;
  file: FileEntry;
  onClose: () => void;
}) {
  const url = useFileUrl(ws, file.path);
  const kind = kindOf(file.name);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl gap-4">
        <DialogHeader>
          <DialogTitle className="truncate pr-8">{file.name}</DialogTitle>
          <DialogDescription>
            {t.files.kind[kind ?? 'other']} · {formatBytes(file.size)}
          </DialogDescription>
        </DialogHeader>
        <div className="flex min-h-48 items-center justify-center overflow-hidden rounded-lg bg-muted">
          {url.isPending ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Spinner className="size-4" />
              {t.files.previewLoading}
            </p>
          ) : url.isError ? (
            <p role="alert" className="px-4 text-sm text-destructive">
              {t.files.previewError}
            </p>
          ) : kind === 'image' ? (
            <img
              src={url.data.url}
              alt={file.name}
              className="max-h-[65dvh] w-auto max-w-full object-contain"
            />
          ) : kind === 'video' ? (
            <video
              src={url.data.url}
              controls
              playsInline
              preload="metadata"
              aria-label={file.name}
              className="max-h-[65dvh] w-full bg-black"
            />
          ) : (
            <p className="text-sm text-muted-foreground">{t.files.noPreview}</p>
          )}
        </div>
        {url.data ? (
          <div className="flex justify-end">
            <a
              href={url.data.url}
              download={file.name}
              className={cn(buttonVariants({ variant: 'outline' }))}
            >
              <Download aria-hidden />
              {t.files.download}
            </a>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
