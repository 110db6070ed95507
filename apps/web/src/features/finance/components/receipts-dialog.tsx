import { ATTACHMENTS_MAX, MAX_IMAGE_BYTES } from '@fa-clube/contract';
import type { ExtensionType, Transaction } from '@fa-clube/contract';
import { ExternalLink, ImagePlus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { uploadFile } from '@/lib/upload';
import { deleteAttachment, requestReceiptUpload, updateTransaction } from '../api/finance-api';
import { useFinanceMutation } from '../hooks/use-finance';
import { t } from '../strings';

/** The image types a receipt may be, and the file store's extension for each. */
const RECEIPT_TYPES: Record<string, ExtensionType> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * A transaction's receipts (images in the workspace's file store, shown through short-lived
 * links): the owner attaches one (upload with progress, then the transaction lists it) or
 * removes one; members look.
 */
export function ReceiptsDialog({
  ws,
  row,
  isOwner,
  onClose,
}: {
  ws: string;
  row: Transaction;
  isOwner: boolean;
  onClose: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const attach = useFinanceMutation(ws, async (ws, file: File) => {
    const target = await requestReceiptUpload(ws, RECEIPT_TYPES[file.type]!, file.size);
    await uploadFile({
      url: target.presigned_url,
      file,
      headers: target.headers,
      onProgress: (p) => setPercent(p.percent),
    });
    return updateTransaction(ws, row.id, {
      attachments: [
        ...row.attachments.map((a) => ({ file_path: a.file_path })),
        { file_path: target.file_path },
      ],
    });
  });
  const detach = useFinanceMutation(ws, (ws, filePath: string) =>
    deleteAttachment(ws, row.id, filePath),
  );

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!RECEIPT_TYPES[file.type]) return toast.error(t.transactions.receiptTypes);
    if (file.size > MAX_IMAGE_BYTES) return toast.error(t.transactions.receiptTooLarge);
    setPercent(0);
    attach.mutate(file, {
      onSuccess: () => toast.success(t.transactions.receiptAdded),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setPercent(null),
    });
  };
  const full = row.attachments.length >= ATTACHMENTS_MAX;

  return (
    <Dialog open onOpenChange={(open) => !open && !attach.isPending && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t.transactions.receiptsTitle}</DialogTitle>
          <DialogDescription>{t.transactions.receiptsText(row.label)}</DialogDescription>
        </DialogHeader>
        {row.attachments.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
            {t.transactions.receiptsEmpty}
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {row.attachments.map((attachment, i) => (
              <li
                key={attachment.file_path}
                className="group relative overflow-hidden rounded-lg border bg-muted"
              >
                <a
                  href={attachment.url}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={t.transactions.receiptOpen(i + 1)}
                  className="block aspect-[3/4] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <img src={attachment.url} alt="" className="size-full object-cover" />
                  <ExternalLink
                    className="absolute top-2 left-2 size-4 text-white drop-shadow"
                    aria-hidden
                  />
                </a>
                {isOwner ? (
                  <Button
                    variant="secondary"
                    size="icon-sm"
                    className="absolute top-1.5 right-1.5"
                    aria-label={t.transactions.receiptRemove(i + 1)}
                    disabled={detach.isPending}
                    onClick={() =>
                      detach.mutate(attachment.file_path, {
                        onSuccess: () => toast.success(t.transactions.receiptRemoved),
                        onError: (error) => toast.error(errorMessage(error)),
                      })
                    }
                  >
                    <Trash2 aria-hidden />
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {percent !== null ? (
          <div className="grid gap-1.5">
            <Progress value={percent} aria-label={t.transactions.uploading(percent)} />
            <p className="text-[13px] text-muted-foreground" aria-live="polite">
              {t.transactions.uploading(percent)}
            </p>
          </div>
        ) : null}
        {isOwner ? (
          <div className="grid gap-1.5">
            <input
              ref={input}
              type="file"
              accept={Object.keys(RECEIPT_TYPES).join(',')}
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              onChange={(e) => {
                pick(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <Button
              variant="outline"
              loading={attach.isPending}
              disabled={full}
              onClick={() => input.current?.click()}
            >
              {attach.isPending ? null : <ImagePlus aria-hidden />}
              {t.transactions.receiptAdd}
            </Button>
            {full ? (
              <p className="text-[13px] text-muted-foreground">
                {t.transactions.receiptsLimit(ATTACHMENTS_MAX)}
              </p>
            ) : null}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
