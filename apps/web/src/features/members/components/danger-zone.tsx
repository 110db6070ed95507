import type { TeamMember } from '@fa-clube/contract';
import { Trash2, UserRoundCog } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
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
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useZodForm } from '@/lib/form';
import type { StoredWorkspace } from '@/lib/session';
import { switchWorkspace } from '@/lib/workspace';
import { leaveDeletedWorkspace, useDeleteWorkspace, useTransferOwnership } from '../hooks/use-team';
import { t } from '../strings';
import { TransferForm, deleteConfirmForm } from '../validation';

function TransferOwnership({
  workspace,
  workspaceId,
  candidates,
}: {
  workspace: StoredWorkspace;
  workspaceId: string;
  candidates: TeamMember[];
}) {
  const form = useZodForm(TransferForm, { defaultValues: { member_id: '' } });
  const [target, setTarget] = useState<TeamMember | null>(null);
  const transfer = useTransferOwnership(workspaceId);
  const queryClient = useQueryClient();

  // the form picks the member; the dialog asks before anything is sent
  const choose = ({ member_id }: TransferForm) =>
    setTarget(candidates.find((m) => m.id === member_id) ?? null);

  const confirm = () => {
    if (!target) return;
    transfer.mutate(target.email, {
      onSuccess: (res) => {
        setTarget(null);
        form.reset({ member_id: '' });
        toast.success(res.message);
        switchWorkspace(queryClient, res.workspace);
      },
      onError: (error) => {
        setTarget(null);
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
      <Form form={form} onSubmit={choose}>
        <FormField name="member_id" label={t.members.transferSelect}>
          {(control) => (
            <div className="flex flex-col gap-2 sm:flex-row">
              <NativeSelect
                {...control}
                containerClassName="min-w-0 flex-1 sm:max-w-md"
                disabled={candidates.length === 0}
              >
                <option value="">{t.members.transferPlaceholder}</option>
                {candidates.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.full_name} ({m.email})
                  </option>
                ))}
              </NativeSelect>
              <FormSubmit variant="outline" ready={TransferForm}>
                <UserRoundCog aria-hidden />
                {t.members.transferTitle}
              </FormSubmit>
            </div>
          )}
        </FormField>
      </Form>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
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
  const remove = useDeleteWorkspace(workspaceId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: ({ message, remaining }) => {
        setOpen(false);
        toast.success(message);
        navigate('/dashboard', { replace: true });
        leaveDeletedWorkspace(queryClient, workspaceId, remaining);
      },
      onError: (err) => toast.error(errorMessage(err)),
    });

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
          remove.reset();
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
          {open ? (
            <DeleteConfirmForm
              username={workspace.username}
              pending={remove.isPending}
              refusal={remove.isError ? errorMessage(remove.error) : null}
              onConfirm={confirm}
            />
          ) : null}
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

/** The dialog's body: the workspace's username typed exactly enables the deletion. */
function DeleteConfirmForm({
  username,
  pending,
  refusal,
  onConfirm,
}: {
  username: string;
  pending: boolean;
  /** Why the server refused (e.g. the last own workspace). */
  refusal: string | null;
  onConfirm: () => void;
}) {
  const schema = useMemo(() => deleteConfirmForm(username), [username]);
  const form = useZodForm(schema, { defaultValues: { username: '' } });
  return (
    <Form form={form} onSubmit={onConfirm} className="grid gap-5">
      <AlertDialogHeader>
        <AlertDialogTitle>{t.members.deleteConfirmTitle}</AlertDialogTitle>
        <AlertDialogDescription>
          <DeleteConfirmText username={username} />
        </AlertDialogDescription>
      </AlertDialogHeader>
      <div className="grid gap-2">
        <FormField name="username" label={t.members.deleteConfirmLabel}>
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={username}
            />
          )}
        </FormField>
        {refusal ? (
          <p role="alert" className="text-[13px] leading-snug text-destructive">
            {refusal}
          </p>
        ) : null}
      </div>
      <AlertDialogFooter>
        <AlertDialogCancel type="button" disabled={pending}>
          {t.common.cancel}
        </AlertDialogCancel>
        <FormSubmit variant="destructive" ready={schema} pending={pending}>
          {t.members.deleteConfirm}
        </FormSubmit>
      </AlertDialogFooter>
    </Form>
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
