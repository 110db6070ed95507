import { t } from './strings';

/**
 * The PSP's client certificate as the owner picks it, read in the browser and sent as text
 * (PixConnectionBody): a PEM certificate (its private key in the same file or in a second one)
 * or a PKCS#12 bundle (.pfx/.p12), sent in base64 with its passphrase. The server opens and
 * checks it; here only what is needed to ask for the right other fields.
 */
export type CertificateUpload =
  | {
      kind: 'pem';
      name: string;
      /** The PEM certificate blocks (the chain), without any key. */
      certificate: string;
      /** The private key found in the same file, if any. */
      privateKey: string | null;
      keyEncrypted: boolean;
    }
  | { kind: 'pkcs12'; name: string; /** The bundle in base64. */ certificate: string };

export interface KeyUpload {
  name: string;
  privateKey: string;
  encrypted: boolean;
}

/** A PKCS#12 file this large is not a certificate (the API takes 200 000 characters of base64). */
export const CERTIFICATE_FILE_MAX_BYTES = 140 * 1024;
/** The API takes a key of at most 50 000 characters. */
export const KEY_FILE_MAX_BYTES = 48 * 1024;

const CERT_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const KEY_BLOCK =
  /-----BEGIN (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----[\s\S]+?-----END (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----/;

export class CertificateFileError extends Error {}

const isEncryptedKey = (pem: string) =>
  pem.includes('ENCRYPTED PRIVATE KEY') || /Proc-Type:\s*4,ENCRYPTED/.test(pem);

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

async function readBytes(file: File, max: number): Promise<Uint8Array> {
  if (file.size > max) throw new CertificateFileError(t.subscriptions.connection.fileTooLarge);
  try {
    return new Uint8Array(await file.arrayBuffer());
  } catch {
    throw new CertificateFileError(t.subscriptions.connection.readFailed);
  }
}

const asText = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);

/** Reads the certificate file: PEM (text with BEGIN CERTIFICATE) or, otherwise, PKCS#12. */
export async function readCertificateFile(file: File): Promise<CertificateUpload> {
  const bytes = await readBytes(file, CERTIFICATE_FILE_MAX_BYTES);
  const text = asText(bytes);
  if (!text.includes('-----BEGIN ')) {
    if (bytes.length === 0) throw new CertificateFileError(t.subscriptions.connection.readFailed);
    return { kind: 'pkcs12', name: file.name, certificate: base64(bytes) };
  }
  const certificates = text.match(CERT_BLOCK);
  if (!certificates) throw new CertificateFileError(t.subscriptions.connection.noCertificateInPem);
  const key = KEY_BLOCK.exec(text)?.[0] ?? null;
  return {
    kind: 'pem',
    name: file.name,
    certificate: `${certificates.join('\n')}\n`,
    privateKey: key ? `${key}\n` : null,
    keyEncrypted: key ? isEncryptedKey(key) : false,
  };
}

/** Reads the private key file of a PEM certificate. */
export async function readKeyFile(file: File): Promise<KeyUpload> {
  const text = asText(await readBytes(file, KEY_FILE_MAX_BYTES));
  const key = KEY_BLOCK.exec(text)?.[0];
  if (!key) throw new CertificateFileError(t.subscriptions.connection.noKeyInFile);
  return { name: file.name, privateKey: `${key}\n`, encrypted: isEncryptedKey(key) };
}
