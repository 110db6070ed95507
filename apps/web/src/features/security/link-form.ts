import { z } from 'zod';

/** 'Vincular conta Google': the account's password (its own module: loaded with the dialog). */
export const LinkForm = z.object({ password: z.string().min(1, 'Informe a senha.').max(1024) });
export type LinkValues = z.output<typeof LinkForm>;
