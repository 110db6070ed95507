import { PLAN_TYPE_LABELS, formatCents, majorToCents } from '@fa-clube/contract';
import {
  CircleCheck,
  Clock,
  MessageCircle,
  RefreshCw,
  Repeat,
  Sparkles,
  XIcon,
} from 'lucide-react';
import { Suspense, lazy, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { PaymentInfo, Plan, SubscribePlanBody } from '@fa-clube/contract';
import { PixCode, PixIcon } from '@/components/pix-code';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { t } from '../strings';
import { errorMessage, hasErrorCode, isSessionError } from '@/lib/api-client';
import { messagesWith } from '@/lib/messages-path';
import { loginPath } from '@/lib/navigation';
import { useViewerId } from '@/lib/session';
import { useChargeStatus, usePlans, useRenewCharge, useSubscribeCharge } from '../hooks/use-plans';
import { useSwitchCharge } from '../hooks/use-switch-charge';
import { PlanPrice } from './plan-price';

// the payer's form (react-hook-form, the CPF rule) loads when 'Renovação automática' is chosen
const loadPayerForm = () => import('./automatic-payer-form');
const AutomaticPayerForm = lazy(() =>
  loadPayerForm().then((m) => ({ default: m.AutomaticPayerForm })),
);

type Renewal = 'manual' | 'automatic';

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
  /** The creator offers 'Renovação automática' (PlansResponse.automatic_available). */
  automaticAvailable?: boolean;
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
  automaticAvailable = false,
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
          automaticAvailable={automaticAvailable}
        />
      </DialogContent>
    </Dialog>
  );
}

/**
 * Mounted only while the dialog is open, so each opening starts fresh. The charge opened on open
 * is the plan's open one: a plain Pix, or the Pix Automático one when the fan generated it before
 * (it carries `recurrence`). With 'Renovação automática' offered the fan switches between the
 * two: the automatic one asks for the payer first, a plain one is asked for explicitly.
 */
function SubscribeBody({
  creator,
  plan,
  onClose,
  onSubscribed,
  renewal,
  automaticAvailable,
}: {
  creator: Creator;
  plan: Plan;
  onClose: () => void;
  onSubscribed?: () => void;
  renewal?: { workspaceId: string };
  automaticAvailable: boolean;
}) {
  const viewer = useViewerId();
  const navigate = useNavigate();
  const location = useLocation();
  const subscribeCharge = useSubscribeCharge(creator.username, plan.plan_type, !renewal);
  const renewCharge = useRenewCharge(plan.id, Boolean(renewal));
  const opened = renewal ? renewCharge : subscribeCharge;
  const switchCharge = useSwitchCharge(creator.username, plan.plan_type);
  // the charge of the fan's last switch, else the one opened with the dialog
  const [switched, setSwitched] = useState<PaymentInfo | null>(null);
  const [chosen, setChosen] = useState<Renewal | null>(null);
  const [payer, setPayer] = useState({ cpf: '', name: '' });
  // an expired Pix Automático code, left for a new one (the payer's form again)
  const [dropped, setDropped] = useState<string | null>(null);
  const current = switched ?? opened.data;
  const mode: Renewal = chosen ?? (current?.recurrence ? 'automatic' : 'manual');
  // the code to pay in the chosen mode (none yet: the payer's form, or a switch under way)
  const payment =
    current &&
    current.charge.id !== dropped &&
    Boolean(current.recurrence) === (mode === 'automatic')
      ? current
      : null;

  const expiresAt = payment?.charge.expires_at;
  const [expiredAt, setExpiredAt] = useState<string | null>(null);
  const expired = Boolean(expiresAt) && expiredAt === expiresAt;
  // the provider's webhook confirms the Pix (a connected PSP): the same for both kinds of code
  const automatic = (payment ?? current)?.charge.confirmation === 'automatic';
  const waiting = Boolean(current) && !expired;
  const plans = usePlans(creator.username, {
    pollMs: waiting && !renewal ? PAYMENT_POLL_MS : false,
  });
  const renewed = useChargeStatus(
    renewal?.workspaceId ?? null,
    renewal ? (current?.charge.id ?? null) : null,
    waiting ? PAYMENT_POLL_MS : false,
  );
  const subscribed =
    Boolean(current) &&
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
  const failure = opened.isError ? opened.error : null;
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

  /** A plain Pix: the open one, or a new one when the open one is the composite code. */
  const payPlain = () =>
    switchCharge.mutate(
      { automatic: false },
      {
        onSuccess: setSwitched,
        onError: (error) => {
          setChosen(null);
          if (isSessionError(error)) goToLogin();
          else toast.error(errorMessage(error));
        },
      },
    );
  const choose = (next: Renewal) => {
    if (next === mode) return;
    setChosen(next);
    if (next === 'manual' && current?.recurrence) payPlain();
  };
  const payAutomatically = async (body: SubscribePlanBody) => {
    setPayer({ cpf: body.cpf, name: body.name });
    const info = await switchCharge.mutateAsync({ automatic: true, payer: body });
    setSwitched(info);
  };
  const regenerate = () => {
    if (mode === 'automatic') setDropped(current?.charge.id ?? null);
    else if (switched) payPlain();
    else void opened.refetch();
    setExpiredAt(null);
  };

  const planLabel = PLAN_TYPE_LABELS[plan.plan_type];
  const price = formatCents(majorToCents(payment?.value ?? plan.price));
  let codeColumn: ReactNode;
  if (payment && !expired)
    codeColumn = <PixCode code={payment.payment_specs} expiresAt={payment.charge.expires_at} />;
  else if (expired)
    codeColumn = (
      <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-4 py-10 text-center">
        <Clock className="size-6 text-muted-foreground" aria-hidden />
        <p className="text-sm font-medium">{t.subscriptions.dialog.expired}</p>
        <Button
          variant="outline"
          loading={opened.isFetching || switchCharge.isPending}
          onClick={regenerate}
        >
          <RefreshCw aria-hidden />
          {t.subscriptions.dialog.regenerate}
        </Button>
      </div>
    );
  else if (mode === 'automatic' && opened.data)
    codeColumn = (
      <Suspense fallback={<Skeleton className="h-80 rounded-xl" />}>
        <AutomaticPayerForm
          defaults={payer}
          // chosen now: to the CPF (on a phone the form is below the choice)
          autoFocus={chosen === 'automatic'}
          onSubmit={payAutomatically}
        />
      </Suspense>
    );
  else
    codeColumn = (
      <div className="flex items-center justify-center gap-2 rounded-xl border border-dashed px-4 py-16 text-sm text-muted-foreground">
        <Spinner label="" className="text-primary" />
        <span role="status">{t.subscriptions.dialog.generating}</span>
      </div>
    );

  return (
    <>
      <CreatorHeader creator={creator} planLabel={planLabel} />
      {subscribed ? (
        <div className="px-5 pt-2 pb-6 sm:px-6" data-subscribed>
          <SuccessView
            username={creator.username}
            automatic={mode === 'automatic'}
            onClose={onClose}
          />
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
              {automaticAvailable ? (
                <RenewalChoice
                  mode={mode}
                  disabled={switchCharge.isPending || !opened.data}
                  onChoose={choose}
                  hint={
                    automatic
                      ? t.subscriptions.dialog.pixHintAutomatic
                      : t.subscriptions.dialog.pixHint
                  }
                />
              ) : (
                <div className="flex items-center gap-2.5">
                  <PixIcon />
                  <div className="grid">
                    <span className="text-sm font-semibold">{t.subscriptions.dialog.pix}</span>
                    <span className="text-xs text-muted-foreground">
                      {automatic
                        ? t.subscriptions.dialog.pixHintAutomatic
                        : t.subscriptions.dialog.pixHint}
                    </span>
                  </div>
                </div>
              )}
              <div
                className="flex items-end justify-between gap-3 border-t pt-3"
                data-testid="subscribe-price"
              >
                <span className="pb-0.5 text-sm text-muted-foreground">
                  {t.subscriptions.dialog.total}
                </span>
                <PlanPrice plan={plan} price={payment?.value} align="end" />
              </div>
            </div>
          </section>

          <div className="md:col-start-2 md:row-span-3 md:row-start-1">{codeColumn}</div>

          {payment && !expired ? (
            <div className="grid gap-2 rounded-xl bg-muted/70 p-4 text-[13px] leading-relaxed md:col-start-1 md:row-start-3">
              {mode === 'automatic' ? (
                <>
                  <p className="font-semibold">{t.subscriptions.dialog.automaticTitle}</p>
                  <p className="text-muted-foreground">
                    {t.subscriptions.dialog.automaticHowText(
                      price,
                      t.subscriptions.planPeriod[plan.plan_type],
                    )}
                  </p>
                </>
              ) : (
                <>
                  <p className="font-semibold">{t.subscriptions.dialog.manualTitle}</p>
                  <p className="text-muted-foreground">
                    {automatic
                      ? t.subscriptions.dialog.automaticText
                      : t.subscriptions.dialog.manualText}
                  </p>
                  {automatic ? null : (
                    <p className="text-muted-foreground" data-testid="manual-next">
                      {t.subscriptions.dialog.manualNext}
                    </p>
                  )}
                </>
              )}
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

/** 'Pix' (a new Pix each period) or 'Renovação automática' (Pix Automático), as radio cards. */
function RenewalChoice({
  mode,
  disabled,
  hint,
  onChoose,
}: {
  mode: Renewal;
  disabled: boolean;
  hint: string;
  onChoose: (mode: Renewal) => void;
}) {
  const name = useId();
  const option = (value: Renewal, icon: ReactNode, title: ReactNode, text: string) => (
    <label
      className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-checked:border-primary has-checked:bg-accent/40 has-disabled:cursor-default has-focus-visible:ring-[3px] has-focus-visible:ring-ring/40"
      // load the payer's form while the pointer is on its way
      onPointerEnter={value === 'automatic' ? () => void loadPayerForm() : undefined}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={mode === value}
        disabled={disabled}
        onChange={() => onChoose(value)}
        className="mt-2.5 size-4 shrink-0 accent-primary outline-none"
      />
      {icon}
      <span className="grid min-w-0 gap-0.5">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-semibold">
          {title}
        </span>
        <span className="text-xs leading-relaxed text-muted-foreground">{text}</span>
      </span>
    </label>
  );
  return (
    <fieldset className="grid gap-2">
      <legend className="sr-only">{t.subscriptions.dialog.howToPay}</legend>
      {option(
        'manual',
        <PixIcon />,
        t.subscriptions.dialog.pix,
        `${t.subscriptions.dialog.oneTimeHint} ${hint}.`,
      )}
      {option(
        'automatic',
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Repeat className="size-5" aria-hidden />
        </span>,
        <>
          {t.subscriptions.dialog.automatic}
          <Badge variant="brand" className="text-[11px]">
            {t.subscriptions.dialog.automaticBadge}
          </Badge>
        </>,
        t.subscriptions.dialog.automaticHint,
      )}
    </fieldset>
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

function SuccessView({
  username,
  automatic,
  onClose,
}: {
  username: string;
  automatic: boolean;
  onClose: () => void;
}) {
  return (
    <div className="grid justify-items-center gap-3 py-4 text-center" role="status">
      <span className="flex size-14 items-center justify-center rounded-full bg-success/15 text-success-text">
        <CircleCheck className="size-8" aria-hidden />
      </span>
      <p className="text-lg font-semibold tracking-tight">{t.subscriptions.dialog.successTitle}</p>
      <p className="max-w-xs text-sm leading-relaxed text-muted-foreground">
        {t.subscriptions.dialog.successText(username)}
      </p>
      {automatic ? (
        <p className="flex max-w-xs items-start gap-2 text-left text-[13px] leading-relaxed text-muted-foreground">
          <Repeat className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {t.subscriptions.dialog.automaticSuccess}
        </p>
      ) : null}
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
