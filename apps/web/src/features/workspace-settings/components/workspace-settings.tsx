import { Info, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { t } from '@/i18n/pt-BR';
import { useCurrentWorkspace } from '../hooks/use-workspace-settings';
import { AppearanceSection } from './appearance-section';
import { ProfileImages } from './profile-images';
import { DescriptionForm, NameForm, UsernameForm } from './workspace-forms';

function SettingsSkeleton() {
  return (
    <div className="grid gap-6" data-testid="workspace-settings-loading">
      <Card className="gap-4 px-6">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="aspect-[16/7] w-full rounded-xl sm:aspect-[16/5]" />
        <div className="flex items-center gap-4">
          <Skeleton className="size-24 rounded-full" />
          <div className="grid gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-24" />
          </div>
        </div>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        {[0, 1].map((i) => (
          <Card key={i} className="gap-4 px-6">
            <Skeleton className="h-5 w-28" />
            <Skeleton className="h-10 w-full" />
          </Card>
        ))}
      </div>
    </div>
  );
}

/** Only the owner edits the profile: members see it read-only, with this note. */
function OwnerOnlyNote({ children }: { children: ReactNode }) {
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-xl border border-primary/20 bg-accent/60 px-4 py-3 text-sm leading-relaxed text-accent-foreground"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>{children}</p>
    </div>
  );
}

/**
 * /settings/workspace ('Perfil'): cover and avatar uploads, the appearance, and the name,
 * username and description, each with its own Salvar. Inputs and uploads are disabled for
 * members; only the owner edits.
 */
export function WorkspaceSettings() {
  const query = useCurrentWorkspace();

  if (!query.data) {
    if (query.isError) {
      return (
        <Card className="items-center gap-4 px-6 py-10 text-center">
          <p role="alert" className="text-sm text-destructive">
            {t.workspaceSettings.loadError}
          </p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden />
            {t.common.retry}
          </Button>
        </Card>
      );
    }
    return <SettingsSkeleton />;
  }

  const workspace = query.data;
  const canEdit = workspace.is_owner;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {canEdit ? null : <OwnerOnlyNote>{t.workspaceSettings.ownerOnly}</OwnerOnlyNote>}
      <ProfileImages key={`images-${workspace.id}`} workspace={workspace} canEdit={canEdit} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <NameForm key={`name-${workspace.id}`} workspace={workspace} canEdit={canEdit} />
        <UsernameForm key={`username-${workspace.id}`} workspace={workspace} canEdit={canEdit} />
      </div>
      <DescriptionForm
        key={`description-${workspace.id}`}
        workspace={workspace}
        canEdit={canEdit}
      />
      <AppearanceSection />
    </div>
  );
}
