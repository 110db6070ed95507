import { SettingsPage } from '@/components/layout/page';
import { WelcomeMessageCard } from '@/features/broadcasts/components/welcome-message-card';
import { WorkspaceSettings } from '@/features/workspace-settings/components/workspace-settings';
import { t } from '@/features/workspace-settings/strings';

/**
 * /settings/workspace ('Perfil'): cover, avatar, appearance, name, username, description, and the
 * welcome message sent to each new fan.
 */
export function SettingsWorkspaceRoute() {
  return (
    <SettingsPage title={t.settings.workspace} description={t.workspaceSettings.description}>
      <WorkspaceSettings />
      <div className="mt-6">
        <WelcomeMessageCard />
      </div>
    </SettingsPage>
  );
}
