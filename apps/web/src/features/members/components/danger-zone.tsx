import type { TeamMember } from '@fa-clube/contract';
import { Trash2, UserRoundCog } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/pt-BR';
import { errorMessage } from '@/lib/api-client';
import type { StoredWorkspace } from '@/lib/session';
import { switchWorkspace } from '@/lib/workspace';
import { leaveDeletedWorkspace, useDeleteWorkspace, useTransferOwnership } from '../hooks/use-team';
import { canConfirmDelete } from '../validation';

function TransferOwnership({
  workspace,
  workspaceId,
  candidates,
}: {
  workspace: StoredWorkspace;
  workspaceId: string;
  candidates: TeamMember[];
}) {
  const [memberId, setMemberId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const transfer = useTransferOwnership(workspaceId);
  const queryClient = useQueryClient();
  const target = candidates.find((m) => m.id === memberId) ?? null;

  const confirm = () => {
    if (!target) return;
    transfer.mutate(target.email, {
      onSuccess: (res) => {
        setConfirming(false);
        setMemberId('');
        toast.success(res.message);
        switchWorkspace(queryClient, res.workspace);
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(errorMessage(error));
      },
    });
  };

  return (
    <div className="grid gap-4 px-6 py-5">
      <div className="grid gap-1">
        <h4 className="font-medium">{t.members.transferTitle}</h4>
        <p className="text-sm leading-relaxed text-muted-foreground">
          {candidates.length ? t.members.transferDescription : t.members.transferNoMembers}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="transfer-member">{t.members.transferSelect}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <NativeSelect
            id="transfer-member"
            containerClassName="min-w-0 flex-1 sm:max-w-md"
            value={memberId}
            disabled={candidates.length === 0}
            onChange={(e) => setMemberId(e.target.value)}
          >
            <option value="">{t.members.transferPlaceholder}</option>
            {candidates.map((m) => (
              <option key={m.id} value={m.id}>
                {m.full_name} ({m.email})
              </option>
            ))}
          </NativeSelect>
          <Button
            type="button"
            variant="outline"
            disabled={!target}
            onClick={() => setConfirming(true)}
          >
            <UserRoundCog aria-hidden />
            {t.members.transferTitle}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        pending={transfer.isPending}
        title={t.members.transferConfirmTitle}
        description={
          target ? t.members.transferConfirmDescription(target.full_name, workspace.label) : null
        }
        confirmLabel={t.members.transferConfirm}
        onConfirm={confirm}
      />
    </div>
  );
}

/** The confirmation sentence with the username to type in bold. */
function DeleteConfirmText({ username }: { username: string }) {
  const text = t.members.deleteConfirmDescription(username);
  const at = text.lastIndexOf(username);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <strong className="font-semibold break-all text-foreground">{username}</strong>
      {text.slice(at + username.length)}
    </>
  );
}

function DeleteWorkspace({
  workspace,
  workspaceId,
}: {
  workspace: StoredWorkspace;
  workspaceId: string;
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteWorkspace(workspaceId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const confirm = () => {
    if (!canConfirmDelete(typed, workspace.username)) return;
    setError(null);
    remove.mutate(undefined, {
      onSuccess: ({ message, remaining }) => {
        setOpen(false);
        toast.success(message);
        navigate('/dashboard', { replace: true });
        leaveDeletedWorkspace(queryClient, workspaceId, remaining);
      },
      onError: (err) => {
        setError(errorMessage(err));
        toast.error(errorMessage(err));
      },
    });
  };

  return (
    <div className="grid gap-4 px-6 py-5 md:grid-cols-[minmax(0,1fr)_auto] md:items-center md:gap-8">
      <div className="grid gap-1">
        <h4 className="font-medium">{t.members.deleteTitle}</h4>
        <p className="text-sm leading-relaxed text-muted-foreground">
          {t.members.deleteDescription}
        </p>
      </div>
      <Button
        type="button"
        variant="destructive"
        className="w-full md:w-auto"
        onClick={() => {
          setTyped('');
          setError(null);
          setOpen(true);
        }}
      >
        <Trash2 aria-hidden />
        {t.members.deleteTitle}
      </Button>
      <AlertDialog
        open={open}
        onOpenChange={(next) => {
          if (!remove.isPending) setOpen(next);
        }}
      >
        <AlertDialogContent>
          <form
            className="grid gap-5"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              confirm();
            }}
          >
            <AlertDialogHeader>
              <AlertDialogTitle>{t.members.deleteConfirmTitle}</AlertDialogTitle>
              <AlertDialogDescription>
                <DeleteConfirmText username={workspace.username} />
              </AlertDialogDescription>
            </AlertDialogHeader>
            <div className="grid gap-2">
              <Label htmlFor="delete-confirm">{t.members.deleteConfirmLabel}</Label>
              <Input
                id="delete-confirm"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder={workspace.username}
                value={typed}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'delete-error' : undefined}
                onChange={(e) => {
                  setTyped(e.target.value);
                  setError(null);
                }}
              />
              {error ? (
                <p
                  id="delete-error"
                  role="alert"
                  className="text-[13px] leading-snug text-destructive"
                >
                  {error}
                </p>
              ) : null}
            </div>
            <AlertDialogFooter>
              <AlertDialogCancel type="button" disabled={remove.isPending}>
                {t.common.cancel}
              </AlertDialogCancel>
              <Button
                type="submit"
                variant="destructive"
                disabled={!canConfirmDelete(typed, workspace.username)}
                loading={remove.isPending}
              >
                {t.members.deleteConfirm}
              </Button>
            </AlertDialogFooter>
          </form>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

/** Owner only: transfer the ownership to a member, or delete the workspace. */
export function DangerZone({
  workspace,
  workspaceId,
  members,
  meId,
}: {
  workspace: StoredWorkspace;
  workspaceId: string;
  members: TeamMember[];
  meId: string | null;
}) {
  const candidates = members.filter((m) => m.role !== 'owner' && m.id !== meId);
  return (
    <Card className="gap-0 border-destructive/30 py-0" role="region" aria-labelledby="danger-title">
      <CardHeader className="border-b py-5 [.border-b]:pb-5">
        <CardTitle id="danger-title" className="text-destructive">
          {t.members.dangerTitle}
        </CardTitle>
        <CardDescription>{t.members.dangerDescription}</CardDescription>
      </CardHeader>
      <div className="divide-y">
        <TransferOwnership
          workspace={workspace}
          workspaceId={workspaceId}
          candidates={candidates}
        />
        <DeleteWorkspace workspace={workspace} workspaceId={workspaceId} />
      </div>
    </Card>
  );
}
