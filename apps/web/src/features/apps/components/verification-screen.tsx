import { FanVerificationBody, PERSON_DOCUMENT_TYPES } from '@fa-clube/contract';
import type { FanUploadBody, FanVerification } from '@fa-clube/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BadgeCheck,
  Camera,
  CheckCircle2,
  Clock,
  IdCard,
  ShieldCheck,
  Upload,
  XCircle,
} from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { NativeSelect } from '@/components/ui/native-select';
import { Note } from '@/components/ui/note';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, hasErrorCode } from '@/lib/api-client';
import { setServerErrors, useZodForm } from '@/lib/form';
import { uploadFile } from '@/lib/upload';
import { cn } from '@/lib/utils';
import {
  fetchVerification,
  requestVerificationUpload,
  saveVerification,
  submitVerification,
  verificationKey,
} from '../api/trueid-api';
import { t } from '../strings';

type Slot = 'document_front' | 'document_back' | 'liveness';
type UploadTarget = { kind: 'document'; document_side: 'front' | 'back' } | { kind: 'liveness' };

const SLOTS: Array<{
  slot: Slot;
  label: string;
  body: UploadTarget;
  icon: typeof IdCard;
}> = [
  {
    slot: 'document_front',
    label: t.verification.front,
    body: { kind: 'document', document_side: 'front' },
    icon: IdCard,
  },
  {
    slot: 'document_back',
    label: t.verification.back,
    body: { kind: 'document', document_side: 'back' },
    icon: IdCard,
  },
  { slot: 'liveness', label: t.verification.selfie, body: { kind: 'liveness' }, icon: Camera },
];
const EXTENSIONS: Record<string, 'jpg' | 'png' | 'webp'> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * /verification/:username: the fan's identity and age check with one creator — their data
 * (name, CPF, date of birth, document), the document's front and back and a selfie, then the
 * creator's review. See docs/decisions/0XX-trueid-fan-verification.md.
 */
export function VerificationScreen({ username }: { username: string }) {
  const query = useQuery({
    queryKey: verificationKey(username),
    queryFn: ({ signal }) => fetchVerification(username, signal),
  });

  if (query.isError)
    return <LoadError message={t.verification.loadError} onRetry={() => void query.refetch()} />;
  if (query.isPending)
    return (
      <Card className="gap-4 px-6">
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </Card>
    );
  const state = query.data;
  const profile = `/profile/${username}`;

  if (state.status === 'approved')
    return (
      <StatusCard
        icon={BadgeCheck}
        tone="success"
        title={t.verification.approvedTitle}
        text={t.verification.approved}
      >
        <Button asChild>
          <Link to={profile}>{t.verification.subscribe}</Link>
        </Button>
      </StatusCard>
    );
  if (state.status === 'in_review')
    return (
      <StatusCard
        icon={Clock}
        tone="muted"
        title={t.verification.inReviewTitle}
        text={t.verification.inReview}
      >
        <Button asChild variant="outline">
          <Link to={profile}>{t.verification.backToProfile}</Link>
        </Button>
      </StatusCard>
    );
  if (!state.required && state.status === null)
    return (
      <StatusCard icon={ShieldCheck} tone="muted" title={t.verification.notRequired} text="">
        <Button asChild variant="outline">
          <Link to={profile}>{t.verification.backToProfile}</Link>
        </Button>
      </StatusCard>
    );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Note>{t.verification.description(username)}</Note>
      {state.status === 'rejected' ? (
        <div
          role="alert"
          className="flex gap-3 rounded-xl border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm"
        >
          <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          <div className="grid gap-0.5">
            <p className="font-semibold">{t.verification.rejectedTitle}</p>
            <p className="text-muted-foreground">{t.verification.rejected(state.reason ?? '—')}</p>
          </div>
        </div>
      ) : null}
      <DataForm username={username} state={state} />
      <FilesCard username={username} state={state} />
    </div>
  );
}

function StatusCard({
  icon: Icon,
  tone,
  title,
  text,
  children,
}: {
  icon: typeof Clock;
  tone: 'success' | 'muted';
  title: string;
  text: string;
  children: React.ReactNode;
}) {
  return (
    <Card className="items-center gap-4 px-6 py-10 text-center">
      <div
        className={cn(
          'flex size-12 items-center justify-center rounded-full',
          tone === 'success'
            ? 'bg-success/15 text-success-text'
            : 'bg-accent text-accent-foreground',
        )}
      >
        <Icon className="size-6" aria-hidden />
      </div>
      <div className="grid max-w-md gap-1">
        <h2 className="text-lg font-semibold">{title}</h2>
        {text ? <p className="text-sm text-muted-foreground">{text}</p> : null}
      </div>
      {children}
    </Card>
  );
}

function DataForm({ username, state }: { username: string; state: FanVerification }) {
  const queryClient = useQueryClient();
  const form = useZodForm(FanVerificationBody, {
    defaultValues: {
      legal_name: state.legal_name ?? '',
      legal_id: '',
      date_of_birth: '',
      document_type: 'rg',
    },
  });
  const save = useMutation({
    mutationFn: (body: FanVerificationBody) => saveVerification(username, body),
    onSuccess: (data) => queryClient.setQueryData(verificationKey(username), data),
  });
  const saved = state.status === 'pending';
  const submit = (body: FanVerificationBody) =>
    save.mutate(body, {
      onError: (error) => {
        if (hasErrorCode(error, 'UNDERAGE')) {
          form.setError('date_of_birth', { message: t.verification.underage });
        } else setServerErrors(form, error);
        toast.error(errorMessage(error));
      },
    });

  return (
    <Card className="gap-5 px-5 sm:px-6">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold">{t.verification.dataTitle}</h2>
        {saved ? (
          <span className="inline-flex items-center gap-1 text-[13px] text-success-text">
            <CheckCircle2 className="size-4" aria-hidden />
            {t.verification.sent}
          </span>
        ) : null}
      </div>
      <Form form={form} onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <FormField name="legal_name" label={t.verification.legalName} className="sm:col-span-2">
          {(control) => <Input {...control} autoComplete="name" />}
        </FormField>
        <FormField name="legal_id" label={t.verification.cpf}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              placeholder={t.verification.cpfPlaceholder}
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField name="date_of_birth" label={t.verification.birth}>
          {(control) => <Input {...control} type="date" autoComplete="bday" />}
        </FormField>
        <FormField name="document_type" label={t.verification.documentType}>
          {(control) => (
            <NativeSelect {...control}>
              {PERSON_DOCUMENT_TYPES.map((d) => (
                <option key={d} value={d}>
                  {t.trueid.documentTypes[d]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <div className="flex items-end justify-end sm:col-span-1">
          <FormSubmit pending={save.isPending} className="w-full sm:w-auto">
            {t.verification.saveData}
          </FormSubmit>
        </div>
      </Form>
    </Card>
  );
}

function FilesCard({ username, state }: { username: string; state: FanVerification }) {
  const queryClient = useQueryClient();
  const ready = state.status === 'pending';
  const submit = useMutation({
    mutationFn: () => submitVerification(username),
    onSuccess: (data) => queryClient.setQueryData(verificationKey(username), data),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const complete = state.files.document_front && state.files.document_back && state.files.liveness;
  return (
    <Card className={cn('gap-5 px-5 sm:px-6', !ready && 'opacity-60')} aria-disabled={!ready}>
      <div className="grid gap-1">
        <h2 className="text-base font-semibold">{t.verification.filesTitle}</h2>
        <p className="text-sm text-muted-foreground">{t.verification.filesHint}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        {SLOTS.map((s) => (
          <UploadTile
            key={s.slot}
            username={username}
            label={s.label}
            icon={s.icon}
            body={s.body}
            done={state.files[s.slot]}
            disabled={!ready}
            capture={s.slot === 'liveness'}
          />
        ))}
      </div>
      <div className="flex justify-end">
        <Button
          disabled={!ready || !complete}
          loading={submit.isPending}
          onClick={() => submit.mutate()}
        >
          <ShieldCheck aria-hidden />
          {t.verification.submit}
        </Button>
      </div>
    </Card>
  );
}

function UploadTile({
  username,
  label,
  icon: Icon,
  body,
  done,
  disabled,
  capture,
}: {
  username: string;
  label: string;
  icon: typeof IdCard;
  body: UploadTarget;
  done: boolean;
  disabled: boolean;
  capture: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [percent, setPercent] = useState<number | null>(null);
  const send = async (file: File) => {
    const extension_type = EXTENSIONS[file.type];
    if (!extension_type) {
      toast.error(t.verification.filesHint);
      return;
    }
    setPercent(0);
    try {
      // the declared size is what the creator's storage holds for it, and all the URL takes
      const target = await requestVerificationUpload(username, {
        ...body,
        extension_type,
        size: file.size,
      } as FanUploadBody);
      await uploadFile({
        url: target.presigned_url,
        headers: target.headers,
        file,
        onProgress: (p) => setPercent(p.percent),
      });
      await queryClient.invalidateQueries({ queryKey: verificationKey(username) });
    } catch (error) {
      toast.error(
        error instanceof Error && error.name === 'UploadError'
          ? t.verification.uploadFailed
          : errorMessage(error),
      );
    } finally {
      setPercent(null);
    }
  };
  return (
    <div
      className={cn(
        'grid justify-items-center gap-2 rounded-xl border border-dashed px-3 py-5 text-center',
        done && 'border-solid border-success/40 bg-success/5',
      )}
    >
      {done ? (
        <CheckCircle2 className="size-6 text-success-text" aria-hidden />
      ) : (
        <Icon className="size-6 text-muted-foreground" aria-hidden />
      )}
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        {...(capture ? { capture: 'user' as const } : {})}
        className="sr-only"
        disabled={disabled || percent !== null}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void send(file);
        }}
      />
      {percent !== null ? (
        <div className="grid w-full gap-1" role="status">
          <Progress value={percent} />
          <span className="text-xs text-muted-foreground">{t.verification.uploading(percent)}</span>
        </div>
      ) : (
        <Button
          type="button"
          size="sm"
          variant={done ? 'ghost' : 'outline'}
          disabled={disabled}
          onClick={() => input.current?.click()}
          aria-label={`${done ? t.verification.replace : t.verification.choose}: ${label}`}
        >
          <Upload aria-hidden />
          {done ? t.verification.replace : t.verification.choose}
        </Button>
      )}
      {done ? <span className="text-xs text-success-text">{t.verification.sent}</span> : null}
    </div>
  );
}
