import type { PixConnection, PixConnectionBody, ReceivingAccount } from '@fa-clube/contract';
import { t } from './strings';

/**
 * The PSP connection form on the client (Configurações › Planos): its values, the checks the
 * server cannot explain as well (which file is missing), the body it sends, and how the
 * connected state reads (certificate expiry, Pix Automático). Zod-free: the form's schema
 * (validation.ts) wraps these and pipes into the contract's PixConnectionBody.
 */
export interface ConnectionFormValues {
  api_url: string;
  token_url: string;
  client_id: string;
  client_secret: string;
  /** PEM certificate chain, or the PKCS#12 bundle in base64, as read from the chosen file. */
  certificate: string;
  certificate_kind: '' | 'pem' | 'pkcs12';
  private_key: string;
  /** Whether the chosen key is encrypted (then the passphrase is asked). */
  key_encrypted: boolean;
  passphrase: string;
  account_branch: string;
  account_number: string;
  account_type: ReceivingAccount['type'];
}

export type ConnectionFormErrors = Partial<Record<keyof ConnectionFormValues, string>>;

/** The form for a first connection, or to update one (secrets are never sent back: blank). */
export function connectionFormValues(saved: PixConnection | null): ConnectionFormValues {
  return {
    api_url: saved?.api_url ?? '',
    token_url: saved?.token_url ?? '',
    client_id: saved?.client_id ?? '',
    client_secret: '',
    certificate: '',
    certificate_kind: '',
    private_key: '',
    key_encrypted: false,
    passphrase: '',
    account_branch: saved?.receiving_account?.branch ?? '',
    account_number: saved?.receiving_account?.number ?? '',
    account_type: saved?.receiving_account?.type ?? 'CORRENTE',
  };
}

/** What only the form can say: the certificate's files and the receiving account's parts. */
export function validateConnectionForm(values: ConnectionFormValues): ConnectionFormErrors {
  const text = t.subscriptions.connection;
  const errors: ConnectionFormErrors = {};
  if (!values.certificate) errors.certificate = text.certificateRequired;
  else if (values.certificate_kind === 'pem' && !values.private_key)
    errors.private_key = text.privateKeyRequired;
  const branch = values.account_branch.trim();
  const number = values.account_number.trim();
  if (branch && !/^\d{1,4}$/.test(branch)) errors.account_branch = text.branchInvalid;
  if (branch && !number) errors.account_number = text.accountNumberRequired;
  else if (number && !/^[0-9A-Za-z-]{1,20}$/.test(number))
    errors.account_number = text.accountNumberInvalid;
  return errors;
}

/** The body of PUT /workspaces/{id}/pix/connection. */
export function toConnectionBody(values: ConnectionFormValues): PixConnectionBody {
  const number = values.account_number.trim();
  const branch = values.account_branch.trim();
  return {
    api_url: values.api_url.trim(),
    ...(values.token_url.trim() ? { token_url: values.token_url.trim() } : {}),
    client_id: values.client_id.trim(),
    client_secret: values.client_secret,
    certificate: values.certificate,
    ...(values.certificate_kind === 'pem' ? { private_key: values.private_key } : {}),
    ...(values.passphrase ? { passphrase: values.passphrase } : {}),
    receiving_account: number
      ? { ...(branch ? { branch } : {}), number, type: values.account_type }
      : null,
  };
}

/** Days left until `iso` (rounded up; 0 or less once it has passed). */
export function daysUntil(iso: string, now: number): number {
  return Math.ceil((Date.parse(iso) - now) / 86_400_000);
}

/** The owner is warned this many days before the certificate expires (as the e-mail is sent). */
export const CERTIFICATE_WARNING_DAYS = 15;

export type CertificateStanding =
  { kind: 'valid' } | { kind: 'expiring'; days: number } | { kind: 'expired' };

export function certificateStanding(expiresAt: string, now: number): CertificateStanding {
  const days = daysUntil(expiresAt, now);
  if (days <= 0 || Date.parse(expiresAt) <= now) return { kind: 'expired' };
  return days <= CERTIFICATE_WARNING_DAYS ? { kind: 'expiring', days } : { kind: 'valid' };
}

/** Pix Automático: offered, not enabled by the PSP, or enabled but without the account. */
export type AutomaticStanding = 'available' | 'not_enabled' | 'needs_account';

export function automaticStanding(
  c: Pick<PixConnection, 'automatic_available' | 'recurrences_enabled'>,
): AutomaticStanding {
  if (c.automatic_available) return 'available';
  return c.recurrences_enabled ? 'needs_account' : 'not_enabled';
}
