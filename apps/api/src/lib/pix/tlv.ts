/**
 * EMV "TLV" as used by the BR Code: ID (2 digits) + length (2 digits) + value.
 * Lengths count characters; no field may be longer than 99.
 */
export class BrCodeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'BrCodeError';
  }
}

export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new BrCodeError('INVALID_ID', `invalid field id ${id}`);
  if (value.length === 0) throw new BrCodeError('EMPTY_FIELD', `field ${id} is empty`);
  if (value.length > 99)
    throw new BrCodeError('FIELD_TOO_LONG', `field ${id} has ${value.length} characters (max 99)`);
  return id + String(value.length).padStart(2, '0') + value;
}

export interface TlvField {
  id: string;
  value: string;
}

/** Splits a TLV string into its fields, in order; throws on a broken length. */
export function parseTlv(data: string, where = 'payload'): TlvField[] {
  const fields: TlvField[] = [];
  let i = 0;
  while (i < data.length) {
    const head = data.slice(i, i + 4);
    if (!/^\d{4}$/.test(head))
      throw new BrCodeError('INVALID_TLV', `${where}: malformed ID/length at position ${i}`);
    const id = head.slice(0, 2);
    const length = Number(head.slice(2));
    const value = data.slice(i + 4, i + 4 + length);
    if (length === 0 || value.length !== length)
      throw new BrCodeError(
        'INVALID_TLV',
        `${where}: field ${id} declares ${length} characters, ${value.length} found`,
      );
    fields.push({ id, value });
    i += 4 + length;
  }
  return fields;
}
