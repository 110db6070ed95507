// Without zod: the apps constants the web client's first load needs before apps.ts's schemas
// (docs/decisions/036-web-first-load.md).

import type { Paging } from './paging';

/** The apps' lists (customers, access log, campaigns): page 1, size 20, like the finance lists. */
export const APPS_PAGING: Paging = { base: 1, size: 20 };
export const EMAIL_RATE_PER_MINUTE_MAX = 600;
/** The audience a campaign may name: active subscribers (all, or by plan) and the imported contacts. */
export const CONTACT_SEGMENTS = [
  'subscribers',
  'subscribers:monthly',
  'subscribers:quarterly',
  'subscribers:yearly',
  'contacts',
] as const;
/** Contacts one import call may carry, and one workspace may keep. */
export const CONTACTS_IMPORT_MAX = 1000;
export const CONTACTS_PER_WORKSPACE_MAX = 10_000;
/** Double opt-in e-mails one workspace may send per day (imported contacts asked to confirm). */
export const CONTACT_CONFIRMATIONS_PER_DAY = 5000;
/** How a contact agreed to receive the workspace's e-mails (recorded with when). */
export const OPT_IN_METHODS = ['form', 'double_opt_in', 'purchase', 'in_person', 'other'] as const;
export const SUBJECT_MAX = 150;
/** Largest template, in characters. */
export const TEMPLATE_MAX = 100_000;
/** The person documents a fan may show (a company's CNPJ is not a fan's). */
export const PERSON_DOCUMENT_TYPES = ['rg', 'cnh', 'cin', 'passport', 'rne'] as const;
