import { Suspense, lazy, useEffect } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { Note } from '@/components/ui/note';
import { t } from '../strings';
import { useTeam } from '../hooks/use-team';
import { InviteForm } from './invite-form';
import { TeamTabsSkeleton } from './team-skeleton';

// the danger zone (owner only, once the team is in: its dialogs and forms) is fetched beside the
// team, not with the page
const loadDangerZone = () => import('./danger-zone').then((m) => ({ default: m.DangerZone }));
const DangerZone = lazy(loadDangerZone);
// the tabs (Radix Tabs) load with the page but outside its first load, their skeleton meanwhile
const TeamTabs = lazy(() => import('./team-tabs').then((m) => ({ default: m.TeamTabs })));

/**
 * /settings/members ('Membros da Equipe'): the invite form, the team and the pending
 * invitations, and (owner only) the transfer of ownership and the deletion of the workspace.
 * Members see everything read-only.
 */
export function MembersSettings() {
  const { query, workspace, workspaceId, isOwner, meId } = useTeam();
  const memberView = query.isSuccess && !isOwner;
  useEffect(() => {
    if (isOwner) void loadDangerZone();
  }, [isOwner]);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {memberView ? <Note>{t.members.ownerOnly}</Note> : null}
      <InviteForm key={`invite-${workspaceId}`} workspaceId={workspaceId} isOwner={isOwner} />
      {query.isError ? (
        <LoadError message={t.members.loadError} onRetry={() => void query.refetch()} />
      ) : (
        <Suspense fallback={<TeamTabsSkeleton />}>
          <TeamTabs
            key={`team-${workspaceId}`}
            workspaceId={workspaceId}
            team={query.data}
            loading={query.isPending}
            isOwner={isOwner}
            meId={meId}
          />
        </Suspense>
      )}
      {isOwner && workspace && query.data ? (
        <Suspense fallback={null}>
          <DangerZone
            key={`danger-${workspaceId}`}
            workspace={workspace}
            workspaceId={workspaceId}
            members={query.data.members}
            meId={meId}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
