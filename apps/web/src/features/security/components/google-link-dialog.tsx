import { useMutation } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { PasswordInput } from '@/components/ui/password-input';
import { errorMessage } from '@/lib/api-client';
import { setServerErrors, useZodForm } from '@/lib/form';
import { startGoogleLink } from '../api/security-api';
import type { LinkValues } from '../link-form';
import { t } from '../strings';
import { LinkForm } from '../link-form';

/** Goes to the provider (a full navigation: the flow's cookie came with the answer). */
const goTo = (url: string) => window.location.assign(url);

// zod loads when the dialog shows, not with the page

/** 'Vincular conta Google': the password, then off to Google. */
export function LinkDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const form = useZodForm(LinkForm, { defaultValues: { password: '' } });
  const start = useMutation({ mutationFn: (password: string) => startGoogleLink(password) });
  const submit = ({ password }: LinkValues) =>
    start.mutate(password, {
      onSuccess: (res) => goTo(res.authorization_url),
      onError: (err) => {
        if (!setServerErrors(form, err))
          form.setError('password', { type: 'server', message: errorMessage(err) });
      },
    });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <Form form={form} onSubmit={submit} className="grid gap-5">
          <DialogHeader>
            <DialogTitle>{t.security.googleLinkTitle}</DialogTitle>
            <DialogDescription>{t.security.googleLinkDescription}</DialogDescription>
          </DialogHeader>
          <FormField name="password" label={t.security.password}>
            {(control) => <PasswordInput {...control} autoComplete="current-password" autoFocus />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t.common.cancel}
            </Button>
            <FormSubmit pending={start.isPending || start.isSuccess}>
              {t.security.googleContinue}
            </FormSubmit>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
