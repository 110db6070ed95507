import { FolderBody } from '@fa-clube/contract';
import { z } from 'zod';
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
import { toast } from '@/components/ui/use-toast';
import { errorMessage, hasErrorCode } from '@/lib/api-client';
import { useZodForm } from '@/lib/form';
import { useCreateFolder } from '../hooks/use-files';
import { isValidFolderName } from '../lib/file-names';
import { t } from '../strings';

/** The folder's name, checked here, becomes the contract's `{ path }` inside the current folder. */
const folderForm = (prefix: string) =>
  z
    .object({
      name: z
        .string()
        .trim()
        .min(1, t.files.folderNameRequired)
        .refine(isValidFolderName, t.files.folderNameInvalid),
    })
    .transform((v) => ({ path: `${prefix}${v.name.normalize('NFC')}/` }))
    .pipe(FolderBody);

/** 'Nova pasta': a name, then POST /workspaces/objects/{ws}/folder inside the current folder. */
export function FolderDialog({
  ws,
  prefix,
  onClose,
  onCreated,
}: {
  ws: string;
  prefix: string;
  onClose: () => void;
  onCreated: (path: string) => void;
}) {
  const form = useZodForm(folderForm(prefix), { defaultValues: { name: '' } });
  const create = useCreateFolder(ws);
  const submit = (body: z.output<typeof FolderBody>) =>
    create.mutate(body.path, {
      onSuccess: (folder) => {
        toast.success(t.files.folderCreated);
        onCreated(folder.path);
      },
      onError: (error) => {
        if (hasErrorCode(error, 'INVALID_PATH', 'PATH_CONFLICT'))
          form.setError('name', { type: 'server', message: errorMessage(error) });
        toast.error(errorMessage(error));
      },
    });
  return (
    <Dialog open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t.files.newFolder}</DialogTitle>
          <DialogDescription>{t.files.folderNameHint}</DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={submit} className="grid gap-4" aria-label={t.files.newFolder}>
          <FormField name="name" label={t.files.folderName}>
            {(control) => <Input {...control} autoComplete="off" maxLength={120} autoFocus />}
          </FormField>
          <DialogFooter>
            <FormSubmit
              ready={(values) => typeof values.name === 'string' && values.name.trim() !== ''}
              pending={create.isPending}
            >
              {t.files.createFolder}
            </FormSubmit>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
