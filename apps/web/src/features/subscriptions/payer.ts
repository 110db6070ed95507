import { isValidCpf } from '@fa-clube/contract';

/**
 * 'Gerar QR code' (Pix Automático's payer) is enabled once the CPF's check digits are right (the
 * contract's rule, as the server checks it) and a name and a surname are typed.
 */
export const payerReady = (values: { cpf: string; name: string }) =>
  isValidCpf(values.cpf) && /\S+\s+\S+/.test(values.name.trim());
