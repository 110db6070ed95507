import { CopyButton } from '@/components/copy-button';
import { t } from '../strings';

/** 'Copiar link' of an invitation; `label` names it for screen readers. */
export function CopyLinkButton({ text, label }: { text: string; label: string }) {
  return (
    <CopyButton
      text={text}
      label={t.members.copyLink}
      accessibleLabel={label}
      failedMessage={t.members.copyFailed}
      variant="outline"
      size="sm"
    />
  );
}
