import { SettingsPage } from '@/components/layout/page';
import { WorkspaceSettings } from '@/features/workspace-settings/components/workspace-settings';
import { t } from '@/features/workspace-settings/strings';

/** /settings/workspace ('Perfil'): cover, avatar, appearance, name, username, description. */
export function SettingsWorkspaceRoute() {
  return (
    <SettingsPage title={t.settings.workspace} description={t.workspaceSettings.description}>
      <WorkspaceSettings />
    </SettingsPage>
  );
}
