import { CircleAlert, FileKey2, ShieldCheck, Upload } from 'lucide-react';
import { RECEIVING_ACCOUNT_TYPES } from '@fa-clube/contract';
import type { PixConnection, PixConnectionBody } from '@fa-clube/contract';
import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import type { FormControlProps } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { setServerErrors, useZodForm } from '@/lib/form';
import { CertificateFileError, readCertificateFile, readKeyFile } from '../certificate-files';
import { connectionFormValues } from '../connection';
import type { ConnectionFormValues } from '../connection';
import { useSavePixConnection } from '../hooks/use-plans-settings';
import { useOwnerConfirmation } from './owner-confirmation';
import { t } from '../strings';
import { PixConnectionForm as ConnectionForm } from '../validation';

const text = t.subscriptions.connection;

/** The PSP's addresses: typed, never guessed or corrected by the browser. */
const URL_INPUT = {
  type: 'url',
  inputMode: 'url',
  autoComplete: 'off',
  spellCheck: false,
} as const;

/**
 * The owner's form to connect (or update) the workspace's PSP account: URLs, client
 * credentials, the certificate read from its file(s) in the browser, and the optional receiving
 * account. Sending makes the server try the account live before it saves anything: the steps
 * are shown while it does, and the step that failed afterwards.
 */
export function PixConnectionForm({
  ws,
  username,
  saved,
  onDone,
  onCancel,
}: {
  ws: string;
  username: string;
  saved: PixConnection | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const save = useSavePixConnection(ws, username);
  const form = useZodForm(ConnectionForm, { defaultValues: connectionFormValues(saved) });
  const [failure, setFailure] = useState<string | null>(null);
  const kind = useWatch({ control: form.control, name: 'certificate_kind' });
  const keyEncrypted = useWatch({ control: form.control, name: 'key_encrypted' });

  const confirm = useOwnerConfirmation(save.isPending);

  const submit = (body: PixConnectionBody) => {
    setFailure(null);
    save.mutate(body, {
      onSuccess: () => {
        confirm.close();
        toast.success(saved ? text.savedUpdate : text.savedNew);
        onDone();
      },
      onError: (error) => {
        // where the money goes: the owner's password when the sign-in is not recent
        if (confirm.ask(error, (confirmation) => submit({ ...body, confirmation }))) return;
        setServerErrors(form, error);
        setFailure(errorMessage(error));
      },
    });
  };

  return (
    <>
      <Form
        form={form}
        onSubmit={submit}
        className="grid gap-6"
        aria-label={saved ? text.titleConnected : text.title}
        aria-busy={save.isPending || undefined}
      >
        {saved ? <p className="text-[13px] text-muted-foreground">{text.secretsHint}</p> : null}
        <fieldset disabled={save.isPending} className="grid min-w-0 gap-5">
          <div className="grid gap-5 md:grid-cols-2">
            <FormField name="api_url" label={text.apiUrl} hint={text.apiUrlHint}>
              {(control) => (
                <Input {...control} {...URL_INPUT} placeholder="https://api.seubanco.com.br/v2" />
              )}
            </FormField>
            <FormField name="token_url" label={text.tokenUrl} hint={text.tokenUrlHint}>
              {(control) => (
                <Input
                  {...control}
                  {...URL_INPUT}
                  placeholder="https://api.seubanco.com.br/oauth/token"
                />
              )}
            </FormField>
            <FormField name="client_id" label={text.clientId}>
              {(control) => <Input {...control} autoComplete="off" spellCheck={false} />}
            </FormField>
            <FormField name="client_secret" label={text.clientSecret} hint={text.clientSecretHint}>
              {(control) => <PasswordInput {...control} autoComplete="new-password" />}
            </FormField>
          </div>

          <div className="grid gap-5 md:grid-cols-2">
            <FormField name="certificate" label={text.certificate} hint={text.certificateHint}>
              {(control) => (
                <CertificateInput
                  {...control}
                  accept=".pfx,.p12,.pem,.crt,.cer"
                  onFile={async (file) => {
                    const read = await readCertificateFile(file);
                    const pem = read.kind === 'pem';
                    form.setValue('certificate', read.certificate, { shouldValidate: false });
                    form.setValue('certificate_kind', read.kind);
                    form.setValue('private_key', pem ? (read.privateKey ?? '') : '');
                    form.setValue('key_encrypted', pem && read.keyEncrypted);
                    form.clearErrors(['certificate', 'private_key']);
                    return {
                      badge: text.kinds[read.kind],
                      note: pem && read.privateKey ? text.keyInFile : null,
                    };
                  }}
                  onError={(message) => {
                    form.setValue('certificate', '');
                    form.setValue('certificate_kind', '');
                    form.setValue('private_key', '');
                    form.setError('certificate', { type: 'file', message });
                  }}
                />
              )}
            </FormField>
            {kind === 'pem' ? (
              <FormField name="private_key" label={text.privateKey} hint={text.privateKeyHint}>
                {(control) => (
                  <CertificateInput
                    {...control}
                    accept=".key,.pem"
                    onFile={async (file) => {
                      const read = await readKeyFile(file);
                      form.setValue('private_key', read.privateKey);
                      form.setValue('key_encrypted', read.encrypted);
                      form.clearErrors('private_key');
                      return { badge: null, note: null };
                    }}
                    onError={(message) => {
                      form.setValue('private_key', '');
                      form.setError('private_key', { type: 'file', message });
                    }}
                  />
                )}
              </FormField>
            ) : null}
            {kind === 'pkcs12' || keyEncrypted ? (
              <FormField
                name="passphrase"
                label={kind === 'pkcs12' ? text.passphraseBundle : text.passphraseKey}
                hint={kind === 'pkcs12' ? text.passphraseBundleHint : text.passphraseKeyHint}
              >
                {(control) => <PasswordInput {...control} autoComplete="off" />}
              </FormField>
            ) : null}
          </div>

          <fieldset className="grid min-w-0 gap-4 rounded-lg border bg-muted/30 p-4">
            <legend className="px-1 text-sm font-semibold">{text.accountTitle}</legend>
            <p className="-mt-2 text-[13px] leading-relaxed text-muted-foreground">
              {text.accountText}
            </p>
            <div className="grid gap-4 sm:grid-cols-[minmax(0,7rem)_minmax(0,1fr)_minmax(0,13rem)]">
              <FormField name="account_branch" label={text.branch} hint={text.branchHint}>
                {(control) => (
                  <Input {...control} inputMode="numeric" autoComplete="off" maxLength={4} />
                )}
              </FormField>
              <FormField
                name="account_number"
                label={text.accountNumber}
                hint={text.accountNumberHint}
              >
                {(control) => <Input {...control} autoComplete="off" maxLength={20} />}
              </FormField>
              <FormField name="account_type" label={text.accountType}>
                {(control) => (
                  <NativeSelect {...control}>
                    {RECEIVING_ACCOUNT_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {text.accountTypes[type]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            </div>
          </fieldset>
        </fieldset>

        {save.isPending ? <Testing /> : failure ? <Failure message={failure} /> : null}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onCancel} disabled={save.isPending}>
            {text.cancel}
          </Button>
          <FormSubmit
            ready={(values) => isFilled(values as ConnectionFormValues)}
            pending={save.isPending}
          >
            <ShieldCheck aria-hidden />
            {saved ? text.submitUpdate : text.submit}
          </FormSubmit>
        </div>
      </Form>
      {confirm.dialog}
    </>
  );
}

/** 'Testar e conectar' is enabled once the required fields have something in them. */
const isFilled = (v: ConnectionFormValues) =>
  Boolean(
    v.api_url.trim() &&
    v.client_id.trim() &&
    v.client_secret &&
    v.certificate &&
    (v.certificate_kind !== 'pem' || v.private_key),
  );

/** While the server tries the PSP: what it checks, in order (nothing is saved before the end). */
function Testing() {
  return (
    <div
      role="status"
      className="grid gap-3 rounded-lg border border-primary/25 bg-accent/50 p-4 text-sm"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Spinner label="" className="text-primary" />
        {text.testingTitle}
      </p>
      <ol className="grid list-decimal gap-1 pl-9 text-[13px] text-muted-foreground">
        {text.testingSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="text-[13px] text-muted-foreground">{text.testingText}</p>
    </div>
  );
}

/** The step that failed, in the server's words. */
function Failure({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <div className="grid gap-1">
        <p className="font-semibold text-destructive-text">{text.failedTitle}</p>
        <p className="leading-relaxed">{message}</p>
      </div>
    </div>
  );
}

interface ChosenFile {
  badge: string | null;
  note: string | null;
}

/**
 * A file field that looks like the form's other controls, in the app's words: the browser's own
 * input (keyboard, screen readers, the label) is laid transparent over a button-like face and
 * the chosen file's name. The file is read by `onFile`, which puts what it found in the form and
 * answers what to say under it; a file it cannot use goes to `onError`.
 */
function CertificateInput({
  accept,
  onFile,
  onError,
  // a file input's value cannot be set: the form keeps what was read from the file instead
  value: _value,
  onChange: _onChange,
  ...control
}: FormControlProps<ConnectionFormValues, 'certificate' | 'private_key'> & {
  accept: string;
  onFile: (file: File) => Promise<ChosenFile>;
  onError: (message: string) => void;
}) {
  const [chosen, setChosen] = useState<(ChosenFile & { name: string }) | null>(null);
  const [reading, setReading] = useState(false);

  const change = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    setChosen(null);
    if (!file) return;
    setReading(true);
    try {
      setChosen({ ...(await onFile(file)), name: file.name });
    } catch (error) {
      input.value = '';
      onError(error instanceof CertificateFileError ? error.message : text.readFailed);
    } finally {
      setReading(false);
    }
  };

  return (
    <div className="grid gap-1.5">
      <div className="relative flex h-11 min-w-0 items-center gap-3 rounded-md border border-input bg-card px-2 shadow-xs transition-[color,box-shadow,border-color] has-[input:focus-visible]:border-ring has-[input:focus-visible]:ring-[3px] has-[input:focus-visible]:ring-ring/40 has-[input[aria-invalid=true]]:border-destructive has-[input:disabled]:opacity-50 dark:bg-input/20">
        <input
          {...control}
          type="file"
          accept={accept}
          onChange={(event) => void change(event)}
          className="peer absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
        <span
          aria-hidden
          className="pointer-events-none inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md border bg-background px-3 text-sm font-medium shadow-xs peer-hover:bg-accent dark:bg-input/30"
        >
          {reading ? (
            <Spinner label="" className="size-3.5" />
          ) : (
            <Upload className="size-4" aria-hidden />
          )}
          {chosen ? text.changeFile : text.chooseFile}
        </span>
        <span
          aria-hidden
          className={`pointer-events-none truncate text-sm ${chosen ? '' : 'text-muted-foreground'}`}
        >
          {chosen?.name ?? text.noFile}
        </span>
      </div>
      {chosen?.badge || chosen?.note ? (
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {chosen.badge ? (
            <Badge variant="secondary" className="text-[11px]">
              <FileKey2 aria-hidden />
              {chosen.badge}
            </Badge>
          ) : null}
          {chosen.note}
        </p>
      ) : null}
    </div>
  );
}
