import { SettingsPage } from '@/components/layout/page';
import { WorkspaceSettings } from '@/features/workspace-settings/components/workspace-settings';
import { t } from '@/i18n/pt-BR';

/** /settings/workspace ('Perfil'): cover, avatar, appearance, name, username, description. */
export function SettingsWorkspaceRoute() {
  return (
    <SettingsPage title={t.settings.workspace} description={t.workspaceSettings.description}>
      <WorkspaceSettings />
    </SettingsPage>
  );
}
