import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/pt-BR';
import { copyText } from '../clipboard';

/** How long the button says 'Copiado!' (spec section 9: copy confirmation 2 s). */
export const COPIED_MS = 2000;

/** A button that copies `text` and then reads 'Copiado!' for 2 seconds. */
export function CopyButton({
  text,
  label = t.subscriptions.dialog.copy,
  className,
  ...props
}: { text: string; label?: string } & Omit<ButtonProps, 'onClick' | 'children'>) {
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
      toast.error(t.subscriptions.dialog.copyFailed);
    }
  };

  const copied = copies !== null;
  return (
    <Button type="button" onClick={copy} className={className} {...props}>
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      <span aria-live="polite">{copied ? t.subscriptions.dialog.copied : label}</span>
    </Button>
  );
}
