import { FormProvider, useController, useFormState, useWatch } from 'react-hook-form';
import type {
  ControllerRenderProps,
  FieldPath,
  FieldValues,
  SubmitErrorHandler,
  SubmitHandler,
  UseFormReturn,
} from 'react-hook-form';
import type { ComponentProps, ReactNode } from 'react';
import type { z } from 'zod';
import { Button } from './button';
import type { ButtonProps } from './button';
import { Field } from './field';
import type { FieldControlProps, FieldProps } from './field';

type FormProps<TIn extends FieldValues, TOut extends FieldValues> = Omit<
  ComponentProps<'form'>,
  'onSubmit' | 'onInvalid'
> & {
  form: UseFormReturn<TIn, unknown, TOut>;
  /** Called with the schema's parsed output once the values pass it. */
  onSubmit: SubmitHandler<TOut>;
  /** Called when the values fail the schema (the fields already show why). */
  onInvalid?: SubmitErrorHandler<TIn>;
};

/**
 * A `<form>` bound to a react-hook-form instance (`useZodForm`): its fields find the form
 * through context, and submitting validates with the form's schema first.
 *
 *   <Form form={form} onSubmit={save}>
 *     <FormField name="email" label={t.login.email}>{(control) => <Input {...control} />}</FormField>
 *   </Form>
 */
export function Form<TIn extends FieldValues, TOut extends FieldValues>({
  form,
  onSubmit,
  onInvalid,
  children,
  ...props
}: FormProps<TIn, TOut>) {
  return (
    <FormProvider {...form}>
      <form
        noValidate
        {...props}
        onSubmit={(event) => void form.handleSubmit(onSubmit, onInvalid)(event)}
      >
        {children}
      </form>
    </FormProvider>
  );
}

export type FormControlProps<
  T extends FieldValues = FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
> = FieldControlProps & ControllerRenderProps<T, N>;

type FormFieldProps<T extends FieldValues, N extends FieldPath<T>> = Omit<
  FieldProps,
  'children' | 'error'
> & {
  name: N;
  /** The control, given its label wiring and the field's value, onChange, onBlur and ref. */
  children: (control: FormControlProps<T, N>) => ReactNode;
};

/**
 * One field of a `<Form>`: `<Field>` (label, hint, error wired for screen readers) around the
 * control, showing the field's error — the schema's message, the server's `errors[].field`, or
 * just red when the error has no text.
 */
export function FormField<T extends FieldValues, N extends FieldPath<T>>({
  name,
  children,
  ...fieldProps
}: FormFieldProps<T, N>) {
  const { field, fieldState } = useController<T, N>({ name });
  const error = fieldState.error ? fieldState.error.message || true : null;
  return (
    <Field {...fieldProps} error={error}>
      {(control) => children({ ...field, ...control })}
    </Field>
  );
}

type FormSubmitProps = Omit<ButtonProps, 'type' | 'loading'> & {
  /**
   * When the button is enabled (the spec's rule, e.g. e-mail pattern and password length): the
   * current values must pass this schema, or this test. Without it, always.
   */
  ready?: z.ZodType | ((values: FieldValues) => boolean);
  /** Sending; by default while the submit handler runs. */
  pending?: boolean;
};

/**
 * The form's submit button: enabled while the values are `ready` and nothing is being sent,
 * spinning while it is. It follows the typing itself, so the rest of the form does not
 * re-render on every key.
 */
export function FormSubmit({ ready, pending, disabled, ...props }: FormSubmitProps) {
  const values = useWatch() as FieldValues;
  const { isSubmitting } = useFormState();
  const sending = pending ?? isSubmitting;
  const passes =
    ready === undefined
      ? true
      : typeof ready === 'function'
        ? ready(values)
        : ready.safeParse(values).success;
  return <Button {...props} type="submit" loading={sending} disabled={disabled || !passes} />;
}
