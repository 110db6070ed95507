import { CreateWorkspaceBody, WORKSPACE_LABEL_MAX } from '@fa-clube/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Page, PageHeader } from '@/components/layout/page';
import { Card, CardContent } from '@/components/ui/card';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { setServerErrors, useZodForm } from '@/lib/form';
import { switchWorkspace } from '@/lib/workspace';
import { createWorkspace } from '../api/account-api';
import { t } from '../strings';

/**
 * 'Criar espaço': label and username with the sign-up rules (the contract's CreateWorkspaceBody);
 * the new workspace becomes the current one and its settings open.
 */
export function CreateWorkspaceScreen() {
  const form = useZodForm(CreateWorkspaceBody, {
    defaultValues: { label: '', username: '' },
    mode: 'onTouched',
  });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({ mutationFn: createWorkspace });
  const submit = (body: CreateWorkspaceBody) =>
    create.mutate(body, {
      onSuccess: (ws) => {
        switchWorkspace(queryClient, ws);
        toast.success(t.createWorkspace.created(ws.username));
        navigate('/settings/workspace');
      },
      onError: (error) => {
        setServerErrors(form, error);
        toast.error(errorMessage(error));
      },
    });
  return (
    <Page width="narrow">
      <PageHeader title={t.createWorkspace.title} description={t.createWorkspace.description} />
      <Card>
        <CardContent>
          <Form
            form={form}
            onSubmit={submit}
            aria-label={t.createWorkspace.title}
            className="grid gap-5"
          >
            <FormField name="label" label={t.createWorkspace.label}>
              {(control) => (
                <Input {...control} autoComplete="organization" maxLength={WORKSPACE_LABEL_MAX} />
              )}
            </FormField>
            <FormField
              name="username"
              label={t.createWorkspace.username}
              hint={t.createWorkspace.usernameHint}
            >
              {(control) => (
                <Input
                  {...control}
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  maxLength={30}
                />
              )}
            </FormField>
            <FormSubmit
              ready={CreateWorkspaceBody}
              pending={create.isPending}
              className="w-full sm:ml-auto sm:w-auto"
            >
              {t.createWorkspace.submit}
            </FormSubmit>
          </Form>
        </CardContent>
      </Card>
    </Page>
  );
}
