import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Clock, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { apiPath, formatCents, majorToCents, paths } from '@fa-clube/contract';
import type { ChargeDetail } from '@fa-clube/contract';
import { PixCode, PixIcon } from '@/components/pix-code';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/sales';
import { api, errorMessage } from '@/lib/api-client';
import { onChargePaid } from '@/lib/charge-events';

/** How often the open dialog asks whether the payment was confirmed (the live event is faster). */
const PAYMENT_POLL_MS = 4000;

export interface PixChargeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The creator's workspace: the charge is read from GET /charges/{ws}/{id} while paying. */
  workspaceId: string;
  /** Opens the charge (a post's purchase, a tip): when the dialog opens, or from `form`. */
  start: () => Promise<ChargeDetail>;
  /** Asked before the code (a tip's amount and message): calls `submit` to open the charge. */
  form?: (submit: () => Promise<void>) => ReactNode;
  qrAlt: string;
  paidTitle: string;
  paidText: string;
  /** Once, when the payment lands (the webhook or the creator's confirmation). */
  onPaid?: () => void;
}

/**
 * The Pix dialog of a one-off payment (a post, a tip; issue 32): the same BR Code, QR and copy
 * button as the subscribe dialog, the price, and the wait for the payment — told live by the
 * event stream's `charge.paid`, polled as a fallback. Mounted only while open.
 */
export function PixChargeDialog(props: PixChargeDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-w-md" data-testid="pix-charge-dialog">
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        {props.open ? <PixChargeBody {...props} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PixChargeBody({
  onOpenChange,
  workspaceId,
  start,
  form,
  qrAlt,
  paidTitle,
  paidText,
  onPaid,
}: PixChargeDialogProps) {
  const [charge, setCharge] = useState<ChargeDetail | null>(null);
  const [starting, setStarting] = useState(false);
  const [paidLive, setPaidLive] = useState(false);
  const [expired, setExpired] = useState(false);
  const begin = useCallback(async () => {
    setStarting(true);
    setExpired(false);
    try {
      setCharge(await start());
    } catch (error) {
      toast.error(errorMessage(error));
      if (!form) onOpenChange(false);
    } finally {
      setStarting(false);
    }
  }, [start, form, onOpenChange]);

  // a post's charge opens with the dialog; a tip's after its form
  const began = useRef(false);
  useEffect(() => {
    if (form || began.current) return;
    began.current = true;
    void begin();
  }, [form, begin]);

  const status = useQuery({
    queryKey: ['charges', workspaceId, charge?.id ?? ''],
    queryFn: ({ signal }) =>
      api.get(apiPath(paths.charge, { ws: workspaceId, id: charge!.id }), {
        schema: 'ChargeDetail',
        signal,
      }),
    enabled: Boolean(charge) && !paidLive && !expired,
    refetchInterval: (query) => (query.state.data?.status === 'paid' ? false : PAYMENT_POLL_MS),
  });

  useEffect(() => {
    if (!charge) return;
    return onChargePaid((paid) => {
      if (paid.charge_id === charge.id) setPaidLive(true);
    });
  }, [charge]);

  // the code stops being payable at expires_at
  useEffect(() => {
    if (!charge) return;
    const ms = Math.max(0, Date.parse(charge.expires_at) - Date.now());
    const id = window.setTimeout(() => setExpired(true), Math.min(ms, 2 ** 31 - 1));
    return () => window.clearTimeout(id);
  }, [charge]);

  const paid = paidLive || status.data?.status === 'paid';
  const notified = useRef(false);
  useEffect(() => {
    if (!paid || notified.current) return;
    notified.current = true;
    onPaid?.();
  }, [paid, onPaid]);

  if (paid)
    return (
      <div className="grid justify-items-center gap-3 py-2 text-center" role="status">
        <span className="flex size-14 items-center justify-center rounded-full bg-success/15 text-success-text">
          <CircleCheck className="size-8" aria-hidden />
        </span>
        <p className="text-lg font-semibold tracking-tight">{paidTitle}</p>
        <p className="max-w-xs text-sm leading-relaxed text-muted-foreground">{paidText}</p>
        <Button className="mt-2" onClick={() => onOpenChange(false)}>
          {t.sales.pix.done}
        </Button>
      </div>
    );

  if (!charge && form && !starting) return <>{form(begin)}</>;

  if (!charge)
    return (
      <div className="flex items-center justify-center gap-2 rounded-xl border border-dashed px-4 py-16 text-sm text-muted-foreground">
        <Spinner label="" className="text-primary" />
        <span role="status">{t.sales.pix.generating}</span>
      </div>
    );

  const automatic = charge.confirmation === 'automatic';
  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-3 rounded-xl border bg-card p-4">
        <span className="flex items-center gap-2.5 text-sm font-semibold">
          <PixIcon />
          {t.sales.pix.total}
        </span>
        <span className="text-xl font-semibold tabular-nums" data-testid="pix-charge-price">
          {formatCents(majorToCents(charge.value))}
        </span>
      </div>
      {expired ? (
        <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-4 py-10 text-center">
          <Clock className="size-6 text-muted-foreground" aria-hidden />
          <p className="text-sm font-medium">{t.sales.pix.expired}</p>
          <Button variant="outline" loading={starting} onClick={() => void begin()}>
            <RefreshCw aria-hidden />
            {t.sales.pix.regenerate}
          </Button>
        </div>
      ) : (
        <>
          <PixCode code={charge.payment_specs} expiresAt={charge.expires_at} qrAlt={qrAlt} />
          <div className="grid gap-2 rounded-xl bg-muted/70 p-4 text-[13px] leading-relaxed">
            <p className="text-muted-foreground">
              {automatic ? t.sales.pix.automaticText : t.sales.pix.manualText}
            </p>
            <p className="flex items-center gap-2 font-medium" role="status">
              <Spinner label="" className="text-primary" />
              {t.sales.pix.waiting}
            </p>
          </div>
        </>
      )}
    </div>
  );
}
