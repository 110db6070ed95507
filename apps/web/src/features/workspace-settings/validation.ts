import { UpdateWorkspaceBody } from '@fa-clube/contract';

/**
 * The profile settings' forms: one field of the contract's update body each (loaded with zod
 * when a form first validates; what enables 'Salvar' is in ./can-save.ts, without zod).
 */
export const NameForm = UpdateWorkspaceBody.pick({ label: true }).required();
export const UsernameForm = UpdateWorkspaceBody.pick({ username: true }).required();
export const DescriptionForm = UpdateWorkspaceBody.pick({ description: true }).required();
