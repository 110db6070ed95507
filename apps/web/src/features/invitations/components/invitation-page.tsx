import type { InvitationInfo } from '@fa-clube/contract';
import { CircleCheck, Clock, MailQuestion, RefreshCw, SearchX, UserRoundX } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { t } from '../strings';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { loginPath } from '@/lib/navigation';
import { SIGN_OUT_STATE } from '@/lib/session';
import { cn } from '@/lib/utils';
import { switchWorkspace } from '@/lib/workspace';
import { useAcceptInvitation, useFindWorkspace, useInvitation } from '../hooks/use-invitation';

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: 'long',
  year: 'numeric',
});

/** The workspace the invitation is for: avatar, name and @username. */
function WorkspaceIdentity({ info, muted = false }: { info: InvitationInfo; muted?: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar
        name={info.workspace.label}
        src={info.workspace.avatar_url}
        // faded avatar only: faded text would fail contrast
        className={cn('size-12 text-lg ring-2 ring-card', muted && 'opacity-70 grayscale')}
      />
      <div className="grid min-w-0 text-left leading-tight">
        <span className="truncate font-semibold">{info.workspace.label}</span>
        <span className="truncate text-sm text-muted-foreground">@{info.workspace.username}</span>
      </div>
    </div>
  );
}

function StateCard({
  icon: Icon,
  tone = 'muted',
  title,
  text,
  info,
  children,
}: {
  icon: LucideIcon;
  tone?: 'muted' | 'warning' | 'success';
  title: string;
  text: string;
  info?: InvitationInfo;
  children?: ReactNode;
}) {
  return (
    <Card className="items-center gap-5 px-6 py-10 text-center sm:px-10">
      <div
        className={cn(
          'flex size-12 items-center justify-center rounded-full',
          tone === 'muted' && 'bg-muted text-muted-foreground',
          tone === 'warning' && 'bg-amber-500/15 text-amber-600 dark:text-amber-400',
          tone === 'success' && 'bg-success/15 text-success-text',
        )}
      >
        <Icon className="size-6" aria-hidden />
      </div>
      <div className="grid max-w-md gap-2">
        <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
        <p className="text-[15px] leading-relaxed text-muted-foreground">{text}</p>
      </div>
      {info ? (
        <div className="w-full max-w-xs rounded-lg border bg-muted/30 p-3">
          <WorkspaceIdentity info={info} muted />
        </div>
      ) : null}
      {children ? (
        <div className="flex w-full flex-col-reverse justify-center gap-2 sm:w-auto sm:flex-row">
          {children}
        </div>
      ) : null}
    </Card>
  );
}

function GoHome() {
  return (
    <Button asChild variant="outline">
      <Link to="/dashboard">{t.invitation.goHome}</Link>
    </Button>
  );
}

function PendingInvitation({ id, info }: { id: string; info: InvitationInfo }) {
  const accept = useAcceptInvitation(id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const submit = () =>
    accept.mutate(undefined, {
      onSuccess: (workspace) => {
        toast.success(t.invitation.accepted(workspace.label));
        navigate('/dashboard', { replace: true });
        switchWorkspace(queryClient, workspace);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <Card className="gap-0 overflow-hidden py-0">
      <div
        aria-hidden
        className="h-24 bg-gradient-to-br from-violet-600 via-violet-500 to-fuchsia-500 sm:h-28"
      />
      <div className="grid justify-items-center gap-5 px-6 pb-8 text-center sm:px-10">
        <Avatar
          name={info.workspace.label}
          src={info.workspace.avatar_url}
          className="-mt-10 size-20 text-3xl ring-4 ring-card"
        />
        <div className="grid max-w-md gap-2">
          <h2 className="text-xl font-semibold tracking-tight text-balance sm:text-2xl">
            {t.invitation.heading(info.workspace.label)}
          </h2>
          <p className="text-sm font-medium text-muted-foreground">@{info.workspace.username}</p>
          <p className="text-[15px] leading-relaxed text-muted-foreground">{t.invitation.text}</p>
          <p className="text-sm text-muted-foreground">
            {t.invitation.validUntil(dateFormat.format(new Date(info.expires_at)))}
          </p>
        </div>
        <Button size="lg" className="w-full sm:w-auto" loading={accept.isPending} onClick={submit}>
          <CircleCheck aria-hidden />
          {t.invitation.accept}
        </Button>
      </div>
    </Card>
  );
}

function AlreadyMember({ info }: { info: InvitationInfo }) {
  const find = useFindWorkspace();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <StateCard
      icon={CircleCheck}
      tone="success"
      title={t.invitation.memberTitle}
      text={t.invitation.memberText}
      info={info}
    >
      <Button
        loading={find.isPending}
        onClick={() =>
          find.mutate(info.workspace.username, {
            onSuccess: (workspace) => {
              navigate('/dashboard', { replace: true });
              if (workspace) switchWorkspace(queryClient, workspace);
            },
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      >
        {t.invitation.openWorkspace}
      </Button>
    </StateCard>
  );
}

function NotForYou({ id, info }: { id: string; info: InvitationInfo }) {
  const me = useMe();
  const navigate = useNavigate();
  const email = me.data?.email;
  return (
    <StateCard
      icon={UserRoundX}
      tone="warning"
      title={t.invitation.notForYouTitle}
      text={email ? t.invitation.notForYouText(email) : t.invitation.notForYouTextAnonymous}
      info={info}
    >
      <GoHome />
      <Button
        onClick={() =>
          navigate(loginPath(`/invitation/${id}`), { replace: true, state: SIGN_OUT_STATE })
        }
      >
        {t.invitation.switchAccount}
      </Button>
    </StateCard>
  );
}

function LoadingCard() {
  return (
    <Card className="items-center gap-5 px-6 py-10" data-testid="invitation-loading">
      <Skeleton className="size-20 rounded-full" />
      <Skeleton className="h-6 w-72 max-w-full" />
      <Skeleton className="h-4 w-48 max-w-full" />
      <Skeleton className="h-11 w-40" />
    </Card>
  );
}

/**
 * /invitation/:id — the invitation as the server sees it for the signed-in user: accept it
 * (the joined workspace becomes current and /dashboard opens), or why it cannot be accepted:
 * expired, already used, sent to another e-mail (sign out and in with that account), not found.
 */
export function InvitationPage({ id }: { id: string }) {
  const { query, view } = useInvitation(id);
  switch (view.kind) {
    case 'loading':
      return <LoadingCard />;
    case 'pending':
      return <PendingInvitation id={id} info={view.info} />;
    case 'member':
      return <AlreadyMember info={view.info} />;
    case 'not-for-you':
      return <NotForYou id={id} info={view.info} />;
    case 'expired':
      return (
        <StateCard
          icon={Clock}
          tone="warning"
          title={t.invitation.expiredTitle}
          text={t.invitation.expiredText}
          info={view.info}
        >
          <GoHome />
        </StateCard>
      );
    case 'used':
      return (
        <StateCard
          icon={MailQuestion}
          title={t.invitation.usedTitle}
          text={t.invitation.usedText}
          info={view.info}
        >
          <GoHome />
        </StateCard>
      );
    case 'not-found':
      return (
        <StateCard
          icon={SearchX}
          title={t.invitation.notFoundTitle}
          text={t.invitation.notFoundText}
        >
          <GoHome />
        </StateCard>
      );
    case 'error':
      return (
        <StateCard icon={MailQuestion} title={t.invitation.title} text={t.invitation.loadError}>
          <Button variant="outline" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden />
            {t.common.retry}
          </Button>
        </StateCard>
      );
  }
}
