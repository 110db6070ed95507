import { Suspense, lazy, useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { t } from '../strings';
import { errorMessage } from '@/lib/api-client';
import { useCurrentWorkspace, useOwnPlans, usePixSettings } from '../hooks/use-plans-settings';

// the forms (react-hook-form, the plan tabs) are fetched beside the data, not with the page
const loadEditor = () => import('./plans-editor').then((m) => ({ default: m.PlansEditor }));
const PlansEditor = lazy(loadEditor);

/**
 * /settings/plans: the Pix receiving data, then the three plans in tabs (Mensal, Trimestral,
 * Anual). Plans need the Pix data: until it is saved, their Salvar is disabled with the reason.
 */
export function PlansSettings() {
  const workspace = useCurrentWorkspace();
  const pix = usePixSettings(workspace.id);
  const plans = useOwnPlans(workspace.username);
  const readOnly = !workspace.isOwner;

  useEffect(() => void loadEditor(), []);
  const skeleton = (
    <div className="grid gap-6" aria-busy>
      <Skeleton className="h-64 rounded-xl" />
      <Skeleton className="h-80 rounded-xl" />
    </div>
  );
  if (!workspace.id || pix.isPending || plans.isPending) return skeleton;

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

  return (
    <Suspense fallback={skeleton}>
      <PlansEditor
        // a fresh set of forms for each workspace
        key={workspace.id}
        workspace={{ ...workspace, id: workspace.id }}
        pix={pix.data ?? null}
        saved={plans.data?.plans ?? []}
        readOnly={readOnly}
      />
    </Suspense>
  );
}
