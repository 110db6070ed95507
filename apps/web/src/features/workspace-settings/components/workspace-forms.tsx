import { WORKSPACE_DESCRIPTION_MAX, WORKSPACE_LABEL_MAX } from '@fa-clube/contract';
import type { UpdateWorkspaceBody, Workspace } from '@fa-clube/contract';
import { useWatch } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { setServerErrors, useZodForm } from '@/lib/form';
import { useUpdateWorkspace } from '../hooks/use-workspace-settings';
import { t } from '../strings';
import { DescriptionSchema, NameSchema, UsernameSchema } from '../validation';
import { SettingsForm } from './settings-section';

interface FormProps {
  workspace: Workspace;
  canEdit: boolean;
}

/**
 * PUT /workspaces/{id} with one field: on success the form takes the saved value and the spec's
 * toast shows; a refusal goes to the field (when the server names it) and to the 'Erro' toast.
 */
function useSaveField<K extends keyof UpdateWorkspaceBody>(
  workspace: Workspace,
  form: UseFormReturn<Record<K, string>, unknown, Record<K, string>>,
  name: K,
  saved: string,
) {
  const update = useUpdateWorkspace(workspace.id);
  const submit = (body: Record<K, string>) =>
    update.mutate(body, {
      onSuccess: (ws) => {
        form.reset({ [name]: ws[name] } as Record<K, string>);
        toast.success(saved);
      },
      onError: (error) => {
        setServerErrors(form, error);
        toast.error(errorMessage(error));
      },
    });
  return { submit, pending: update.isPending };
}

export function NameForm({ workspace, canEdit }: FormProps) {
  const form = useZodForm(NameSchema, { defaultValues: { label: workspace.label } });
  const { submit, pending } = useSaveField(workspace, form, 'label', t.workspaceSettings.nameSaved);
  return (
    <SettingsForm
      title={t.workspaceSettings.nameTitle}
      description={t.workspaceSettings.nameDescription}
      form={form}
      onSubmit={submit}
      ready={(v) =>
        canEdit && NameSchema.safeParse(v).success && v.label.trim() !== workspace.label
      }
      pending={pending}
    >
      <FormField name="label" label={t.workspaceSettings.nameLabel}>
        {(control) => (
          <Input
            {...control}
            autoComplete="organization"
            maxLength={WORKSPACE_LABEL_MAX}
            disabled={!canEdit}
          />
        )}
      </FormField>
    </SettingsForm>
  );
}

export function UsernameForm({ workspace, canEdit }: FormProps) {
  // the server's rules show as the username is typed
  const form = useZodForm(UsernameSchema, {
    defaultValues: { username: workspace.username },
    mode: 'onChange',
  });
  const { submit, pending } = useSaveField(
    workspace,
    form,
    'username',
    t.workspaceSettings.usernameSaved,
  );
  return (
    <SettingsForm
      title={t.workspaceSettings.usernameTitle}
      description={t.workspaceSettings.usernameDescription}
      form={form}
      onSubmit={submit}
      ready={(v) =>
        canEdit && UsernameSchema.safeParse(v).success && v.username !== workspace.username
      }
      pending={pending}
      footerNote={t.workspaceSettings.profileAddress(workspace.username)}
    >
      <FormField
        name="username"
        label={t.workspaceSettings.usernameLabel}
        hint={t.workspaceSettings.usernameHint}
      >
        {(control) => (
          <div className="relative">
            <span
              aria-hidden
              className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
            >
              @
            </span>
            <Input
              {...control}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={30}
              className="pl-7"
              disabled={!canEdit}
              onChange={(e) => control.onChange(e.target.value.trim().toLowerCase())}
            />
          </div>
        )}
      </FormField>
    </SettingsForm>
  );
}

/** '120/250 caracteres', following the typing. */
function DescriptionCounter() {
  const value = (useWatch({ name: 'description' }) as string | undefined) ?? '';
  return (
    <span aria-live="polite" className="tabular-nums">
      {t.workspaceSettings.descriptionCounter(value.length, WORKSPACE_DESCRIPTION_MAX)}
    </span>
  );
}

export function DescriptionForm({ workspace, canEdit }: FormProps) {
  const form = useZodForm(DescriptionSchema, {
    defaultValues: { description: workspace.description },
  });
  const { submit, pending } = useSaveField(
    workspace,
    form,
    'description',
    t.workspaceSettings.descriptionSaved,
  );
  return (
    <SettingsForm
      title={t.workspaceSettings.descriptionTitle}
      description={t.workspaceSettings.descriptionDescription}
      form={form}
      onSubmit={submit}
      ready={(v) =>
        canEdit && v.description.trim() !== '' && DescriptionSchema.safeParse(v).success
      }
      pending={pending}
    >
      <FormField
        name="description"
        label={t.workspaceSettings.descriptionLabel}
        hint={<DescriptionCounter />}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            maxLength={WORKSPACE_DESCRIPTION_MAX}
            placeholder={canEdit ? t.workspaceSettings.descriptionPlaceholder : undefined}
            className="min-h-28 resize-y"
            disabled={!canEdit}
            onChange={(e) => control.onChange(e.target.value.slice(0, WORKSPACE_DESCRIPTION_MAX))}
          />
        )}
      </FormField>
    </SettingsForm>
  );
}
