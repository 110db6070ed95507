import { CreateWorkspaceScreen } from '@/features/account/components/create-workspace';

/** /workspaces/new ('Criar espaço'). */
export function WorkspaceNewRoute() {
  return <CreateWorkspaceScreen />;
}
