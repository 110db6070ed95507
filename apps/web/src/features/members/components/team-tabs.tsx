import type { Invitation, TeamMember, TeamResponse } from '@fa-clube/contract';
import { MailOpen, Trash2, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { t } from '../strings';
import { errorMessage } from '@/lib/api-client';
import { useDeleteInvitation, useRemoveMember } from '../hooks/use-team';
import { canRemoveMember } from '../can';
import { CopyLinkButton } from './copy-link-button';
import { RowsSkeleton } from './team-skeleton';

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

function MembersList({
  workspaceId,
  members,
  isOwner,
  meId,
}: {
  workspaceId: string;
  members: TeamMember[];
  isOwner: boolean;
  meId: string | null;
}) {
  const remove = useRemoveMember(workspaceId);
  const [confirming, setConfirming] = useState<TeamMember | null>(null);

  const confirm = () => {
    if (!confirming) return;
    remove.mutate(confirming.id, {
      onSuccess: (res) => {
        setConfirming(null);
        toast.success(res.message);
      },
      onError: (error) => {
        setConfirming(null);
        toast.error(errorMessage(error));
      },
    });
  };

  return (
    <>
      <ul className="divide-y" aria-label={t.members.listLabel}>
        {members.map((member) => (
          <li
            key={member.id}
            className="flex items-center gap-3 px-4 py-3.5 sm:px-5"
            aria-label={member.full_name}
          >
            <Avatar name={member.full_name} src={member.avatar_url} className="size-10" />
            <div className="grid min-w-0 flex-1 gap-0.5">
              <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                <span className="truncate font-medium">{member.full_name}</span>
                {member.id === meId ? (
                  <span className="text-xs text-muted-foreground">({t.members.you})</span>
                ) : null}
                <Badge variant={member.role === 'owner' ? 'brand' : 'secondary'}>
                  {member.role === 'owner' ? t.members.roleOwner : t.members.roleMember}
                </Badge>
              </div>
              <span className="truncate text-sm text-muted-foreground">{member.email}</span>
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              className="text-muted-foreground hover:text-destructive"
              aria-label={t.members.remove(member.full_name)}
              disabled={!canRemoveMember(member, isOwner, meId)}
              onClick={() => setConfirming(member)}
            >
              <UserMinus aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={Boolean(confirming)}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        pending={remove.isPending}
        title={t.members.removeTitle}
        description={confirming ? t.members.removeDescription(confirming.full_name) : null}
        confirmLabel={t.members.removeConfirm}
        destructive
        onConfirm={confirm}
      />
    </>
  );
}

function InvitationsList({
  workspaceId,
  invitations,
  isOwner,
}: {
  workspaceId: string;
  invitations: Invitation[];
  isOwner: boolean;
}) {
  const remove = useDeleteInvitation(workspaceId);
  if (invitations.length === 0) {
    return (
      <div className="p-4 sm:p-5">
        <EmptyState
          icon={MailOpen}
          title={t.members.noInvitations}
          description={t.members.noInvitationsDescription}
          className="border-0 py-10"
        />
      </div>
    );
  }
  return (
    <ul className="divide-y" aria-label={t.members.invitationsLabel}>
      {invitations.map((invitation) => {
        const deleting = remove.isPending && remove.variables === invitation.id;
        return (
          <li
            key={invitation.id}
            aria-label={invitation.email}
            className="flex flex-col gap-3 px-4 py-3.5 sm:flex-row sm:items-center sm:px-5"
          >
            <div className="flex min-w-0 flex-1 items-center gap-3">
              <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <MailOpen className="size-[18px]" aria-hidden />
              </div>
              <div className="grid min-w-0 gap-0.5">
                <span className="truncate font-medium">{invitation.email}</span>
                <span className="text-sm text-muted-foreground">
                  {t.members.expiresOn(dateFormat.format(new Date(invitation.expires_at)))}
                </span>
              </div>
            </div>
            <div className="flex shrink-0 items-center gap-2 self-end sm:self-auto">
              {isOwner ? (
                <CopyLinkButton
                  text={invitation.invite_link}
                  label={t.members.copyLinkFor(invitation.email)}
                />
              ) : null}
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                className="text-muted-foreground hover:text-destructive"
                aria-label={t.members.deleteInvitation(invitation.email)}
                disabled={!isOwner || remove.isPending}
                loading={deleting}
                onClick={() =>
                  remove.mutate(invitation.id, {
                    onSuccess: () => toast.success(t.members.invitationRemoved),
                    onError: (error) => toast.error(errorMessage(error)),
                  })
                }
              >
                {deleting ? null : <Trash2 aria-hidden />}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** 'Membros da Equipe' and 'Convites Pendentes', with skeletons while loading. */
export function TeamTabs({
  workspaceId,
  team,
  loading,
  isOwner,
  meId,
}: {
  workspaceId: string;
  team: TeamResponse | undefined;
  loading: boolean;
  isOwner: boolean;
  meId: string | null;
}) {
  return (
    <Tabs defaultValue="members">
      <TabsList className="w-full sm:w-fit">
        <TabsTrigger value="members">
          {t.members.membersTab}
          {team ? (
            <span
              aria-hidden
              className="hidden text-xs text-muted-foreground tabular-nums sm:inline"
            >
              {team.members.length}
            </span>
          ) : null}
        </TabsTrigger>
        <TabsTrigger value="invitations">
          {t.members.invitationsTab}
          {team ? (
            <span
              aria-hidden
              className="hidden text-xs text-muted-foreground tabular-nums sm:inline"
            >
              {team.invitations.length}
            </span>
          ) : null}
        </TabsTrigger>
      </TabsList>
      <Card className="gap-0 overflow-hidden py-0">
        <TabsContent value="members">
          {team ? (
            <MembersList
              workspaceId={workspaceId}
              members={team.members}
              isOwner={isOwner}
              meId={meId}
            />
          ) : loading ? (
            <RowsSkeleton />
          ) : null}
        </TabsContent>
        <TabsContent value="invitations">
          {team ? (
            <InvitationsList
              workspaceId={workspaceId}
              invitations={team.invitations}
              isOwner={isOwner}
            />
          ) : loading ? (
            <RowsSkeleton />
          ) : null}
        </TabsContent>
      </Card>
    </Tabs>
  );
}
