import { LoadError } from '@/components/ui/load-error';
import { Note } from '@/components/ui/note';
import { t } from '../strings';
import { useTeam } from '../hooks/use-team';
import { DangerZone } from './danger-zone';
import { InviteForm } from './invite-form';
import { TeamTabs } from './team-tabs';

/**
 * /settings/members ('Membros da Equipe'): the invite form, the team and the pending
 * invitations, and (owner only) the transfer of ownership and the deletion of the workspace.
 * Members see everything read-only.
 */
export function MembersSettings() {
  const { query, workspace, workspaceId, isOwner, meId } = useTeam();
  const memberView = query.isSuccess && !isOwner;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {memberView ? <Note>{t.members.ownerOnly}</Note> : null}
      <InviteForm key={`invite-${workspaceId}`} workspaceId={workspaceId} isOwner={isOwner} />
      {query.isError ? (
        <LoadError message={t.members.loadError} onRetry={() => void query.refetch()} />
      ) : (
        <TeamTabs
          key={`team-${workspaceId}`}
          workspaceId={workspaceId}
          team={query.data}
          loading={query.isPending}
          isOwner={isOwner}
          meId={meId}
        />
      )}
      {isOwner && workspace && query.data ? (
        <DangerZone
          key={`danger-${workspaceId}`}
          workspace={workspace}
          workspaceId={workspaceId}
          members={query.data.members}
          meId={meId}
        />
      ) : null}
    </div>
  );
}
