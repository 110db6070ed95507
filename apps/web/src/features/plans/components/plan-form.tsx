import { useId, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import {
  PLAN_TYPE_LABELS,
  PLAN_TYPE_MONTHS,
  applyDiscount,
  formatCents,
  majorToCents,
} from '@fa-clube/contract';
import type { Plan, PlanBody, PlanType } from '@fa-clube/contract';
import { Badge } from '@/components/ui/badge';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { t } from '../strings';
import { errorMessage } from '@/lib/api-client';
import { setServerErrors, useZodForm } from '@/lib/form';
import { formatCentsInput, parseCentsInput } from '@/lib/money-input';
import { MAX_PLAN_CENTS, parseDiscountInput } from '../format';
import { planForm } from '../validation';
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
  const schema = useMemo(() => planForm(planType), [planType]);
  const values = (plan: Plan | undefined) => ({
    value: plan ? majorToCents(plan.value) : 0,
    discount: plan ? String(plan.discount) : '0',
  });
  const form = useZodForm(schema, { defaultValues: values(saved) });
  const blockedId = useId();
  const baseline = values(saved);

  // Salvar: the owner, the Pix data saved, a price, and a change
  const ready = (typed: { value: number; discount: string }) =>
    !readOnly &&
    !blockedReason &&
    typed.value > 0 &&
    (typed.value !== baseline.value || String(Number(typed.discount || 0)) !== baseline.discount);

  const submit = (body: Required<PlanBody>) =>
    save.mutate(body, {
      onSuccess: (plan) => form.reset(values(plan)),
      onError: (error) => {
        setServerErrors(form, error);
        toast.error(errorMessage(error));
      },
    });

  const name = PLAN_TYPE_LABELS[planType];
  return (
    <Form
      form={form}
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
        <FormField
          name="value"
          label={t.subscriptions.plansSettings.price}
          hint={t.subscriptions.plansSettings.priceHint}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              placeholder="R$ 0,00"
              value={formatCentsInput(control.value)}
              readOnly={readOnly}
              disabled={readOnly}
              onChange={(e) => control.onChange(parseCentsInput(e.target.value, MAX_PLAN_CENTS))}
              className="tabular-nums"
            />
          )}
        </FormField>
        <FormField
          name="discount"
          label={t.subscriptions.plansSettings.discount}
          hint={t.subscriptions.plansSettings.discountHint}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              placeholder="0"
              readOnly={readOnly}
              disabled={readOnly}
              onChange={(e) => control.onChange(parseDiscountInput(e.target.value))}
              className="tabular-nums"
            />
          )}
        </FormField>
      </div>

      <PlanPreview planType={planType} />

      {readOnly ? null : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
          {blockedReason ? (
            <p id={blockedId} className="text-[13px] leading-snug text-muted-foreground sm:mr-auto">
              {blockedReason}
            </p>
          ) : null}
          <FormSubmit
            ready={(typed) => ready(typed as { value: number; discount: string })}
            pending={save.isPending}
            aria-describedby={blockedReason ? blockedId : undefined}
            className="w-full sm:w-auto"
          >
            {t.subscriptions.plansSettings.save}
          </FormSubmit>
        </div>
      )}
    </Form>
  );
}

/** What the subscriber pays, following the typed price and discount. */
function PlanPreview({ planType }: { planType: PlanType }) {
  const [cents, discount] = useWatch({ name: ['value', 'discount'] }) as [number, string];
  const discountNumber = discount === '' ? 0 : Number(discount);
  const price = applyDiscount(cents, discountNumber);
  const months = PLAN_TYPE_MONTHS[planType];
  return (
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
  );
}
