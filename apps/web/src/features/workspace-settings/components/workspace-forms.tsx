import {
  USERNAME_PATTERN,
  WORKSPACE_DESCRIPTION_MAX,
  WORKSPACE_LABEL_MAX,
} from '@fa-clube/contract';
import type { Workspace } from '@fa-clube/contract';
import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/pt-BR';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUpdateWorkspace } from '../hooks/use-workspace-settings';
import { canSaveDescription, canSaveName, canSaveUsername } from '../validation';
import { SettingsSection } from './settings-section';

interface FormProps {
  workspace: Workspace;
  canEdit: boolean;
}

export function NameForm({ workspace, canEdit }: FormProps) {
  const [value, setValue] = useState(workspace.label);
  const update = useUpdateWorkspace(workspace.id);
  const submit = () =>
    update.mutate(
      { label: value.trim() },
      {
        onSuccess: (ws) => {
          setValue(ws.label);
          toast.success(t.workspaceSettings.nameSaved);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <SettingsSection
      title={t.workspaceSettings.nameTitle}
      description={t.workspaceSettings.nameDescription}
      onSubmit={submit}
      canSave={canSaveName(value, workspace.label, canEdit)}
      saving={update.isPending}
    >
      <Field label={t.workspaceSettings.nameLabel}>
        {(control) => (
          <Input
            {...control}
            name="label"
            autoComplete="organization"
            maxLength={WORKSPACE_LABEL_MAX}
            disabled={!canEdit}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
      </Field>
    </SettingsSection>
  );
}

export function UsernameForm({ workspace, canEdit }: FormProps) {
  const [value, setValue] = useState(workspace.username);
  const [serverError, setServerError] = useState<string | null>(null);
  const update = useUpdateWorkspace(workspace.id);
  const invalid = value.length > 0 && !USERNAME_PATTERN.test(value);
  const submit = () =>
    update.mutate(
      { username: value },
      {
        onSuccess: (ws) => {
          setValue(ws.username);
          toast.success(t.workspaceSettings.usernameSaved);
        },
        onError: (error) => {
          if (error instanceof ApiError && (error.status === 409 || error.status === 400))
            setServerError(error.fieldError('username') ?? error.message);
          toast.error(errorMessage(error));
        },
      },
    );
  return (
    <SettingsSection
      title={t.workspaceSettings.usernameTitle}
      description={t.workspaceSettings.usernameDescription}
      onSubmit={submit}
      canSave={canSaveUsername(value, workspace.username, canEdit)}
      saving={update.isPending}
      footerNote={t.workspaceSettings.profileAddress(workspace.username)}
    >
      <Field
        label={t.workspaceSettings.usernameLabel}
        hint={t.workspaceSettings.usernameHint}
        error={serverError ?? (invalid ? t.workspaceSettings.usernameInvalid : null)}
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
              name="username"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={30}
              className="pl-7"
              disabled={!canEdit}
              value={value}
              onChange={(e) => {
                setValue(e.target.value.trim().toLowerCase());
                setServerError(null);
              }}
            />
          </div>
        )}
      </Field>
    </SettingsSection>
  );
}

export function DescriptionForm({ workspace, canEdit }: FormProps) {
  const [value, setValue] = useState(workspace.description);
  const update = useUpdateWorkspace(workspace.id);
  const submit = () =>
    update.mutate(
      { description: value.trim() },
      {
        onSuccess: (ws) => {
          setValue(ws.description);
          toast.success(t.workspaceSettings.descriptionSaved);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <SettingsSection
      title={t.workspaceSettings.descriptionTitle}
      description={t.workspaceSettings.descriptionDescription}
      onSubmit={submit}
      canSave={canSaveDescription(value, canEdit)}
      saving={update.isPending}
    >
      <Field
        label={t.workspaceSettings.descriptionLabel}
        hint={
          <span aria-live="polite" className="tabular-nums">
            {t.workspaceSettings.descriptionCounter(value.length, WORKSPACE_DESCRIPTION_MAX)}
          </span>
        }
      >
        {(control) => (
          <Textarea
            {...control}
            name="description"
            rows={4}
            maxLength={WORKSPACE_DESCRIPTION_MAX}
            placeholder={canEdit ? t.workspaceSettings.descriptionPlaceholder : undefined}
            className="min-h-28 resize-y"
            disabled={!canEdit}
            value={value}
            onChange={(e) => setValue(e.target.value.slice(0, WORKSPACE_DESCRIPTION_MAX))}
          />
        )}
      </Field>
    </SettingsSection>
  );
}
