import { PLAN_TYPES, PLAN_TYPE_LABELS } from '@fa-clube/contract';
import type { PixSettings, Plan } from '@fa-clube/contract';
import { Note } from '@/components/ui/note';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { t } from '../strings';
import { PixConnectionCard } from './pix-connection-card';
import { PixSettingsForm } from './pix-settings-form';
import { PlanForm } from './plan-form';

/**
 * The loaded Configurações › Planos (./plans-settings.tsx): the Pix receiving data, then the
 * three plans in tabs (Mensal, Trimestral, Anual), their Salvar disabled until Pix is saved.
 */
export function PlansEditor({
  workspace,
  pix,
  saved,
  readOnly,
}: {
  workspace: { id: string; username: string };
  pix: PixSettings | null;
  saved: Plan[];
  readOnly: boolean;
}) {
  const blockedReason = pix ? null : t.subscriptions.plansSettings.needsPix;
  return (
    <div className="grid gap-6">
      {readOnly ? <Note tone="muted">{t.subscriptions.plansSettings.readOnly}</Note> : null}

      <PixSettingsForm
        // a fresh form when the saved data arrives or changes
        key={pix?.updated_at ?? 'none'}
        ws={workspace.id}
        saved={pix}
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
                  ws={workspace.id}
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

      <PixConnectionCard
        ws={workspace.id}
        username={workspace.username}
        pixReady={pix !== null}
        readOnly={readOnly}
      />
    </div>
  );
}
