import { PLAN_TYPE_LABELS } from '@fa-clube/contract';
import {
  CircleCheck,
  Clock,
  MessageCircle,
  QrCode,
  RefreshCw,
  Sparkles,
  XIcon,
} from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Plan } from '@fa-clube/contract';
import { CopyButton } from '@/components/copy-button';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/subscriptions';
import { errorMessage, hasErrorCode, isSessionError } from '@/lib/api-client';
import { messagesWith } from '@/lib/messages-path';
import { loginPath } from '@/lib/navigation';
import { useViewerId } from '@/lib/session';
import { formatExpiry } from '../format';
import { useChargeStatus, usePlans, useRenewCharge, useSubscribeCharge } from '../hooks/use-plans';
import { PlanPrice } from './plan-price';

/** How often the open dialog asks whether the payment was confirmed. */
export const PAYMENT_POLL_MS = 4000;

export interface Creator {
  username: string;
  label: string;
  avatarUrl: string | null;
  coverUrl: string | null;
}

interface SubscribeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  creator: Creator;
  plan: Plan;
  /** Called once when the payment lands (manual confirmation or the provider's webhook). */
  onSubscribed?: () => void;
  /**
   * Renewing from 'Minhas assinaturas': the charge is opened with POST /subscriptions/charge
   * { plan } and the dialog waits for that charge to be paid (the viewer is already subscribed,
   * so `is_subscribed` cannot tell).
   */
  renewal?: { workspaceId: string };
}

/**
 * The subscribe dialog (spec sections 2 and 4): the creator, the benefits and 'Formas de
 * pagamento' with the price and the Pix BR Code (text + QR). The charge is opened when the
 * dialog opens; on a session failure the visitor goes to /login?return_to=<here>. While the
 * code is shown the dialog polls the creator's plans until `is_subscribed` turns true.
 */
export function SubscribeDialog({
  open,
  onOpenChange,
  creator,
  plan,
  onSubscribed,
  renewal,
}: SubscribeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        showCloseButton={false}
        // wide for the code beside the details; narrow again for the success message
        className="max-w-md gap-0 overflow-x-hidden p-0 sm:p-0 md:max-w-3xl md:has-[[data-subscribed]]:max-w-md"
        data-testid="subscribe-dialog"
      >
        <SubscribeBody
          creator={creator}
          plan={plan}
          onClose={() => onOpenChange(false)}
          onSubscribed={onSubscribed}
          renewal={renewal}
        />
      </DialogContent>
    </Dialog>
  );
}

/** Mounted only while the dialog is open, so each opening starts fresh. */
function SubscribeBody({
  creator,
  plan,
  onClose,
  onSubscribed,
  renewal,
}: {
  creator: Creator;
  plan: Plan;
  onClose: () => void;
  onSubscribed?: () => void;
  renewal?: { workspaceId: string };
}) {
  const viewer = useViewerId();
  const navigate = useNavigate();
  const location = useLocation();
  const subscribeCharge = useSubscribeCharge(creator.username, plan.plan_type, !renewal);
  const renewCharge = useRenewCharge(plan.id, Boolean(renewal));
  const charge = renewal ? renewCharge : subscribeCharge;
  const expiresAt = charge.data?.charge.expires_at;
  const [expiredAt, setExpiredAt] = useState<string | null>(null);
  const expired = Boolean(expiresAt) && expiredAt === expiresAt;
  const automatic = charge.data?.charge.confirmation === 'automatic';
  const waiting = charge.isSuccess && !expired;
  const plans = usePlans(creator.username, {
    pollMs: waiting && !renewal ? PAYMENT_POLL_MS : false,
  });
  const renewed = useChargeStatus(
    renewal?.workspaceId ?? null,
    renewal ? (charge.data?.charge.id ?? null) : null,
    waiting ? PAYMENT_POLL_MS : false,
  );
  const subscribed =
    charge.isSuccess &&
    (renewal ? renewed.data?.status === 'paid' : plans.data?.is_subscribed === true);

  const goToLogin = useCallback(() => {
    navigate(loginPath(location.pathname + location.search));
  }, [navigate, location.pathname, location.search]);

  // signed out: the charge needs a session (spec: failure redirects to the login)
  useEffect(() => {
    if (!viewer) goToLogin();
  }, [viewer, goToLogin]);

  // a session failure goes to the login; anything else ('you cannot subscribe to yourself',
  // 'no Pix yet', network) is an 'Erro' toast and the dialog closes
  const failure = charge.isError ? charge.error : null;
  const handledFailure = useRef<unknown>(null);
  useEffect(() => {
    if (!failure || handledFailure.current === failure) return;
    handledFailure.current = failure;
    if (isSessionError(failure)) {
      goToLogin();
      return;
    }
    toast.error(errorMessage(failure));
    // the creator asks for an age check first (trueid): the verification screen
    if (hasErrorCode(failure, 'AGE_VERIFICATION_REQUIRED')) {
      navigate(`/verification/${creator.username}`);
      return;
    }
    onClose();
  }, [failure, goToLogin, onClose, navigate, creator.username]);

  // the code stops being payable at expires_at
  useEffect(() => {
    if (!expiresAt) return;
    const ms = Math.max(0, Date.parse(expiresAt) - Date.now());
    const id = window.setTimeout(() => setExpiredAt(expiresAt), Math.min(ms, 2 ** 31 - 1));
    return () => window.clearTimeout(id);
  }, [expiresAt]);

  const notified = useRef(false);
  useEffect(() => {
    if (!subscribed || notified.current) return;
    notified.current = true;
    onSubscribed?.();
  }, [subscribed, onSubscribed]);

  const planLabel = PLAN_TYPE_LABELS[plan.plan_type];
  return (
    <>
      <CreatorHeader creator={creator} planLabel={planLabel} />
      {subscribed ? (
        <div className="px-5 pt-2 pb-6 sm:px-6" data-subscribed>
          <SuccessView username={creator.username} onClose={onClose} />
        </div>
      ) : (
        // one column; from md on, the Pix code sits in a second column beside the rest
        <div className="grid gap-6 px-5 pt-4 pb-5 sm:px-6 sm:pb-6 md:grid-cols-2 md:items-start md:gap-x-8">
          <Benefits chatWith={plans.data?.is_subscribed ? creator.username : null} />
          <section
            aria-labelledby="subscribe-payment-title"
            className="grid gap-3 md:col-start-1 md:row-start-2"
          >
            <h3 id="subscribe-payment-title" className="text-sm font-semibold">
              {t.subscriptions.dialog.paymentTitle}
            </h3>
            <div className="grid gap-3 rounded-xl border bg-card p-4">
              <div className="flex items-center gap-2.5">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-[#32bcad]/15 text-[#1f8f83] dark:text-[#5fd6c8]">
                  <QrCode className="size-5" aria-hidden />
                </span>
                <div className="grid">
                  <span className="text-sm font-semibold">{t.subscriptions.dialog.pix}</span>
                  <span className="text-xs text-muted-foreground">
                    {automatic
                      ? t.subscriptions.dialog.pixHintAutomatic
                      : t.subscriptions.dialog.pixHint}
                  </span>
                </div>
              </div>
              <div
                className="flex items-end justify-between gap-3 border-t pt-3"
                data-testid="subscribe-price"
              >
                <span className="pb-0.5 text-sm text-muted-foreground">
                  {t.subscriptions.dialog.total}
                </span>
                <PlanPrice plan={plan} price={charge.data?.value} align="end" />
              </div>
            </div>
          </section>

          <div className="md:col-start-2 md:row-span-3 md:row-start-1">
            {charge.data && !expired ? (
              <PixCode code={charge.data.payment_specs} expiresAt={charge.data.charge.expires_at} />
            ) : expired ? (
              <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-4 py-10 text-center">
                <Clock className="size-6 text-muted-foreground" aria-hidden />
                <p className="text-sm font-medium">{t.subscriptions.dialog.expired}</p>
                <Button
                  variant="outline"
                  loading={charge.isFetching}
                  onClick={() => void charge.refetch()}
                >
                  <RefreshCw aria-hidden />
                  {t.subscriptions.dialog.regenerate}
                </Button>
              </div>
            ) : (
              <div className="flex items-center justify-center gap-2 rounded-xl border border-dashed px-4 py-16 text-sm text-muted-foreground">
                <Spinner label="" className="text-primary" />
                <span role="status">{t.subscriptions.dialog.generating}</span>
              </div>
            )}
          </div>

          {charge.data && !expired ? (
            <div className="grid gap-2 rounded-xl bg-muted/70 p-4 text-[13px] leading-relaxed md:col-start-1 md:row-start-3">
              <p className="font-semibold">{t.subscriptions.dialog.manualTitle}</p>
              <p className="text-muted-foreground">
                {automatic
                  ? t.subscriptions.dialog.automaticText
                  : t.subscriptions.dialog.manualText}
              </p>
              <p className="flex items-center gap-2 font-medium" role="status">
                <Spinner label="" className="text-primary" />
                {t.subscriptions.dialog.waiting}
              </p>
            </div>
          ) : null}
        </div>
      )}
    </>
  );
}

function CreatorHeader({ creator, planLabel }: { creator: Creator; planLabel: string }) {
  return (
    <div>
      <div className="relative h-28 bg-gradient-to-br from-primary/70 via-primary/40 to-accent sm:h-32">
        {creator.coverUrl ? (
          <img
            src={creator.coverUrl}
            alt=""
            className="absolute inset-0 size-full object-cover"
            loading="eager"
          />
        ) : null}
        <DialogClose className="absolute top-3 right-3 rounded-full bg-black/45 p-1.5 text-white transition-colors outline-none hover:bg-black/65 focus-visible:ring-[3px] focus-visible:ring-white/60">
          <XIcon className="size-4" aria-hidden />
          <span className="sr-only">{t.common.close}</span>
        </DialogClose>
      </div>
      <div className="flex items-end gap-3 px-5 sm:px-6">
        <Avatar
          src={creator.avatarUrl}
          name={creator.label}
          className="-mt-9 size-20 border-4 border-popover text-2xl shadow-sm"
        />
        <div className="grid min-w-0 gap-0.5 pt-2">
          <DialogTitle className="truncate text-lg">{creator.label}</DialogTitle>
          <p className="truncate text-sm text-muted-foreground">@{creator.username}</p>
        </div>
      </div>
      <DialogDescription className="px-5 pt-3 text-[13px] sm:px-6">
        {t.subscriptions.dialog.description(planLabel)}
      </DialogDescription>
    </div>
  );
}

/**
 * 'O que você recebe'. For a subscriber (renewing) 'Chat exclusivo com o criador' is a link to
 * the conversation with the creator.
 */
function Benefits({ chatWith }: { chatWith: string | null }) {
  const item = (Icon: typeof Sparkles, text: string) => (
    <>
      <span className="flex size-7 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon className="size-3.5" aria-hidden />
      </span>
      {text}
    </>
  );
  return (
    <section aria-labelledby="subscribe-benefits-title" className="grid gap-2.5">
      <h3 id="subscribe-benefits-title" className="text-sm font-semibold">
        {t.subscriptions.dialog.benefitsTitle}
      </h3>
      <ul className="grid gap-2 text-sm">
        <li className="flex items-center gap-2.5">
          {item(Sparkles, t.subscriptions.dialog.benefitContent)}
        </li>
        <li>
          {chatWith ? (
            <Link
              to={messagesWith(chatWith)}
              className="-mx-1 flex w-fit items-center gap-2.5 rounded-md px-1 font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {item(MessageCircle, t.subscriptions.dialog.benefitChat)}
            </Link>
          ) : (
            <span className="flex items-center gap-2.5">
              {item(MessageCircle, t.subscriptions.dialog.benefitChat)}
            </span>
          )}
        </li>
      </ul>
    </section>
  );
}

/** The BR Code as a QR (white quiet zone in both themes) and as copyable text. */
function PixCode({ code, expiresAt }: { code: string; expiresAt: string }) {
  const id = useId();
  return (
    <div className="grid gap-4 rounded-xl border bg-card p-4">
      <p className="text-center text-[13px] leading-relaxed text-muted-foreground">
        {t.subscriptions.dialog.scan}
      </p>
      <div className="mx-auto rounded-xl bg-white p-4 shadow-xs ring-1 ring-black/5">
        <QRCodeSVG
          value={code}
          size={208}
          level="L"
          marginSize={0}
          bgColor="#ffffff"
          fgColor="#000000"
          title={t.subscriptions.dialog.qrAlt}
          role="img"
          aria-label={t.subscriptions.dialog.qrAlt}
          data-testid="pix-qr"
          className="block size-[208px] max-w-full"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={id}>{t.subscriptions.dialog.codeLabel}</Label>
        <Textarea
          id={id}
          readOnly
          value={code}
          rows={3}
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
          className="max-h-28 resize-none font-mono text-xs leading-relaxed break-all md:text-xs"
        />
        <CopyButton
          text={code}
          label={t.subscriptions.dialog.copy}
          failedMessage={t.subscriptions.dialog.copyFailed}
          className="w-full"
        />
        <p className="text-center text-xs text-muted-foreground">
          {t.subscriptions.dialog.expiresAt(formatExpiry(expiresAt))}
        </p>
      </div>
    </div>
  );
}

function SuccessView({ username, onClose }: { username: string; onClose: () => void }) {
  return (
    <div className="grid justify-items-center gap-3 py-4 text-center" role="status">
      <span className="flex size-14 items-center justify-center rounded-full bg-success/15 text-success-text">
        <CircleCheck className="size-8" aria-hidden />
      </span>
      <p className="text-lg font-semibold tracking-tight">{t.subscriptions.dialog.successTitle}</p>
      <p className="max-w-xs text-sm leading-relaxed text-muted-foreground">
        {t.subscriptions.dialog.successText(username)}
      </p>
      <div className="mt-2 flex w-full flex-col-reverse gap-2 sm:w-auto sm:flex-row">
        {/* the benefit just bought: the conversation with the creator */}
        <Button asChild variant="outline">
          <Link to={messagesWith(username)}>
            <MessageCircle aria-hidden />
            {t.subscriptions.dialog.benefitChat}
          </Link>
        </Button>
        <Button onClick={onClose}>{t.subscriptions.dialog.successAction}</Button>
      </div>
    </div>
  );
}
