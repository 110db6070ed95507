import { SectionHeader } from '@/components/layout/page';
import { WorkspaceSettings } from '@/features/workspace-settings/components/workspace-settings';
import { t } from '@/i18n/pt-BR';

/** /settings/workspace ('Perfil'): cover, avatar, appearance, name, username, description. */
export function SettingsWorkspaceRoute() {
  return (
    <section>
      <title>{`${t.settings.workspace} · ${t.brand.name}`}</title>
      <SectionHeader title={t.settings.workspace} description={t.workspaceSettings.description} />
      <WorkspaceSettings />
    </section>
  );
}
