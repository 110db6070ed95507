import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormSubmit } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { setServerErrors } from '@/lib/form';
import { cn } from '@/lib/utils';
import { t } from '../strings';

interface Save<TBody> {
  mutate: (
    body: TBody,
    options: { onSuccess: () => void; onError: (error: unknown) => void },
  ) => void;
  isPending: boolean;
}

interface FormDialogProps<TIn extends FieldValues, TOut extends FieldValues> {
  title: string;
  description: string;
  /** The form's accessible name. */
  label: string;
  form: UseFormReturn<TIn, unknown, TOut>;
  save: Save<TOut>;
  /** The 'Sucesso' toast after saving. */
  done: string;
  /** When Salvar is enabled. */
  ready: (values: FieldValues) => boolean;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}

/**
 * The finance forms' dialog (account, category, transaction): the fields, 'Salvar', and the one
 * way a save ends — the toast and the dialog closed, or the server's field errors on the fields
 * and its message in the 'Erro' toast. It cannot be closed while saving.
 */
export function FormDialog<TIn extends FieldValues, TOut extends FieldValues>({
  title,
  description,
  label,
  form,
  save,
  done,
  ready,
  onClose,
  className,
  children,
}: FormDialogProps<TIn, TOut>) {
  const submit = (body: TOut) =>
    save.mutate(body, {
      onSuccess: () => {
        toast.success(done);
        onClose();
      },
      onError: (error) => {
        setServerErrors(form, error);
        toast.error(errorMessage(error));
      },
    });
  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className={cn('max-w-lg', className)}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={submit} className="grid gap-4" aria-label={label}>
          {children}
          <DialogFooter>
            <FormSubmit ready={ready} pending={save.isPending}>
              {t.common.save}
            </FormSubmit>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
