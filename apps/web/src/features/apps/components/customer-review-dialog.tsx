import { TrueIdReviewBody } from '@fa-clube/contract';
import type { TrueIdCustomer, VerificationObject } from '@fa-clube/contract';
import { Check, ExternalLink, FileText, ImageOff, X } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { setServerErrors, useZodForm } from '@/lib/form';
import { useAccessLog, useReview, useReviewObjects } from '../hooks/use-trueid';
import { ageOn, formatDateTime, formatIsoDate, formatLegalId } from '../lib/format';
import { t } from '../strings';
import { STATUS_BADGE } from '../lib/status';

/**
 * One customer's review: the data beside the document's front and back and the selfie, then
 * approve, or reject with a reason (owner); the access log below (owner).
 */
export function CustomerReviewDialog({
  workspaceId,
  customer,
  isOwner,
  onClose,
}: {
  workspaceId: string;
  customer: TrueIdCustomer;
  isOwner: boolean;
  onClose: () => void;
}) {
  const objects = useReviewObjects(workspaceId, customer.id);
  const review = useReview(workspaceId, customer.id);
  const log = useAccessLog(workspaceId, customer.id, isOwner && objects.isSuccess);
  const [rejecting, setRejecting] = useState(false);
  const canDecide = isOwner && customer.status === 'in_review';

  const approve = () =>
    review.mutate(
      { decision: 'approve' },
      {
        onSuccess: () => {
          toast.success(t.trueid.approved(customer.legal_name));
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && !review.isPending && onClose()}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle>{t.trueid.dialogTitle(customer.legal_name)}</DialogTitle>
          <DialogDescription>{t.trueid.dialogDescription}</DialogDescription>
        </DialogHeader>

        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-xl bg-muted/60 p-4 text-sm sm:grid-cols-4">
          <Item label={t.trueid.legalId} value={formatLegalId(customer.legal_id)} />
          <Item
            label={t.trueid.birth}
            value={
              customer.date_of_birth
                ? `${formatIsoDate(customer.date_of_birth)} (${t.trueid.age(ageOn(customer.date_of_birth))})`
                : '—'
            }
          />
          <Item
            label={t.trueid.documentType}
            value={t.trueid.documentTypes[customer.document_type] ?? customer.document_type}
          />
          <div className="grid gap-1">
            <dt className="text-xs text-muted-foreground">{t.trueid.statusLabel}</dt>
            <dd>
              <Badge variant={STATUS_BADGE[customer.status]}>
                {t.trueid.status[customer.status]}
              </Badge>
            </dd>
          </div>
          {customer.custom_email ? (
            <Item
              label={t.trueid.email}
              value={customer.custom_email}
              className="col-span-2 sm:col-span-4"
            />
          ) : null}
        </dl>

        {objects.isError ? (
          <LoadError message={t.trueid.filesError} onRetry={() => void objects.refetch()} />
        ) : (
          <div className="grid gap-4 sm:grid-cols-3">
            <FilePanel
              title={t.trueid.front}
              files={objects.data?.front}
              loading={objects.isPending}
            />
            <FilePanel
              title={t.trueid.backSide}
              files={objects.data?.back}
              loading={objects.isPending}
            />
            <FilePanel
              title={t.trueid.selfie}
              files={objects.data?.liveness}
              loading={objects.isPending}
            />
          </div>
        )}

        {canDecide ? (
          rejecting ? (
            <RejectForm
              pending={review.isPending}
              onCancel={() => setRejecting(false)}
              onReject={(reason, form) =>
                review.mutate(
                  { decision: 'reject', reason },
                  {
                    onSuccess: () => {
                      toast.success(t.trueid.rejected(customer.legal_name));
                      onClose();
                    },
                    onError: (error) => {
                      setServerErrors(form, error);
                      toast.error(errorMessage(error));
                    },
                  },
                )
              }
            />
          ) : (
            <DialogFooter>
              <Button
                variant="outline"
                onClick={() => setRejecting(true)}
                disabled={review.isPending}
              >
                <X aria-hidden />
                {t.trueid.reject}
              </Button>
              <Button onClick={approve} loading={review.isPending}>
                <Check aria-hidden />
                {t.trueid.approve}
              </Button>
            </DialogFooter>
          )
        ) : null}

        {isOwner ? (
          <section aria-labelledby="trueid-log" className="grid gap-2">
            <h3 id="trueid-log" className="text-sm font-semibold">
              {t.trueid.accessLogTitle}
            </h3>
            {log.isPending ? (
              <Skeleton className="h-16 w-full" />
            ) : log.isError || !log.data.entries.length ? (
              <p className="text-sm text-muted-foreground">{t.trueid.accessLogEmpty}</p>
            ) : (
              <ul
                tabIndex={0}
                aria-labelledby="trueid-log"
                className="max-h-48 divide-y overflow-y-auto rounded-lg border text-[13px] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {log.data.entries.map((e) => (
                  <li key={e.id} className="flex flex-wrap gap-x-2 px-3 py-2">
                    <span className="font-medium">@{e.username}</span>
                    <span>{t.trueid.actions[e.action]}</span>
                    {e.file_path ? (
                      <span className="min-w-0 truncate text-muted-foreground">{e.file_path}</span>
                    ) : null}
                    <span className="ml-auto text-muted-foreground tabular-nums">
                      {formatDateTime(e.created_at)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function Item({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={className ? `grid gap-1 ${className}` : 'grid gap-1'}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{value}</dd>
    </div>
  );
}

function FilePanel({
  title,
  files,
  loading,
}: {
  title: string;
  files: VerificationObject[] | undefined;
  loading: boolean;
}) {
  const file = files?.at(-1);
  return (
    <figure className="grid content-start gap-2">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl border bg-muted/50">
        {loading ? (
          <Skeleton className="size-full rounded-none" />
        ) : !file ? (
          <p className="flex flex-col items-center gap-2 px-4 text-center text-[13px] text-muted-foreground">
            <ImageOff className="size-5" aria-hidden />
            {t.trueid.noFile}
          </p>
        ) : file.content_type.startsWith('image/') ? (
          <img src={file.url} alt={title} className="size-full object-contain" />
        ) : file.content_type.startsWith('video/') ? (
          <video src={file.url} controls className="size-full object-contain" aria-label={title} />
        ) : (
          <FileText className="size-8 text-muted-foreground" aria-hidden />
        )}
      </div>
      {file ? (
        <a
          href={file.url}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex items-center gap-1 text-[13px] text-primary hover:underline"
        >
          <ExternalLink className="size-3.5" aria-hidden />
          {t.trueid.openFile}
        </a>
      ) : null}
    </figure>
  );
}

const RejectBody = TrueIdReviewBody.options[1];

function RejectForm({
  pending,
  onCancel,
  onReject,
}: {
  pending: boolean;
  onCancel: () => void;
  onReject: (reason: string, form: ReturnType<typeof useZodForm<typeof RejectBody>>) => void;
}) {
  const form = useZodForm(RejectBody, { defaultValues: { decision: 'reject', reason: '' } });
  return (
    <Form form={form} onSubmit={(v) => onReject(v.reason, form)} className="grid gap-3">
      <FormField name="reason" label={t.trueid.reason}>
        {(control) => (
          <Textarea {...control} rows={3} placeholder={t.trueid.reasonPlaceholder} autoFocus />
        )}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          {t.trueid.cancel}
        </Button>
        <FormSubmit variant="destructive" pending={pending} ready={RejectBody}>
          {t.trueid.confirmReject}
        </FormSubmit>
      </div>
    </Form>
  );
}
