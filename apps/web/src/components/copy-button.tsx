import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/pt-BR';
import { copyText } from '@/lib/clipboard';

/** How long the button says 'Copiado!' (spec section 9: copy confirmation 2 s). */
const COPIED_MS = 2000;

interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'aria-label'> {
  text: string;
  /** What the button says. */
  label: string;
  /** Its accessible name when the visible label is not enough ('Copiar link do convite para …'). */
  accessibleLabel?: string;
  /** The 'Erro' toast when the browser refuses to copy. */
  failedMessage: string;
}

/** A button that copies `text` and then reads 'Copiado!' for 2 seconds (again on each copy). */
export function CopyButton({
  text,
  label,
  accessibleLabel,
  failedMessage,
  variant,
  ...props
}: CopyButtonProps) {
  // counts copies: each new copy restarts the 2-second window
  const [copies, setCopies] = useState<number | null>(null);

  useEffect(() => {
    if (copies === null) return;
    const id = window.setTimeout(() => setCopies(null), COPIED_MS);
    return () => window.clearTimeout(id);
  }, [copies]);

  const copy = async () => {
    try {
      await copyText(text);
      setCopies((n) => (n ?? 0) + 1);
    } catch {
      toast.error(failedMessage);
    }
  };

  const copied = copies !== null;
  return (
    <Button
      type="button"
      variant={variant}
      aria-label={accessibleLabel ? (copied ? t.common.copied : accessibleLabel) : undefined}
      onClick={() => void copy()}
      {...props}
    >
      {/* green on the light buttons; the filled one keeps its own colour */}
      {copied ? (
        <Check
          className={variant && variant !== 'default' ? 'text-success-text' : undefined}
          aria-hidden
        />
      ) : (
        <Copy aria-hidden />
      )}
      <span aria-live="polite">{copied ? t.common.copied : label}</span>
    </Button>
  );
}
