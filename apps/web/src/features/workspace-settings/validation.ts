import { UpdateWorkspaceBody } from '@fa-clube/contract';

/**
 * The profile settings' forms: one field of the contract's update body each. 'Salvar' is enabled
 * for the owner while the field passes its schema and differs from the saved value.
 */
export const NameSchema = UpdateWorkspaceBody.pick({ label: true }).required();
export const UsernameSchema = UpdateWorkspaceBody.pick({ username: true }).required();
export const DescriptionSchema = UpdateWorkspaceBody.pick({ description: true }).required();
