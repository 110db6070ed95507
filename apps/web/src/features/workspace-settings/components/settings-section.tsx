import { useId } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { t } from '@/i18n/pt-BR';

interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Shown on the left of the Salvar row. */
  footerNote?: ReactNode;
  /** A form section: its own Salvar button. */
  onSubmit?: () => void;
  canSave?: boolean;
  saving?: boolean;
  className?: string;
}

/** One settings card: title, description, the control and, for a form, its own Salvar. */
export function SettingsSection({
  title,
  description,
  children,
  footerNote,
  onSubmit,
  canSave = false,
  saving = false,
  className,
}: SettingsSectionProps) {
  const headingId = useId();
  const body = (
    <>
      <CardHeader>
        <CardTitle id={headingId}>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="flex-1">{children}</CardContent>
      {onSubmit ? (
        <div className="flex flex-col gap-3 border-t px-6 pt-4 sm:flex-row sm:items-center sm:justify-between">
          {footerNote ? (
            <div className="min-w-0 text-[13px] leading-snug break-words text-muted-foreground">
              {footerNote}
            </div>
          ) : null}
          <Button
            type="submit"
            disabled={!canSave}
            loading={saving}
            className="w-full sm:ml-auto sm:w-auto"
          >
            {t.common.save}
          </Button>
        </div>
      ) : null}
    </>
  );

  if (!onSubmit) {
    return (
      <Card aria-labelledby={headingId} role="region" className={className}>
        {body}
      </Card>
    );
  }
  return (
    <Card className={className}>
      <form
        aria-labelledby={headingId}
        className="flex flex-1 flex-col gap-6"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (canSave && !saving) onSubmit();
        }}
      >
        {body}
      </form>
    </Card>
  );
}
