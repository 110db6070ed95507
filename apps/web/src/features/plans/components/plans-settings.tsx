import { PLAN_TYPES, PLAN_TYPE_LABELS } from '@fa-clube/contract';
import { Button } from '@/components/ui/button';
import { Note } from '@/components/ui/note';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { t } from '../strings';
import { errorMessage } from '@/lib/api-client';
import { useCurrentWorkspace, useOwnPlans, usePixSettings } from '../hooks/use-plans-settings';
import { PixSettingsForm } from './pix-settings-form';
import { PlanForm } from './plan-form';

/**
 * /settings/plans: the Pix receiving data, then the three plans in tabs (Mensal, Trimestral,
 * Anual). Plans need the Pix data: until it is saved, their Salvar is disabled with the reason.
 */
export function PlansSettings() {
  const workspace = useCurrentWorkspace();
  const pix = usePixSettings(workspace.id);
  const plans = useOwnPlans(workspace.username);
  const readOnly = !workspace.isOwner;

  if (!workspace.id || pix.isPending || plans.isPending) {
    return (
      <div className="grid gap-6" aria-busy>
        <Skeleton className="h-64 rounded-xl" />
        <Skeleton className="h-80 rounded-xl" />
      </div>
    );
  }

  const failed = pix.error ?? plans.error;
  if (failed) {
    return (
      <div className="grid justify-items-start gap-3 rounded-xl border border-dashed p-6">
        <p className="text-sm text-muted-foreground">
          {t.subscriptions.plansSettings.loadError} {errorMessage(failed)}
        </p>
        <Button
          variant="outline"
          onClick={() => {
            void pix.refetch();
            void plans.refetch();
          }}
        >
          {t.common.retry}
        </Button>
      </div>
    );
  }

  const saved = plans.data?.plans ?? [];
  const blockedReason = pix.data ? null : t.subscriptions.plansSettings.needsPix;
  return (
    // a fresh set of forms for each workspace
    <div key={workspace.id} className="grid gap-6">
      {readOnly ? <Note tone="muted">{t.subscriptions.plansSettings.readOnly}</Note> : null}

      <PixSettingsForm
        // a fresh form when the saved data arrives or changes
        key={pix.data?.updated_at ?? 'none'}
        ws={workspace.id}
        saved={pix.data ?? null}
        readOnly={readOnly}
      />

      <section
        aria-labelledby="plans-title"
        className="rounded-xl border bg-card p-5 shadow-xs sm:p-6"
      >
        <h3 id="plans-title" className="mb-4 text-base font-semibold tracking-tight">
          {t.subscriptions.plansSettings.plansTitle}
        </h3>
        <Tabs defaultValue="monthly">
          <TabsList className="w-full sm:w-fit">
            {PLAN_TYPES.map((type) => (
              <TabsTrigger key={type} value={type} className="sm:px-5">
                {PLAN_TYPE_LABELS[type]}
              </TabsTrigger>
            ))}
          </TabsList>
          {PLAN_TYPES.map((type) => {
            const plan = saved.find((p) => p.plan_type === type);
            return (
              <TabsContent
                key={type}
                value={type}
                // keeps unsaved edits of the other tabs
                forceMount
                className="pt-2 data-[state=inactive]:hidden"
              >
                <PlanForm
                  key={plan ? `${plan.value}:${plan.discount}` : 'new'}
                  ws={workspace.id!}
                  username={workspace.username}
                  planType={type}
                  saved={plan}
                  readOnly={readOnly}
                  blockedReason={blockedReason}
                />
              </TabsContent>
            );
          })}
        </Tabs>
      </section>
    </div>
  );
}
