import { FilesScreen } from '@/features/files/components/files-screen';

/** /files ('Arquivos': the workspace's file store). */
export function FilesRoute() {
  return <FilesScreen />;
}
