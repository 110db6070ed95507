import { QrCode } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useId } from 'react';
import { CopyButton } from '@/components/copy-button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { t } from '@/i18n/subscriptions';

// The Pix BR Code as the subscribe dialog and the one-off Pix dialog (a post, a tip) show it.

const expiryFormat = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** '12/05, 14:30' for the code's expiry. */
function formatExpiry(iso: string): string {
  return expiryFormat.format(new Date(iso));
}

export function PixIcon() {
  return (
    <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-[#32bcad]/15 text-[#1f8f83] dark:text-[#5fd6c8]">
      <QrCode className="size-5" aria-hidden />
    </span>
  );
}

/** The BR Code as a QR (white quiet zone in both themes) and as copyable text. */
export function PixCode({
  code,
  expiresAt,
  qrAlt = t.subscriptions.dialog.qrAlt,
}: {
  code: string;
  expiresAt: string;
  /** What the QR code pays for, for screen readers. */
  qrAlt?: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-4 rounded-xl border bg-card p-4">
      <p className="text-center text-[13px] leading-relaxed text-muted-foreground">
        {t.subscriptions.dialog.scan}
      </p>
      <div className="mx-auto rounded-xl bg-white p-4 shadow-xs ring-1 ring-black/5">
        <QRCodeSVG
          value={code}
          size={208}
          level="L"
          marginSize={0}
          bgColor="#ffffff"
          fgColor="#000000"
          title={qrAlt}
          role="img"
          aria-label={qrAlt}
          data-testid="pix-qr"
          className="block size-[208px] max-w-full"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={id}>{t.subscriptions.dialog.codeLabel}</Label>
        <Textarea
          id={id}
          readOnly
          value={code}
          rows={3}
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
          className="max-h-28 resize-none font-mono text-xs leading-relaxed break-all md:text-xs"
        />
        <CopyButton
          text={code}
          label={t.subscriptions.dialog.copy}
          failedMessage={t.subscriptions.dialog.copyFailed}
          className="w-full"
        />
        <p className="text-center text-xs text-muted-foreground">
          {t.subscriptions.dialog.expiresAt(formatExpiry(expiresAt))}
        </p>
      </div>
    </div>
  );
}
