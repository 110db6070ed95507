import {
  CONTACTS_IMPORT_MAX,
  CONTACTS_PER_WORKSPACE_MAX,
  OPT_IN_EARLIEST,
  OPT_IN_METHODS,
  todayIn,
} from '@fa-clube/contract';
import type { OptInMethod } from '@fa-clube/contract';
import { FileUp } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { z } from 'zod';
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
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useZodForm } from '@/lib/form';
import { cn } from '@/lib/utils';
import { useImportContacts } from '../hooks/use-campaigns';
import { readContacts, readTextFile } from '../lib/read-contacts';
import { t } from '../strings';

const FILE_MAX_BYTES = 2 * 1024 * 1024;

/** The local day's start as an instant: a consent "today" is never in the server's future. */
const startOfDay = (date: string) => new Date(`${date}T00:00:00`).toISOString();

const ImportForm = z
  .object({
    list: z.string(),
    method: z.enum(OPT_IN_METHODS),
    at: z.string(),
    statement: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const { contacts } = readContacts(v.list);
    if (contacts.length === 0)
      ctx.addIssue({ code: 'custom', path: ['list'], message: t.contacts.noneFound });
    else if (contacts.length > CONTACTS_PER_WORKSPACE_MAX)
      ctx.addIssue({
        code: 'custom',
        path: ['list'],
        message: t.contacts.tooMany(CONTACTS_PER_WORKSPACE_MAX),
      });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v.at) || v.at < OPT_IN_EARLIEST.slice(0, 10))
      ctx.addIssue({ code: 'custom', path: ['at'], message: t.contacts.atInvalid });
    else if (v.at > todayIn())
      ctx.addIssue({ code: 'custom', path: ['at'], message: t.contacts.atFuture });
    if (!v.statement)
      ctx.addIssue({ code: 'custom', path: ['statement'], message: t.contacts.statementRequired });
  });
type ImportValues = z.input<typeof ImportForm>;

/**
 * 'Importar contatos' (owner): a CSV or a pasted list, how and when these people agreed to receive
 * the creator's e-mails, and the creator's statement that they did. Sent in batches of 1,000.
 */
export function ImportContactsDialog({ ws, onClose }: { ws: string; onClose: () => void }) {
  const form = useZodForm(ImportForm, {
    defaultValues: { list: '', method: 'form', at: todayIn(), statement: false },
  });
  const save = useImportContacts(ws);
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState('');
  const fileId = useId();
  const list = useWatch({ control: form.control, name: 'list' });
  const read = useMemo(() => readContacts(list), [list]);

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > FILE_MAX_BYTES) return toast.error(t.contacts.fileTooLarge);
    try {
      form.setValue('list', await readTextFile(file), {
        shouldValidate: form.formState.isSubmitted,
      });
      setFileName(file.name);
    } catch {
      toast.error(t.contacts.fileUnreadable);
    }
  };

  const submit = async (values: z.output<typeof ImportForm>) => {
    const opt_in = { method: values.method, at: startOfDay(values.at) };
    const contacts = readContacts(values.list).contacts.map((c) => ({ ...c, opt_in }));
    setSending(true);
    let imported = 0;
    let updated = 0;
    let asked = 0;
    try {
      for (let i = 0; i < contacts.length; i += CONTACTS_IMPORT_MAX) {
        const answer = await save.mutateAsync({
          contacts: contacts.slice(i, i + CONTACTS_IMPORT_MAX),
        });
        imported += answer.imported;
        updated += answer.updated;
        asked += answer.confirmations_sent;
      }
      toast.success(
        [t.contacts.imported(imported, updated), t.contacts.confirmationsSent(asked)]
          .filter(Boolean)
          .join(' '),
      );
      onClose();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !sending && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t.contacts.dialogTitle}</DialogTitle>
          <DialogDescription>{t.contacts.dialogText}</DialogDescription>
        </DialogHeader>
        <Form<ImportValues, z.output<typeof ImportForm>>
          form={form}
          onSubmit={submit}
          className="grid gap-4"
          aria-label={t.contacts.dialogTitle}
        >
          <div className="grid gap-1.5">
            <span className="text-sm font-medium" id={`${fileId}-label`}>
              {t.contacts.file}
            </span>
            <div className="flex min-w-0 items-center gap-3">
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => fileInput.current?.click()}
                aria-describedby={`${fileId}-label`}
              >
                <FileUp aria-hidden />
                {t.contacts.chooseFile}
              </Button>
              <span className="truncate text-[13px] text-muted-foreground">
                {fileName || t.contacts.fileHint}
              </span>
            </div>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              className="sr-only"
              tabIndex={-1}
              aria-labelledby={`${fileId}-label`}
              onChange={(e) => {
                void chooseFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </div>
          <FormField name="list" label={t.contacts.list} hint={t.contacts.listHint}>
            {(control) => (
              <Textarea
                {...control}
                rows={5}
                spellCheck={false}
                autoComplete="off"
                className="font-mono text-[13px]"
              />
            )}
          </FormField>
          {list.trim() ? (
            <p
              role="status"
              className={cn(
                'text-[13px] tabular-nums',
                read.contacts.length ? 'text-muted-foreground' : 'text-destructive',
              )}
            >
              {read.contacts.length
                ? t.contacts.found(read.contacts.length, read.skipped)
                : t.contacts.noneFound}
            </p>
          ) : null}
          <div className="grid gap-4">
            <FormField name="method" label={t.contacts.method}>
              {(control) => (
                <NativeSelect {...control}>
                  {OPT_IN_METHODS.map((m: OptInMethod) => (
                    <option key={m} value={m}>
                      {t.contacts.methods[m]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField name="at" label={t.contacts.at} hint={t.contacts.atHint}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  className="sm:max-w-56"
                  min={OPT_IN_EARLIEST.slice(0, 10)}
                  max={todayIn()}
                />
              )}
            </FormField>
          </div>
          <StatementCheckbox />
          <DialogFooter>
            <FormSubmit pending={sending}>{t.contacts.submit}</FormSubmit>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** The creator's statement that these people agreed: a checkbox the form requires. */
function StatementCheckbox() {
  const {
    field: { ref, name, value, onChange, onBlur },
    fieldState,
  } = useController<ImportValues, 'statement'>({ name: 'statement' });
  const errorId = useId();
  return (
    <div className="grid gap-1.5">
      <label className="flex cursor-pointer items-start gap-2.5 rounded-md border px-3 py-2.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent/50">
        <input
          ref={ref}
          name={name}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          checked={value}
          onChange={(e) => onChange(e.target.checked)}
          onBlur={onBlur}
          aria-invalid={fieldState.error ? true : undefined}
          aria-describedby={fieldState.error ? errorId : undefined}
        />
        {t.contacts.statement}
      </label>
      {fieldState.error?.message ? (
        <p id={errorId} className="text-[13px] leading-snug text-destructive">
          {fieldState.error.message}
        </p>
      ) : null}
    </div>
  );
}
