import { CATEGORY_TYPES, CATEGORY_TYPE_LABELS } from '@fa-clube/contract';
import type { Category, CreateCategoryBody } from '@fa-clube/contract';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useZodForm } from '@/lib/form';
import { createCategory, updateCategory } from '../api/finance-api';
import { useFinanceMutation } from '../hooks/use-finance';
import { t } from '../strings';
import { CategoryForm } from '../validation';
import type { CategoryFormValues } from '../validation';
import { FormDialog } from './form-dialog';

const DEFAULT_COLOR = '#7C3AED';
/** New categories take these in turn, so the charts tell them apart from the start. */
const PALETTE = [
  '#7C3AED',
  '#2563EB',
  '#0D9488',
  '#D97706',
  '#DB2777',
  '#65A30D',
  '#DC2626',
  '#0891B2',
];

const initialValues = (category: Category | null, taken: number): CategoryFormValues => ({
  label: category?.label ?? '',
  color: category?.color ?? PALETTE[taken % PALETTE.length]!,
  category_type: category?.category_type ?? 'expense',
  description: category?.description ?? '',
  match: category?.match.join(', ') ?? '',
});

/** Creates a category, or edits `category`: name, type, colour and description. */
export function CategoryDialog({
  ws,
  category,
  taken,
  onClose,
}: {
  ws: string;
  /** null: a new category. */
  category: Category | null;
  /** How many categories exist (a new one takes the next colour). */
  taken: number;
  onClose: () => void;
}) {
  const save = useFinanceMutation(ws, (ws, body: CreateCategoryBody) =>
    category ? updateCategory(ws, category.id, body) : createCategory(ws, body),
  );
  const form = useZodForm(CategoryForm, { defaultValues: initialValues(category, taken) });

  return (
    <FormDialog
      title={category ? t.categories.editTitle : t.categories.createTitle}
      description={t.categories.description}
      label={t.categories.title}
      form={form}
      save={save}
      done={category ? t.categories.saved : t.categories.created}
      ready={(values) => String(values.label ?? '').trim().length > 0}
      onClose={onClose}
    >
      <FormField name="label" label={t.categories.label}>
        {(control) => <Input {...control} placeholder={t.categories.labelPlaceholder} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField name="category_type" label={t.categories.type}>
          {(control) => (
            <NativeSelect {...control}>
              {CATEGORY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {CATEGORY_TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField name="color" label={t.categories.color} hint={t.categories.colorHint}>
          {(control) => (
            <div className="flex gap-2">
              <input
                type="color"
                aria-hidden
                tabIndex={-1}
                value={/^#[0-9a-f]{6}$/i.test(control.value) ? control.value : DEFAULT_COLOR}
                onChange={(e) => control.onChange(e.target.value.toUpperCase())}
                className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-card p-1"
              />
              <Input
                {...control}
                maxLength={7}
                className="font-mono uppercase"
                onChange={(e) => control.onChange(e.target.value.toUpperCase())}
              />
            </div>
          )}
        </FormField>
      </div>
      <FormField name="match" label={t.categories.keywords} hint={t.categories.keywordsHint}>
        {(control) => <Input {...control} placeholder={t.categories.keywordsPlaceholder} />}
      </FormField>
      <FormField name="description" label={t.categories.descriptionLabel}>
        {(control) => <Textarea {...control} rows={2} />}
      </FormField>
    </FormDialog>
  );
}
