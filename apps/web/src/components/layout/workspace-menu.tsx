import { Plus } from 'lucide-react';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router';
import {
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
} from '@/components/ui/dropdown-menu';
import { LoadedDropdownMenu } from '@/components/ui/loaded-dropdown-menu';
import type { OpenedBy } from '@/components/ui/menu-on-demand';
import { t } from '@/i18n/pt-BR';
import type { StoredWorkspace } from '@/lib/session';

/** The workspace switcher's list (workspace-switcher.tsx), loaded on its first open and shown open. */
export function WorkspaceMenu({
  trigger,
  openedBy,
  workspaces,
  current,
  onSelect,
}: {
  trigger: ReactElement;
  openedBy: OpenedBy;
  workspaces: StoredWorkspace[];
  /** The current workspace's id (its username when it has none). */
  current: string;
  onSelect: (key: string) => void;
}) {
  const navigate = useNavigate();
  return (
    <LoadedDropdownMenu
      trigger={trigger}
      openedBy={openedBy}
      align="start"
      className="w-(--radix-dropdown-menu-trigger-width) min-w-56"
    >
      <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">
        {t.workspaceSwitcher.list}
      </DropdownMenuLabel>
      <DropdownMenuSeparator />
      <DropdownMenuRadioGroup value={current} onValueChange={onSelect}>
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
    </LoadedDropdownMenu>
  );
}
