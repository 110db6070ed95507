import { StorageMeter } from '@/components/storage-meter';
import { t } from '../strings';
import { SettingsSection } from './settings-section';

/** Configurações › Perfil: the space the workspace's posts take, as a bar ("X de Y usados"). */
export function StorageSection({ workspaceId }: { workspaceId: string }) {
  return (
    <SettingsSection
      title={t.workspaceSettings.storageTitle}
      description={t.workspaceSettings.storageDescription}
    >
      <StorageMeter workspaceId={workspaceId} />
    </SettingsSection>
  );
}
