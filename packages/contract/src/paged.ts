// The schemas of paged lists (paging.ts holds the bases and sizes, without zod, for the web
// client's first load).
import { z } from 'zod';
import { PAGE_SIZE_MAX } from './paging';
import type { Paging } from './paging';

/** Query for a paged list, with that list's defaults. */
export function pageQuery(paging: Paging) {
  return z.object({
    page: z.coerce
      .number({ message: 'Página inválida.' })
      .int('Página inválida.')
      .min(paging.base, 'Página inválida.')
      .max(1_000_000, 'Página inválida.')
      .default(paging.base),
    size: z.coerce
      .number({ message: 'Tamanho de página inválido.' })
      .int('Tamanho de página inválido.')
      .min(1, 'Tamanho de página inválido.')
      .max(PAGE_SIZE_MAX, `O tamanho máximo de página é ${PAGE_SIZE_MAX}.`)
      .default(paging.size),
  });
}

/** `{ <items>: [...], page, size, total }` */
export function paged<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({
    [key]: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  } as { [P in K]: z.ZodArray<T> } & {
    page: z.ZodNumber;
    size: z.ZodNumber;
    total: z.ZodNumber;
  });
}
