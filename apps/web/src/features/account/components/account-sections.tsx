import {
  ChangeEmailBody,
  DeleteAccountBody,
  EMAIL_MAX,
  ExportBody,
  FULL_NAME_PATTERN,
  PASSWORD_MAX,
  UpdateProfileBody,
} from '@fa-clube/contract';
import type { MeResponse } from '@fa-clube/contract';
import { Camera, Download, Laptop, LogOut, Smartphone, Tablet, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { PasswordInput } from '@/components/ui/password-input';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, hasErrorCode } from '@/lib/api-client';
import { setServerErrors, useZodForm } from '@/lib/form';
import { useMe } from '@/lib/me';
import { saveBlob } from '@/lib/save-blob';
import { SIGN_OUT_STATE } from '@/lib/session';
import { downloadMyData } from '../api/account-api';
import {
  useAvatarUpload,
  useChangePassword,
  useDeleteAccount,
  useEndOtherSessions,
  useEndSession,
  useRequestEmailChange,
  useSessions,
  useUpdateProfile,
} from '../hooks/use-account';
import { formatDateTime } from '../format';
import { t } from '../strings';
import { PasswordForm } from '../validation';

/** A card of 'Minha conta', named by its title. */
function Section({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id} className={className}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/** A card that is a form with its own submit button. */
function SectionForm<TIn extends FieldValues, TOut extends FieldValues>({
  title,
  description,
  form,
  onSubmit,
  ready,
  pending,
  submitLabel,
  children,
}: {
  title: string;
  description?: ReactNode;
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: (values: TOut) => void;
  ready?: Parameters<typeof FormSubmit>[0]['ready'];
  pending: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card>
      <Form form={form} onSubmit={onSubmit} aria-labelledby={id} className="flex flex-col gap-6">
        <CardHeader>
          <CardTitle id={id}>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
        <div className="flex border-t px-6 pt-4">
          <FormSubmit ready={ready} pending={pending} className="w-full sm:ml-auto sm:w-auto">
            {submitLabel}
          </FormSubmit>
        </div>
      </Form>
    </Card>
  );
}

export function AvatarSection({ me }: { me: MeResponse }) {
  const upload = useAvatarUpload();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Section title={t.account.photoTitle} description={t.account.photoDescription}>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <Avatar
          src={upload.preview ?? me.avatar_url}
          name={me.full_name}
          alt={t.account.photoTitle}
          className="size-20 text-2xl"
          data-testid="account-avatar"
        />
        <div className="grid w-full gap-3 sm:w-auto sm:flex-1">
          {upload.busy ? (
            <div className="grid gap-1.5">
              <div className="flex items-center justify-between gap-3 text-xs font-medium">
                <span>
                  {upload.phase === 'processing'
                    ? t.account.photoProcessing
                    : `${t.account.photoUploading}…`}
                </span>
                <span className="tabular-nums">{upload.percent}%</span>
              </div>
              <Progress value={upload.percent} aria-label={t.account.photoUploading} />
            </div>
          ) : null}
          <div>
            <Button
              type="button"
              variant="outline"
              disabled={upload.busy}
              onClick={() => inputRef.current?.click()}
            >
              <Camera aria-hidden />
              {t.account.photoChange}
            </Button>
            <input
              ref={inputRef}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-label={t.account.photoInput}
              tabIndex={-1}
              className="hidden"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void upload.start(file);
              }}
            />
          </div>
        </div>
      </div>
    </Section>
  );
}

export function NameSection({ me }: { me: MeResponse }) {
  const form = useZodForm(UpdateProfileBody, { defaultValues: { full_name: me.full_name } });
  const save = useUpdateProfile();
  const submit = (body: UpdateProfileBody) =>
    save.mutate(body, {
      onSuccess: (next) => {
        form.reset({ full_name: next.full_name });
        toast.success(t.account.nameSaved);
      },
      onError: (error) => {
        setServerErrors(form, error);
        toast.error(errorMessage(error));
      },
    });
  return (
    <SectionForm
      title={t.account.nameTitle}
      description={t.account.nameDescription}
      form={form}
      onSubmit={submit}
      ready={(v) =>
        typeof v.full_name === 'string' &&
        v.full_name.trim() !== me.full_name &&
        FULL_NAME_PATTERN.test(v.full_name.trim())
      }
      pending={save.isPending}
      submitLabel={t.common.save}
    >
      <FormField name="full_name" label={t.account.nameLabel}>
        {(control) => <Input {...control} autoComplete="name" maxLength={120} />}
      </FormField>
    </SectionForm>
  );
}

export function EmailSection({ me }: { me: MeResponse }) {
  const form = useZodForm(ChangeEmailBody, {
    defaultValues: { email: '', current_password: '' },
  });
  const request = useRequestEmailChange();
  const submit = (body: ChangeEmailBody) =>
    request.mutate(body, {
      onSuccess: (res) => {
        form.reset({ email: '', current_password: '' });
        toast.success(t.account.emailSent(res.email));
      },
      onError: (error) => {
        setServerErrors(form, error);
        toast.error(errorMessage(error));
      },
    });
  return (
    <SectionForm
      title={t.account.emailTitle}
      description={t.account.emailDescription(me.email)}
      form={form}
      onSubmit={submit}
      ready={ChangeEmailBody}
      pending={request.isPending}
      submitLabel={t.account.emailSend}
    >
      <FormField name="email" label={t.account.emailLabel}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" maxLength={EMAIL_MAX} />
        )}
      </FormField>
      <FormField name="current_password" label={t.account.currentPassword}>
        {(control) => (
          <PasswordInput {...control} autoComplete="current-password" maxLength={PASSWORD_MAX} />
        )}
      </FormField>
    </SectionForm>
  );
}

export function PasswordSection() {
  const form = useZodForm(PasswordForm, {
    defaultValues: { current_password: '', password: '', confirm: '' },
  });
  const change = useChangePassword();
  const submit = ({ current_password, password }: { current_password: string; password: string }) =>
    change.mutate(
      { current_password, password },
      {
        onSuccess: () => {
          form.reset({ current_password: '', password: '', confirm: '' });
          toast.success(t.account.passwordSaved);
        },
        onError: (error) => {
          setServerErrors(form, error);
          toast.error(errorMessage(error));
        },
      },
    );
  return (
    <SectionForm
      title={t.account.passwordTitle}
      description={t.account.passwordDescription}
      form={form}
      onSubmit={submit}
      ready={(v) => Boolean(v.current_password) && Boolean(v.password) && Boolean(v.confirm)}
      pending={change.isPending}
      submitLabel={t.account.passwordSave}
    >
      <FormField name="current_password" label={t.account.currentPassword}>
        {(control) => (
          <PasswordInput {...control} autoComplete="current-password" maxLength={PASSWORD_MAX} />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField name="password" label={t.account.newPassword}>
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" maxLength={PASSWORD_MAX} />
          )}
        </FormField>
        <FormField name="confirm" label={t.account.confirmPassword}>
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" maxLength={PASSWORD_MAX} />
          )}
        </FormField>
      </div>
    </SectionForm>
  );
}

const deviceIcons = { mobile: Smartphone, tablet: Tablet } as Record<string, typeof Laptop>;
const deviceTypeLabels: Record<string, string> = {
  mobile: 'Celular',
  tablet: 'Tablet',
  notebook: 'Notebook',
  desktop: 'Computador',
};

function deviceLabel(s: {
  device_name: string | null;
  browser: string | null;
  device_type: string | null;
}) {
  const parts = [s.browser, s.device_name].filter(Boolean);
  if (parts.length > 0) return parts.join(' · ');
  return (s.device_type && deviceTypeLabels[s.device_type]) || t.account.unknownDevice;
}

export function SessionsSection() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.sessions.filter((s) => !s.current).length ?? 0;
  return (
    <Section title={t.account.sessionsTitle} description={t.account.sessionsDescription}>
      {sessions.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label={t.common.loading}>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : sessions.isError ? (
        <LoadError message={t.account.sessionsError} onRetry={() => void sessions.refetch()} />
      ) : (
        <>
          <ul className="divide-y rounded-lg border" data-testid="sessions">
            {sessions.data.sessions.map((s) => {
              const Icon = (s.device_type && deviceIcons[s.device_type]) || Laptop;
              const label = deviceLabel(s);
              const place = s.country
                ? `${s.country}, ${s.city ?? ''}${s.state ? ` (${s.state})` : ''}`
                : null;
              return (
                <li key={s.id} className="flex items-center gap-3 px-3 py-3 sm:px-4">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
                    <Icon className="size-4" aria-hidden />
                  </span>
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
                      <span className="truncate">{label}</span>
                      {s.current ? <Badge variant="success">{t.account.thisDevice}</Badge> : null}
                    </span>
                    <span className="truncate text-xs text-muted-foreground">
                      {[s.ip, place, t.account.lastUsed(formatDateTime(s.last_used_at))]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </div>
                  {s.current ? null : (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={t.account.endSessionAria(label)}
                      loading={end.isPending && end.variables === s.id}
                      onClick={() =>
                        end.mutate(s.id, {
                          onSuccess: () => toast.success(t.account.sessionEnded),
                          onError: (error) => toast.error(errorMessage(error)),
                        })
                      }
                    >
                      {t.account.endSession}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          <div className="flex flex-wrap items-center justify-between gap-3">
            {others === 0 ? (
              <span className="text-sm text-muted-foreground">{t.account.noOthers}</span>
            ) : (
              <span />
            )}
            <Button
              variant="outline"
              disabled={others === 0}
              loading={endOthers.isPending}
              onClick={() =>
                endOthers.mutate(undefined, {
                  onSuccess: (res) => toast.success(t.account.othersEnded(res.revoked)),
                  onError: (error) => toast.error(errorMessage(error)),
                })
              }
            >
              <LogOut aria-hidden />
              {t.account.endOthers}
            </Button>
          </div>
        </>
      )}
    </Section>
  );
}

/** The current password in a confirmation dialog (data export, account deletion). */
function PasswordConfirmForm<T extends { password?: string }>({
  form,
  onSubmit,
}: {
  form: UseFormReturn<T>;
  onSubmit: () => void;
}) {
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormField name="password" label={t.account.deletePassword}>
        {(control) => (
          <PasswordInput {...control} autoComplete="current-password" maxLength={PASSWORD_MAX} />
        )}
      </FormField>
    </Form>
  );
}

export function DataSection() {
  const [pending, setPending] = useState(false);
  // asked for when the sign-in is older than 10 minutes (403 REAUTHENTICATION_REQUIRED)
  const [asking, setAsking] = useState(false);
  const form = useZodForm(ExportBody, { defaultValues: { password: '' } });
  const hasPassword = useMe().data?.has_password ?? true;
  const download = async (password?: string) => {
    setPending(true);
    try {
      const blob = await downloadMyData(password);
      saveBlob(blob, `fa-clube-meus-dados-${new Date().toISOString().slice(0, 10)}.json`);
      setAsking(false);
      form.reset({ password: '' });
      toast.success(t.account.downloaded);
    } catch (error) {
      if (password === undefined && hasErrorCode(error, 'REAUTHENTICATION_REQUIRED'))
        setAsking(true);
      else {
        if (password !== undefined) setServerErrors(form, error);
        toast.error(errorMessage(error));
      }
    } finally {
      setPending(false);
    }
  };
  const confirm = form.handleSubmit(({ password }) => download(password));
  return (
    <Section title={t.account.dataTitle} description={t.account.dataDescription}>
      <div>
        <Button variant="outline" loading={pending && !asking} onClick={() => void download()}>
          <Download aria-hidden />
          {t.account.download}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={(next) => {
          setAsking(next);
          if (!next) form.reset({ password: '' });
        }}
        pending={pending}
        title={t.account.downloadConfirmTitle}
        description={hasPassword ? t.account.downloadConfirmText : t.account.downloadConfirmGoogle}
        confirmLabel={t.account.downloadConfirm}
        onConfirm={() => (hasPassword ? void confirm() : setAsking(false))}
      >
        {hasPassword ? <PasswordConfirmForm form={form} onSubmit={() => void confirm()} /> : null}
      </ConfirmDialog>
    </Section>
  );
}

export function DeleteSection() {
  const [open, setOpen] = useState(false);
  const form = useZodForm(DeleteAccountBody, { defaultValues: { password: '' } });
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  // an account made through Google has no password: a recent sign-in confirms instead
  const hasPassword = useMe().data?.has_password ?? true;
  const send = (password: string | undefined) =>
    remove.mutate(password, {
      onSuccess: () => {
        setOpen(false);
        toast.success(t.account.deleted);
        navigate('/login', { replace: true, state: SIGN_OUT_STATE });
      },
      onError: (error) => {
        setServerErrors(form, error);
        toast.error(errorMessage(error));
      },
    });
  // without a password there is no form to check: the server asks for a recent sign-in
  const confirm = hasPassword
    ? form.handleSubmit(({ password }) => send(password))
    : async () => send(undefined);
  return (
    <Section
      title={t.account.deleteTitle}
      description={t.account.deleteDescription}
      className="border-destructive/40"
    >
      <div>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden />
          {t.account.deleteAction}
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) form.reset({ password: '' });
        }}
        pending={remove.isPending}
        title={t.account.deleteConfirmTitle}
        description={hasPassword ? t.account.deleteConfirmText : t.account.deleteConfirmGoogle}
        confirmLabel={t.account.deleteConfirm}
        destructive
        onConfirm={() => void confirm()}
      >
        {hasPassword ? <PasswordConfirmForm form={form} onSubmit={() => void confirm()} /> : null}
      </ConfirmDialog>
    </Section>
  );
}
