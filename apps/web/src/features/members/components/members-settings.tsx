import { Info, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { t } from '@/i18n/pt-BR';
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
      {memberView ? (
        <div
          role="note"
          className="flex items-start gap-3 rounded-xl border border-primary/20 bg-accent/60 px-4 py-3 text-sm leading-relaxed text-accent-foreground"
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>{t.members.ownerOnly}</p>
        </div>
      ) : null}
      <InviteForm key={`invite-${workspaceId}`} workspaceId={workspaceId} isOwner={isOwner} />
      {query.isError ? (
        <Card className="items-center gap-4 px-6 py-10 text-center">
          <p role="alert" className="text-sm text-destructive">
            {t.members.loadError}
          </p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden />
            {t.common.retry}
          </Button>
        </Card>
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
