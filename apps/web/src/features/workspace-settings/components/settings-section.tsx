import { useId } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormSubmit } from '@/components/ui/form';
import { t } from '../strings';

interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}

function SectionHeader({
  id,
  title,
  description,
}: {
  id: string;
  title: string;
  description?: ReactNode;
}) {
  return (
    <CardHeader>
      <CardTitle id={id}>{title}</CardTitle>
      {description ? <CardDescription>{description}</CardDescription> : null}
    </CardHeader>
  );
}

/** One settings card: title, description and its controls. */
export function SettingsSection({ title, description, children, className }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="region" className={className}>
      <SectionHeader id={headingId} title={title} description={description} />
      <CardContent className="flex-1">{children}</CardContent>
    </Card>
  );
}

type SettingsFormProps<TIn extends FieldValues, TOut extends FieldValues> = SettingsSectionProps &
  Pick<ComponentProps<typeof Form<TIn, TOut>>, 'form' | 'onSubmit'> &
  Pick<ComponentProps<typeof FormSubmit>, 'ready' | 'pending'> & {
    /** Shown on the left of the Salvar row. */
    footerNote?: ReactNode;
  };

/** A settings card that is a form, named by its title, with its own Salvar. */
export function SettingsForm<TIn extends FieldValues, TOut extends FieldValues>({
  title,
  description,
  children,
  className,
  footerNote,
  form,
  onSubmit,
  ready,
  pending,
}: SettingsFormProps<TIn, TOut>) {
  const headingId = useId();
  return (
    <Card className={className}>
      <Form
        form={form}
        onSubmit={onSubmit}
        aria-labelledby={headingId}
        className="flex flex-1 flex-col gap-6"
      >
        <SectionHeader id={headingId} title={title} description={description} />
        <CardContent className="flex-1">{children}</CardContent>
        <div className="flex flex-col gap-3 border-t px-6 pt-4 sm:flex-row sm:items-center sm:justify-between">
          {footerNote ? (
            <div className="min-w-0 text-[13px] leading-snug break-words text-muted-foreground">
              {footerNote}
            </div>
          ) : null}
          <FormSubmit ready={ready} pending={pending} className="w-full sm:ml-auto sm:w-auto">
            {t.common.save}
          </FormSubmit>
        </div>
      </Form>
    </Card>
  );
}
