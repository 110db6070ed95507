import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type {
  FieldPath,
  FieldValues,
  Resolver,
  UseFormProps,
  UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { loadContract } from './contract-schemas';
import type { ContractModule } from './contract-schemas';

/**
 * A form's schema fetched on demand (docs/decisions/036-web-first-load.md): zod and the
 * contract's schemas are not in a page's first load, the form asks for them once the browser is
 * idle after it shows and waits for them on its first validation.
 *
 *   const LoginForm = lazyForm(() => import('../validation').then((m) => m.LoginForm));
 */
export interface LazyForm<S extends z.ZodType> {
  readonly load: () => Promise<S>;
  /** The schema once it has arrived; undefined before. */
  readonly loaded: () => S | undefined;
}

export function lazyForm<S extends z.ZodType>(load: () => Promise<S>): LazyForm<S> {
  let schema: S | undefined;
  let loading: Promise<S> | undefined;
  return {
    load: () =>
      (loading ??= load().then(
        (loadedSchema) => (schema = loadedSchema),
        (error: unknown) => {
          // a failed chunk load is tried again by the next validation
          loading = undefined;
          throw error;
        },
      )),
    loaded: () => schema,
  };
}

/** One of the contract's schemas as a form's: `contractForm((c) => c.ChangeEmailBody)`. */
export const contractForm = <S extends z.ZodType>(pick: (contract: ContractModule) => S) =>
  lazyForm(() => loadContract().then(pick));

const loadResolver = () => import('@hookform/resolvers/zod');

/**
 * Runs `task` when the browser is next idle (at the latest after 2 s; on the next task where
 * there is no requestIdleCallback): what a form needs only to validate is fetched after the page
 * has painted, not beside its own code and text (decision 036, "Lighthouse").
 */
function whenIdle(task: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 0);
}

const isLazyForm = <S extends z.ZodType>(schema: S | LazyForm<S>): schema is LazyForm<S> =>
  typeof (schema as Partial<LazyForm<S>>).load === 'function';

/**
 * The schema now: a plain one as it is, a lazy one once it has arrived (undefined before). Asks
 * for a lazy one when the browser is idle after the mount and renders again when it is in.
 */
export function useSchemaNow<S extends z.ZodType>(
  schema: S | LazyForm<S> | undefined,
): S | undefined {
  const lazy = schema && isLazyForm(schema) ? schema : undefined;
  const [, setArrived] = useState(false);
  useEffect(() => {
    if (lazy && !lazy.loaded())
      whenIdle(
        () =>
          void lazy.load().then(
            () => setArrived(true),
            () => undefined,
          ),
      );
  }, [lazy]);
  return lazy ? lazy.loaded() : (schema as S | undefined);
}

/**
 * The forms' one way (docs/decisions/022-web-forms-and-error-codes.md): react-hook-form with the
 * zod resolver. `schema` is the contract's request schema (or a form schema built from its
 * pieces), usually through `lazyForm`; the submit handler receives its parsed output. By default
 * errors show after a submit and then follow the typing. The resolver (and a lazy schema) load on
 * demand: the first validation waits for them.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S | LazyForm<S>,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  useSchemaNow(schema);
  useEffect(() => whenIdle(() => void loadResolver().catch(() => undefined)), []);
  const resolver: Resolver<z.input<S>, unknown, z.output<S>> = async (values, context, opts) => {
    const resolverModule = loadResolver();
    const loaded = isLazyForm(schema) ? await schema.load() : schema;
    const { zodResolver } = await resolverModule;
    return zodResolver(loaded)(values, context, opts);
  };
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver,
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
