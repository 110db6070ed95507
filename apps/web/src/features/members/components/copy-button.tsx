import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/pt-BR';

/** Copies `text`; the button says 'Copiado!' for 2 seconds. */
export function CopyButton({
  text,
  label,
  ...props
}: { text: string; label?: string } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast.error(t.members.copyFailed);
    }
  };

  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-label={copied ? t.members.copied : label}
      onClick={() => void copy()}
      {...props}
    >
      {copied ? <Check className="text-success" aria-hidden /> : <Copy aria-hidden />}
      <span aria-live="polite">{copied ? t.members.copied : t.members.copyLink}</span>
    </Button>
  );
}
