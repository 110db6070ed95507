import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { Plan, PlanType } from '@fa-clube/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/pt-BR';
import { ApiError, errorMessage } from '@/lib/api-client';
import {
  applyDiscount,
  centsToReais,
  formatCents,
  parseCentsInput,
  reaisToCents,
} from '@/lib/money';
import { MAX_PLAN_CENTS, formatPriceInput, parseDiscountInput } from '../format';
import { useSavePlan } from '../hooks/use-plans-settings';

interface PlanFormProps {
  ws: string;
  username: string;
  planType: PlanType;
  saved: Plan | undefined;
  /** Members see the plan read-only. */
  readOnly: boolean;
  /** Why Salvar is disabled (the Pix data is missing); null when it may be used. */
  blockedReason: string | null;
}

/**
 * One plan's price (typed in reais, formatted R$ 1.234,56 as it is typed) and discount
 * (whole percent), with what the subscriber pays. Salvar gives no feedback on success (spec
 * section 8): the form simply takes the saved values.
 */
export function PlanForm({
  ws,
  username,
  planType,
  saved,
  readOnly,
  blockedReason,
}: PlanFormProps) {
  const save = useSavePlan(ws, username);
  const savedCents = saved ? reaisToCents(saved.value) : 0;
  const savedDiscount = saved ? String(saved.discount) : '0';
  const [cents, setCents] = useState(savedCents);
  const [discount, setDiscount] = useState(savedDiscount);
  const [errors, setErrors] = useState<{ value?: string; discount?: string }>({});
  const blockedId = useId();

  const discountNumber = discount === '' ? 0 : Number(discount);
  const price = applyDiscount(cents, discountNumber);
  const months = t.subscriptions.planMonths[planType];
  const dirty = cents !== savedCents || String(discountNumber) !== savedDiscount;
  const canSave = !readOnly && !blockedReason && dirty && cents > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave || save.isPending) return;
    if (cents <= 0 || cents > MAX_PLAN_CENTS) {
      setErrors({ value: t.subscriptions.plansSettings.invalidPrice });
      return;
    }
    save.mutate(
      { plan_type: planType, value: centsToReais(cents), discount: discountNumber },
      {
        onSuccess: (plan) => {
          setErrors({});
          setCents(reaisToCents(plan.value));
          setDiscount(String(plan.discount));
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            setErrors({
              value: error.fieldError('value'),
              discount: error.fieldError('discount'),
            });
          }
          toast.error(errorMessage(error));
        },
      },
    );
  };

  const name = t.subscriptions.planTypes[planType];
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={name}
      className="grid gap-5"
      data-testid={`plan-form-${planType}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{t.subscriptions.plansSettings.plansText}</p>
        {saved ? (
          <Badge variant="success">{t.subscriptions.plansSettings.offered}</Badge>
        ) : (
          <Badge variant="secondary">{t.subscriptions.plansSettings.notSet}</Badge>
        )}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={t.subscriptions.plansSettings.price}
          hint={t.subscriptions.plansSettings.priceHint}
          error={errors.value}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              placeholder="R$ 0,00"
              value={formatPriceInput(cents)}
              readOnly={readOnly}
              disabled={readOnly}
              onChange={(e) => {
                setCents(parseCentsInput(e.target.value, MAX_PLAN_CENTS));
                setErrors((x) => ({ ...x, value: undefined }));
              }}
              className="tabular-nums"
            />
          )}
        </Field>
        <Field
          label={t.subscriptions.plansSettings.discount}
          hint={t.subscriptions.plansSettings.discountHint}
          error={errors.discount}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              placeholder="0"
              value={discount}
              readOnly={readOnly}
              disabled={readOnly}
              onChange={(e) => {
                setDiscount(parseDiscountInput(e.target.value));
                setErrors((x) => ({ ...x, discount: undefined }));
              }}
              className="tabular-nums"
            />
          )}
        </Field>
      </div>

      <div
        className="grid gap-1 rounded-lg bg-muted/70 px-4 py-3"
        aria-live="polite"
        data-testid="plan-preview"
      >
        <p className="text-[13px] text-muted-foreground">{t.subscriptions.plansSettings.preview}</p>
        <p className="flex flex-wrap items-baseline gap-x-2">
          {discountNumber > 0 && cents > 0 ? (
            <s className="text-sm text-muted-foreground tabular-nums">{formatCents(cents)}</s>
          ) : null}
          <span className="text-xl font-semibold tracking-tight tabular-nums">
            {formatCents(price)}
          </span>
          <span className="text-sm text-muted-foreground">
            {t.subscriptions.planPeriod[planType]}
          </span>
        </p>
        <p className="text-[13px] text-muted-foreground">
          {discountNumber > 0
            ? t.subscriptions.plansSettings.previewDiscount(
                discountNumber,
                formatCents(cents - price),
              )
            : t.subscriptions.plansSettings.previewNoDiscount}
          {months > 1 && price > 0
            ? ` ${t.subscriptions.plansSettings.previewPerMonth(formatCents(Math.round(price / months)))}`
            : ''}
        </p>
        {discountNumber === 100 && cents > 0 ? (
          <p className="text-[13px] text-destructive">{t.subscriptions.plansSettings.freePlan}</p>
        ) : null}
      </div>

      {readOnly ? null : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
          {blockedReason ? (
            <p id={blockedId} className="text-[13px] leading-snug text-muted-foreground sm:mr-auto">
              {blockedReason}
            </p>
          ) : null}
          <Button
            type="submit"
            loading={save.isPending}
            disabled={!canSave}
            aria-describedby={blockedReason ? blockedId : undefined}
            className="w-full sm:w-auto"
          >
            {t.subscriptions.plansSettings.save}
          </Button>
        </div>
      )}
    </form>
  );
}
