import { HandCoins } from 'lucide-react';
import { useId, useState } from 'react';
import {
  TIP_MESSAGE_MAX,
  TIP_PRESETS,
  TIP_VALUE,
  apiPath,
  centsToMajor,
  formatCents,
  salesPaths,
} from '@fa-clube/contract';
import { PixChargeDialog } from '@/components/pix-charge-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { t } from '@/i18n/sales';
import { api } from '@/lib/api-client';
import { formatCentsInput, parseCentsInput } from '@/lib/money-input';
import { cn } from '@/lib/utils';

const MIN_CENTS = TIP_VALUE.min * 100;
const MAX_CENTS = TIP_VALUE.max * 100;

/** POST /tips?username= { value, message?, post_id? } → the tip's Pix charge. */
const sendTip = (username: string, body: { value: number; message?: string; post_id?: string }) =>
  api.post(`${apiPath(salesPaths.tips)}?${new URLSearchParams({ username })}`, body, {
    schema: 'ChargeDetail',
  });

interface TipButtonProps {
  /** The creator tipped. */
  username: string;
  /** The creator's workspace (the charge is read from it while paying). */
  workspaceId: string;
  /** The post it thanks, under a post. */
  postId?: string;
  className?: string;
  variant?: 'ghost' | 'outline';
}

/**
 * 'Enviar gorjeta' (issue 32): under a post, on the profile and in the chat. Opens the tip's
 * dialog: preset amounts or another one, an optional message, then the Pix code.
 */
export function TipButton({
  username,
  workspaceId,
  postId,
  className,
  variant = 'ghost',
}: TipButtonProps) {
  const [open, setOpen] = useState(false);
  const [cents, setCents] = useState<number>(TIP_PRESETS[1] * 100);
  const [message, setMessage] = useState('');
  return (
    <>
      <Button
        type="button"
        variant={variant}
        size="sm"
        className={cn(variant === 'ghost' && 'text-muted-foreground', className)}
        onClick={() => setOpen(true)}
      >
        <HandCoins className="size-4" aria-hidden />
        {t.sales.tips.send}
      </Button>
      {open ? (
        <PixChargeDialog
          open={open}
          onOpenChange={setOpen}
          title={t.sales.pix.tipTitle}
          description={t.sales.pix.tipDescription(username)}
          workspaceId={workspaceId}
          start={() =>
            sendTip(username, {
              value: centsToMajor(cents),
              ...(message.trim() ? { message: message.trim() } : {}),
              ...(postId ? { post_id: postId } : {}),
            })
          }
          form={(submit) => (
            <TipForm
              cents={cents}
              message={message}
              onCents={setCents}
              onMessage={setMessage}
              onSubmit={submit}
            />
          )}
          qrAlt={t.sales.pix.qrAltTip}
          paidTitle={t.sales.pix.tipPaidTitle}
          paidText={t.sales.pix.tipPaidText(username)}
        />
      ) : null}
    </>
  );
}

function TipForm({
  cents,
  message,
  onCents,
  onMessage,
  onSubmit,
}: {
  cents: number;
  message: string;
  onCents: (cents: number) => void;
  onMessage: (message: string) => void;
  onSubmit: () => Promise<void>;
}) {
  const id = useId();
  const [other, setOther] = useState(!TIP_PRESETS.some((p) => p * 100 === cents));
  const valid = cents >= MIN_CENTS && cents <= MAX_CENTS;
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) void onSubmit();
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t.sales.tips.amountLabel}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {TIP_PRESETS.map((preset) => (
            <Button
              key={preset}
              type="button"
              variant={!other && cents === preset * 100 ? 'default' : 'outline'}
              aria-pressed={!other && cents === preset * 100}
              onClick={() => {
                setOther(false);
                onCents(preset * 100);
              }}
            >
              {formatCents(preset * 100)}
            </Button>
          ))}
          <Button
            type="button"
            variant={other ? 'default' : 'outline'}
            aria-pressed={other}
            className="col-span-2 sm:col-span-1"
            onClick={() => setOther(true)}
          >
            {t.sales.tips.otherAmount}
          </Button>
        </div>
        {other ? (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-value`} className="sr-only">
              {t.sales.tips.otherAmount}
            </Label>
            <Input
              id={`${id}-value`}
              inputMode="numeric"
              autoFocus
              value={formatCentsInput(cents)}
              placeholder={formatCents(MIN_CENTS)}
              aria-invalid={!valid || undefined}
              aria-describedby={`${id}-range`}
              onChange={(e) => onCents(parseCentsInput(e.target.value, MAX_CENTS))}
            />
          </div>
        ) : null}
        <p id={`${id}-range`} className="text-xs text-muted-foreground">
          {t.sales.tips.range(formatCents(MIN_CENTS), formatCents(MAX_CENTS))}
        </p>
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-message`}>{t.sales.tips.messageLabel}</Label>
        <Textarea
          id={`${id}-message`}
          value={message}
          maxLength={TIP_MESSAGE_MAX}
          rows={3}
          placeholder={t.sales.tips.messagePlaceholder}
          onChange={(e) => onMessage(e.target.value)}
        />
        <p className="text-right text-xs text-muted-foreground tabular-nums">
          {message.length}/{TIP_MESSAGE_MAX}
        </p>
      </div>
      <Button type="submit" disabled={!valid}>
        {t.sales.tips.continue}
      </Button>
    </form>
  );
}
