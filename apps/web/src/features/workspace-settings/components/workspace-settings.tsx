import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Note } from '@/components/ui/note';
import { Skeleton, SkeletonIdentity } from '@/components/ui/skeleton';
import { t } from '../strings';
import { useCurrentWorkspace } from '../hooks/use-workspace-settings';
import { AppearanceSection } from './appearance-section';
import { ProfileImages } from './profile-images';
import { StorageSection } from './storage-section';
import { DescriptionForm, NameForm, UsernameForm } from './workspace-forms';

function SettingsSkeleton() {
  return (
    <div className="grid gap-6" data-testid="workspace-settings-loading">
      <Card className="gap-4 px-6">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="aspect-[16/7] w-full rounded-xl sm:aspect-[16/5]" />
        <SkeletonIdentity avatar="size-24" lines={['h-4 w-40', 'h-3 w-24']} className="gap-4" />
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
        <LoadError message={t.workspaceSettings.loadError} onRetry={() => void query.refetch()} />
      );
    }
    return <SettingsSkeleton />;
  }

  const workspace = query.data;
  const canEdit = workspace.is_owner;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {canEdit ? null : <Note>{t.workspaceSettings.ownerOnly}</Note>}
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
      <StorageSection key={`storage-${workspace.id}`} workspaceId={workspace.id} />
      <AppearanceSection />
    </div>
  );
}
