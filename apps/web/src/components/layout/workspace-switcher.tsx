import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronsUpDown, Plus } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { t } from '@/i18n/pt-BR';
import { setWorkspace, useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { WORKSPACES_QUERY_KEY, fetchWorkspaces, syncCurrentWorkspace } from '@/lib/workspace';

/**
 * The current workspace (storage key `workspace`) and, when the user belongs to more than one,
 * the list to switch between them. Switching stores the choice and refetches every query, so
 * screens that read `useSession().workspace` follow.
 */
export function WorkspaceSwitcher({ className }: { className?: string }) {
  const { workspace, token } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: WORKSPACES_QUERY_KEY,
    queryFn: ({ signal }) => fetchWorkspaces(signal),
    enabled: Boolean(token),
    retry: false,
    staleTime: 60_000,
  });

  useEffect(() => {
    if (list.data) syncCurrentWorkspace(list.data);
  }, [list.data]);

  if (!workspace) return null;
  const workspaces = list.data?.length ? list.data : [workspace];

  const select = (key: string) => {
    const next = workspaces.find((w) => (w.id ?? w.username) === key);
    if (!next || (next.id ?? next.username) === (workspace.id ?? workspace.username)) return;
    setWorkspace(next);
    void queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] !== WORKSPACES_QUERY_KEY[0],
    });
  };

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          className={cn(
            'flex w-full items-center gap-3 rounded-lg border bg-card p-2 text-left shadow-xs transition-colors outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=open]:bg-accent/50 dark:bg-input/20',
            className,
          )}
        >
          <Avatar
            name={workspace.label}
            src={workspace.avatar_url}
            alt=""
            className="size-8 rounded-md *:rounded-md"
          />
          <span className="grid min-w-0 flex-1 leading-tight">
            <span className="sr-only">{t.workspaceSwitcher.open}: </span>
            <span className="truncate text-sm font-semibold text-foreground">
              {workspace.label}
            </span>
            <span className="truncate text-xs text-muted-foreground">@{workspace.username}</span>
          </span>
          <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        className="w-(--radix-dropdown-menu-trigger-width) min-w-56"
      >
        <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">
          {t.workspaceSwitcher.list}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={workspace.id ?? workspace.username} onValueChange={select}>
          {workspaces.map((w) => (
            <DropdownMenuRadioItem key={w.id ?? w.username} value={w.id ?? w.username}>
              <span className="grid min-w-0 leading-tight">
                <span className="truncate font-medium">{w.label}</span>
                <span className="truncate text-xs text-muted-foreground">
                  @{w.username} ·{' '}
                  {w.is_owner ? t.workspaceSwitcher.owner : t.workspaceSwitcher.member}
                </span>
              </span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/workspaces/new')}>
          <Plus aria-hidden /> {t.workspaceSwitcher.create}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
