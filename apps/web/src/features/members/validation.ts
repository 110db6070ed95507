import { Uuid } from '@fa-clube/contract';
import { z } from 'zod';
import { canConfirmDelete } from './can';

// The forms' schemas, loaded with zod when the danger zone shows; what enables the buttons is in
// ./can.ts, without zod.

/** Transferir propriedade: a member chosen (the body's e-mail is that member's). */
export const TransferForm = z.object({ member_id: Uuid });
export type TransferForm = z.infer<typeof TransferForm>;

/** The deletion's confirmation: the workspace's username, typed exactly. */
export const deleteConfirmForm = (username: string) =>
  z.object({ username: z.string().refine((typed) => canConfirmDelete(typed, username)) });
