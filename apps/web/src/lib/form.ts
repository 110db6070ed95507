import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { FieldPath, FieldValues, UseFormProps, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client';

/**
 * The forms' one way (docs/decisions/022-web-forms-and-error-codes.md): react-hook-form with the
 * zod resolver. `schema` is the contract's request schema (or a form schema built from its
 * pieces); the submit handler receives its parsed output. By default errors show after a submit
 * and then follow the typing.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: zodResolver(schema),
  });
}

/**
 * Puts the server's `errors[].field` messages on the form's fields with the same name (the
 * forms name their fields like the request body). Answers whether any was placed; the caller
 * still shows the whole message in the 'Erro' toast.
 */
export function setServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, FieldValues>, 'getValues' | 'setError'>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiError) || error.errors.length === 0) return false;
  let placed = false;
  for (const name of Object.keys(form.getValues()) as FieldPath<T>[]) {
    const message = error.fieldError(name);
    if (!message) continue;
    form.setError(name, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
