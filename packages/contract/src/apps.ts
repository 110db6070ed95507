// Contract for the apps domain (issue 10): the catalogue of installable apps
// per workspace, their settings, the identity-verification app (`trueid`) and
// the e-mail marketing app. Shared by the API and the web client.
//
//   Catalogue   APP_CATALOGUE, AppLabel, App, AppsResponse, AppQuery, AppToggleBody
//   Settings    APP_SETTINGS_SCHEMAS / parseAppSettings(label, input), AppSettingsBody,
//               TrueIdSettings, EmailMarketingSettings
//   trueid      TrueIdCustomer, TrueIdCustomerBody (PUT .../customer/{id}), TrueIdCustomersQuery,
//               TrueIdCustomersResponse, VerificationObjectsResponse, VerificationUploadBody
//               (answered with ObjectUploadResponse), DocumentSideQuery, TrueIdReviewBody,
//               AccessLogEntry / AccessLogResponse
//   e-mail      SendEmailBody -> 202 SendEmailResponse, EmailCampaign(s), UnsubscribeQuery,
//               UnsubscribeInfo, TEMPLATE_PLACEHOLDERS; the audience's imported contacts:
//               ContactImportBody -> ContactImportResponse, EmailContact(s)Response, OptIn
//   Paths       appsPaths (fill with apiPath), UNSUBSCRIBE_PAGE (web route)
//   Errors      APPS_ERRORS (code -> HTTP status and pt-BR message)
//
// Apps are installed per workspace by the owner; members read; an app's
// endpoints answer 409 APP_NOT_INSTALLED while it is not installed
// (shared/api-conventions.md § Apps).
import { z } from 'zod';
import { EMAIL_MAX } from './patterns';
import { Email, Timestamp, Username, Uuid } from './common';
import { defineErrors } from './errors';
import { pageQuery, paged } from './paged';
import { CountryCode, DEFAULT_COUNTRY, DateOfBirth, LegalId } from './documents';
import { legalIdKind } from './legal-id';
import { FilePath } from './files';
import { EXTENSION_CONTENT_TYPE } from './media';
import type { Paging } from './paging';

/** Every apps path, relative to API_PREFIX, in Fastify's `:param` form (fill with apiPath). */
export const appsPaths = {
  /** GET the catalogue; PUT ?label= installs or uninstalls one app. */
  apps: '/apps/:ws',
  /** GET ?label= one app of the catalogue. */
  app: '/app/:ws',
  /** GET, PUT `{ settings }` of one app. */
  appSettings: '/apps/:ws/:app/settings',
  trueidCustomers: '/apps/trueid/:ws/customers',
  /** GET, PUT (create with a client-chosen UUID, or update), DELETE. */
  trueidCustomer: '/apps/trueid/:ws/customer/:id',
  /** GET ?document_side= lists, POST ?document_side= `{ extension_type }` uploads. */
  trueidDocumentObjects: '/apps/trueid/:ws/customer/:id/document/objects',
  trueidLivenessObjects: '/apps/trueid/:ws/customer/:id/liveness/objects',
  trueidBusinessObjects: '/apps/trueid/:ws/customer/:id/business/objects',
  /** POST `{ decision, reason? }`: approve or reject a customer in review. */
  trueidReview: '/apps/trueid/:ws/customer/:id/review',
  /** GET: who read or changed this customer's files, newest first. */
  trueidAccessLog: '/apps/trueid/:ws/customer/:id/access-log',
  /**
   * The fan's side of trueid (docs/decisions/032-trueid-fan-verification.md):
   * GET what the creator `username` asks and where the caller stands; PUT the
   * caller's own data (creates them as a customer of that workspace).
   */
  verification: '/verification/:username',
  /** POST `{ kind, document_side?, extension_type }`: an upload URL for the caller's own file. */
  verificationObjects: '/verification/:username/objects',
  /** POST: sends the caller's data and files for review (status in_review). */
  verificationSubmit: '/verification/:username/submit',
  /** POST `{ subject, contacts, template }` -> 202 `{ id, queued }`. */
  emailSend: '/apps/email-marketing/:ws/send-email',
  emailCampaigns: '/apps/email-marketing/:ws/campaigns',
  emailCampaign: '/apps/email-marketing/:ws/campaigns/:id',
  /** GET the imported contacts (paged); PUT `{ contacts: [{ email, name?, opt_in }] }` adds or updates. */
  emailContacts: '/apps/email-marketing/:ws/contacts',
  /** DELETE one imported contact. */
  emailContact: '/apps/email-marketing/:ws/contacts/:id',
  /**
   * `?token=`: GET describes the subscription (for the web page), POST
   * unsubscribes (`&scope=all`: from every creator of the platform). POST with
   * the form body `List-Unsubscribe=One-Click` is the RFC 8058 one-click target
   * named in the `List-Unsubscribe` header.
   */
  emailUnsubscribe: '/unsubscribe',
  /**
   * `?token=`: the double opt-in link of an imported contact. GET describes it (for the web
   * page), POST confirms: only then do campaigns reach the address.
   */
  emailContactConfirm: '/email-contacts/confirm',
} as const;

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

// ---- Paths ------------------------------------------------------------------

/** Web page the `{{ link_cancelar }}` link opens: `<APP_URL>/unsubscribe?token=...`. */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';
/** Web page the double opt-in e-mail of an imported contact opens: `<APP_URL>/contacts/confirm?token=...`. */
export const CONTACT_CONFIRM_PAGE = '/contacts/confirm';

// ---- Errors -----------------------------------------------------------------

/** The apps' error codes, each with its HTTP status and pt-BR message (composed into ERRORS). */
export const APPS_ERRORS = defineErrors({
  APP_NOT_INSTALLED: {
    status: 409,
    message: 'Este app não está instalado neste espaço de trabalho.',
  },
  CUSTOMER_NOT_FOUND: {
    status: 404,
    message: 'Cliente não encontrado.',
  },
  CUSTOMER_ALREADY_DECIDED: {
    status: 409,
    message: 'A verificação deste cliente já foi aprovada ou recusada.',
  },
  CUSTOMER_NOT_IN_REVIEW: {
    status: 409,
    message: 'Envie os documentos do cliente para análise antes de decidir.',
  },
  VERIFICATION_FILE_NOT_FOUND: {
    status: 404,
    message: 'Arquivo de verificação não encontrado.',
  },
  AGE_VERIFICATION_REQUIRED: {
    status: 403,
    message:
      'Este criador exige a verificação de idade para assinar. Verifique sua identidade primeiro.',
  },
  UNDERAGE: {
    status: 403,
    message: 'É preciso ter 18 anos ou mais para assinar este criador.',
  },
  CAMPAIGN_NOT_FOUND: {
    status: 404,
    message: 'Campanha não encontrada.',
  },
  NO_RECIPIENTS: {
    status: 400,
    message:
      'Nenhum destinatário para enviar: todos os contatos descadastraram ou não há assinantes.',
  },
  EMAIL_NOT_CONFIGURED: {
    status: 409,
    message: 'O envio de e-mails não está configurado neste servidor.',
  },
  UNSUBSCRIBE_TOKEN_INVALID: {
    status: 400,
    message: 'Link de descadastro inválido.',
  },
  CONTACT_CONFIRMATION_INVALID: {
    status: 400,
    message: 'Link de confirmação inválido ou o contato foi excluído.',
  },
  CONTACTS_NOT_IN_AUDIENCE: {
    status: 400,
    message:
      'Campanhas vão só para o seu público: assinantes ativos e contatos importados com consentimento. Importe estes endereços antes de enviar.',
  },
  CONTACT_NOT_FOUND: {
    status: 404,
    message: 'Contato não encontrado.',
  },
  CONTACT_LIMIT_REACHED: {
    status: 409,
    message: `Este espaço de trabalho pode guardar até ${CONTACTS_PER_WORKSPACE_MAX.toLocaleString('pt-BR')} contatos. Exclua contatos antes de importar outros.`,
  },
  SENDER_EMAIL_UNCONFIRMED: {
    status: 403,
    message:
      'Confirme seu e-mail antes de enviar campanhas: abra o link que enviamos ou peça outro em Configurações › Segurança.',
  },
  SENDER_ACCOUNT_TOO_NEW: {
    status: 403,
    message: 'Contas novas só enviam campanhas depois de um dia. Tente novamente mais tarde.',
  },
  EMAIL_DAILY_LIMIT_REACHED: {
    status: 429,
    message: 'O limite diário de e-mails de campanhas foi atingido. Tente novamente amanhã.',
  },
});

// ---- Catalogue --------------------------------------------------------------

export const APP_LABELS = ['trueid', 'email-marketing'] as const;
export const AppLabel = z.enum(APP_LABELS, {
  message: 'App desconhecido: use trueid ou email-marketing.',
});
export type AppLabel = z.infer<typeof AppLabel>;

/** Name and description of each app, as the catalogue shows them. */
export const APP_CATALOGUE: Record<AppLabel, { name: string; description: string }> = {
  trueid: {
    name: 'TrueID — verificação de identidade',
    description:
      'Confirme a identidade e a maioridade dos seus fãs com documento com foto e prova de vida antes da assinatura.',
  },
  'email-marketing': {
    name: 'E-mail marketing',
    description:
      'Envie campanhas por e-mail aos seus assinantes, com descadastro em um clique e envio no ritmo que você definir.',
  },
};

export const App = z
  .object({
    label: AppLabel,
    name: z.string(),
    description: z.string(),
    installed: z.boolean(),
    /** When it was last installed; null while it never was or is uninstalled. */
    installed_at: Timestamp.nullable(),
  })
  .meta({ id: 'App' });
export type App = z.infer<typeof App>;

export const AppsResponse = z.object({ apps: z.array(App) }).meta({ id: 'AppsResponse' });
export type AppsResponse = z.infer<typeof AppsResponse>;

export const AppsParams = z.object({ ws: Uuid });
/** GET /app/{ws}?label= and PUT /apps/{ws}?label= */
export const AppQuery = z.object({ label: AppLabel });

/**
 * PUT /apps/{ws}?label= toggles the app (spec §4: one toggle call). A client
 * that knows the state it wants may say so: `{ installed: true }` twice
 * installs once.
 */
export const AppToggleBody = z
  .object({ installed: z.boolean({ message: 'Informe true ou false.' }).optional() })
  // no body at all (Fastify passes null) is the plain toggle
  .nullish();
export type AppToggleBody = z.infer<typeof AppToggleBody>;

// ---- Settings ---------------------------------------------------------------

export const TrueIdSettings = z
  .object({
    /** "Exigir verificação de idade para assinar": only approved customers of 18+ may subscribe. */
    require_age_verification: z.boolean({ message: 'Informe sim ou não.' }).default(false),
    /** Days the customer's files are kept after the decision (approval or rejection). */
    retention_days: z
      .number({ message: 'Informe o número de dias.' })
      .int('Informe um número inteiro de dias.')
      .min(1, 'Guarde os arquivos por pelo menos 1 dia.')
      .max(1825, 'Guarde os arquivos por no máximo 1825 dias (5 anos).')
      .default(90),
  })
  .meta({ id: 'TrueIdSettings' });
export type TrueIdSettings = z.infer<typeof TrueIdSettings>;

/** Refuses what could break out of a mail header (CR, LF) and `<>"` in a display name. */
const noLineBreaks = (v: string) => !/[\r\n]/.test(v);

export const EmailMarketingSettings = z
  .object({
    /** Display name of the From header; the address is the platform's (MAIL_FROM). */
    sender_name: z
      .string({ message: 'Informe o nome do remetente.' })
      .trim()
      .max(60, 'O nome do remetente deve ter no máximo 60 caracteres.')
      .refine(noLineBreaks, 'O nome do remetente não pode ter quebras de linha.')
      .refine((v) => !/[<>"]/.test(v), 'O nome do remetente não pode ter os caracteres < > ".')
      .nullable()
      .default(null),
    /** Where replies go; null: no Reply-To (replies reach MAIL_FROM). */
    reply_to: Email.toLowerCase().nullable().default(null),
    /** Messages per minute this workspace sends at most (the queue holds the rest). */
    rate_per_minute: z
      .number({ message: 'Informe quantos e-mails por minuto.' })
      .int('Informe um número inteiro.')
      .min(1, 'Envie pelo menos 1 e-mail por minuto.')
      .max(
        EMAIL_RATE_PER_MINUTE_MAX,
        `Envie no máximo ${EMAIL_RATE_PER_MINUTE_MAX} e-mails por minuto.`,
      )
      .default(60),
  })
  .meta({ id: 'EmailMarketingSettings' });
export type EmailMarketingSettings = z.infer<typeof EmailMarketingSettings>;

export const APP_SETTINGS_SCHEMAS = {
  trueid: TrueIdSettings,
  'email-marketing': EmailMarketingSettings,
} as const satisfies Record<AppLabel, z.ZodType>;
export type AppSettings = { [L in AppLabel]: z.infer<(typeof APP_SETTINGS_SCHEMAS)[L]> };

/** Validates one app's settings (missing fields take their defaults). */
export const parseAppSettings = <L extends AppLabel>(
  label: L,
  input: unknown,
): z.ZodSafeParseResult<AppSettings[L]> =>
  APP_SETTINGS_SCHEMAS[label].safeParse(input) as z.ZodSafeParseResult<AppSettings[L]>;

export const AppSettingsParams = z.object({ ws: Uuid, app: AppLabel });
/** PUT body; `settings` is checked against the app's schema (parseAppSettings). */
export const AppSettingsBody = z.object({
  settings: z.record(z.string(), z.unknown(), { message: 'Informe as configurações.' }),
});
export const AppSettingsResponse = z
  .object({ settings: z.union([TrueIdSettings, EmailMarketingSettings]) })
  .meta({ id: 'AppSettingsResponse' });
export type AppSettingsResponse = z.infer<typeof AppSettingsResponse>;

// ---- trueid: customers ------------------------------------------------------

export const DOCUMENT_TYPES = ['rg', 'cnh', 'cin', 'passport', 'rne', 'cnpj'] as const;
export const DocumentType = z.enum(DOCUMENT_TYPES, {
  message: 'Tipo de documento inválido: use rg, cnh, cin, passport, rne ou cnpj.',
});
export type DocumentType = z.infer<typeof DocumentType>;

export const CUSTOMER_STATUSES = ['pending', 'in_review', 'approved', 'rejected'] as const;
export const CustomerStatus = z.enum(CUSTOMER_STATUSES, {
  message: 'Situação inválida: use pending, in_review, approved ou rejected.',
});
export type CustomerStatus = z.infer<typeof CustomerStatus>;

export const TrueIdCustomer = z
  .object({
    id: Uuid,
    /** The creator's own reference for this person or company. */
    custom_id: z.string().nullable(),
    custom_email: z.string().nullable(),
    legal_name: z.string(),
    /** CPF (11 digits) or CNPJ (14 characters), without punctuation. */
    legal_id: z.string(),
    /** 'YYYY-MM-DD'; null for companies. */
    date_of_birth: z.string().nullable(),
    country: z.string(),
    status: CustomerStatus,
    document_type: DocumentType,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'TrueIdCustomer' });
export type TrueIdCustomer = z.infer<typeof TrueIdCustomer>;

const optionalText = (max: number, message: string) =>
  z
    .string({ message })
    .trim()
    .max(max, message)
    .transform((v) => v || null)
    .nullable()
    .optional()
    .transform((v) => v ?? null);

/**
 * PUT /apps/trueid/{ws}/customer/{id}: creates the customer (the client picks
 * the UUID) or replaces its data. `status` here only moves a customer between
 * `pending` and `in_review` ("documentos enviados"); approval and rejection go
 * through the review endpoint. A company (`document_type: cnpj`) has a CNPJ
 * and no date of birth; a person has a CPF and a date of birth.
 */
export const TrueIdCustomerBody = z
  .object({
    custom_id: optionalText(100, 'O identificador deve ter no máximo 100 caracteres.'),
    custom_email: Email.toLowerCase().nullable().optional().default(null),
    legal_name: z
      .string({ message: 'Informe o nome completo ou a razão social.' })
      .trim()
      .min(2, 'Informe o nome completo ou a razão social.')
      .max(200, 'O nome deve ter no máximo 200 caracteres.'),
    legal_id: LegalId,
    date_of_birth: DateOfBirth.nullable().optional().default(null),
    country: CountryCode.default(DEFAULT_COUNTRY),
    document_type: DocumentType,
    status: z
      .enum(['pending', 'in_review'], {
        message: 'Use pending ou in_review; aprove ou recuse pela análise.',
      })
      .default('pending'),
  })
  .superRefine((body, ctx) => {
    const company = body.document_type === 'cnpj';
    if (company !== (legalIdKind(body.legal_id) === 'cnpj')) {
      ctx.addIssue({
        code: 'custom',
        path: ['legal_id'],
        message: company
          ? 'Para document_type cnpj, informe um CNPJ.'
          : 'Para documentos de pessoa física, informe um CPF.',
      });
    }
    if (company && body.date_of_birth) {
      ctx.addIssue({
        code: 'custom',
        path: ['date_of_birth'],
        message: 'Empresas não têm data de nascimento.',
      });
    }
    if (!company && !body.date_of_birth) {
      ctx.addIssue({
        code: 'custom',
        path: ['date_of_birth'],
        message: 'Informe a data de nascimento.',
      });
    }
  });
export type TrueIdCustomerBody = z.input<typeof TrueIdCustomerBody>;
export type TrueIdCustomerInput = z.output<typeof TrueIdCustomerBody>;

export const TrueIdCustomerParams = z.object({ ws: Uuid, id: Uuid });

export const TrueIdCustomersQuery = pageQuery(APPS_PAGING).extend({
  status: CustomerStatus.optional(),
  /** Part of the name, custom_id, custom_email or legal_id. */
  q: z.string().trim().max(100, 'Busca muito longa.').optional(),
});
export const TrueIdCustomersResponse = paged('customers', TrueIdCustomer).meta({
  id: 'TrueIdCustomersResponse',
});
export type TrueIdCustomersResponse = z.infer<typeof TrueIdCustomersResponse>;

/** POST .../customer/{id}/review */
export const TrueIdReviewBody = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('approve'), reason: z.string().trim().max(500).optional() }),
    z.object({
      decision: z.literal('reject'),
      reason: z
        .string({ message: 'Informe o motivo da recusa.' })
        .trim()
        .min(3, 'Informe o motivo da recusa.')
        .max(500, 'O motivo deve ter no máximo 500 caracteres.'),
    }),
  ],
  { message: 'Decisão inválida: use approve ou reject.' },
);
export type TrueIdReviewBody = z.infer<typeof TrueIdReviewBody>;

// ---- trueid: files ----------------------------------------------------------

/** Which file set of a customer: document photos, liveness (selfie/video), company papers. */
export const VERIFICATION_KINDS = ['document', 'liveness', 'business'] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];

export const DOCUMENT_SIDES = ['front', 'back'] as const;
export const DocumentSide = z.enum(DOCUMENT_SIDES, {
  message: 'Lado do documento inválido: use front ou back.',
});
export type DocumentSide = z.infer<typeof DocumentSide>;
/** `?document_side=` on the document objects path; front by default (spec §9). */
export const DocumentSideQuery = z.object({ document_side: DocumentSide.default('front') });

/** File types each kind accepts. */
export const VERIFICATION_EXTENSIONS = {
  document: ['jpg', 'jpeg', 'png', 'webp', 'pdf'],
  liveness: ['jpg', 'jpeg', 'png', 'webp', 'mp4'],
  business: ['pdf', 'jpg', 'jpeg', 'png'],
} as const satisfies Record<VerificationKind, readonly string[]>;
export type VerificationExtension = (typeof VERIFICATION_EXTENSIONS)[VerificationKind][number];

export const VERIFICATION_CONTENT_TYPE: Record<VerificationExtension, string> = {
  ...EXTENSION_CONTENT_TYPE,
  pdf: 'application/pdf',
};

/** `{ extension_type }` for an upload of `kind` (".PDF" and "pdf" alike). */
export const verificationUploadBody = (kind: VerificationKind) => {
  const allowed = VERIFICATION_EXTENSIONS[kind];
  return z.object({
    extension_type: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase().replace(/^\./, '') : v),
      z.enum(allowed, { message: `Tipo de arquivo não suportado. Use: ${allowed.join(', ')}.` }),
    ),
  });
};
export type VerificationUploadBody = { extension_type: VerificationExtension };
// The upload answers ObjectUploadResponse (files.ts): { presigned_url, file_path, ... }.

export const VerificationObject = z
  .object({
    file_path: z.string(),
    /** Short-lived signed URL; every read is written to the access log. */
    url: z.string(),
    content_type: z.string(),
    created_at: Timestamp,
  })
  .meta({ id: 'VerificationObject' });
export type VerificationObject = z.infer<typeof VerificationObject>;

export const VerificationObjectsResponse = z
  .object({ objects: z.array(VerificationObject) })
  .meta({ id: 'VerificationObjectsResponse' });
export type VerificationObjectsResponse = z.infer<typeof VerificationObjectsResponse>;

export const ACCESS_LOG_ACTIONS = ['read', 'upload', 'review', 'delete'] as const;
export type AccessLogAction = (typeof ACCESS_LOG_ACTIONS)[number];

export const AccessLogEntry = z
  .object({
    id: Uuid,
    action: z.enum(ACCESS_LOG_ACTIONS),
    /** The file read or uploaded; null for actions on the customer itself. */
    file_path: FilePath.nullable(),
    /** Who did it. */
    user_id: Uuid,
    username: z.string(),
    ip: z.string().nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'AccessLogEntry' });
export type AccessLogEntry = z.infer<typeof AccessLogEntry>;

export const AccessLogQuery = pageQuery(APPS_PAGING);
export const AccessLogResponse = paged('entries', AccessLogEntry).meta({ id: 'AccessLogResponse' });
export type AccessLogResponse = z.infer<typeof AccessLogResponse>;

// ---- e-mail marketing -------------------------------------------------------

export type ContactSegment = (typeof CONTACT_SEGMENTS)[number];
export const isContactSegment = (v: string): v is ContactSegment =>
  (CONTACT_SEGMENTS as readonly string[]).includes(v);

/** Most entries (addresses and segments) one send may list. */
export const CONTACTS_MAX = 1000;

/** The placeholders a template may use: the recipient's name and the unsubscribe link. */
export const TEMPLATE_PLACEHOLDERS = ['nome', 'link_cancelar'] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
/** `{{ nome }}`, `{{nome}}`, `{{  link_cancelar }}`: captures the name. */
export const PLACEHOLDER_PATTERN = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

const Contact = z
  .string({ message: 'Contato inválido.' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, 'Contato inválido.')
  .refine(
    (v) => isContactSegment(v) || Email.safeParse(v).success,
    `Contato inválido: use um e-mail ou um destes grupos: ${CONTACT_SEGMENTS.join(', ')}.`,
  );

export const SendEmailBody = z.object({
  subject: z
    .string({ message: 'Informe o assunto.' })
    .refine(noLineBreaks, 'O assunto não pode ter quebras de linha.')
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, 'Informe o assunto.')
        .max(SUBJECT_MAX, `O assunto deve ter no máximo ${SUBJECT_MAX} caracteres.`),
    ),
  contacts: z
    .array(Contact, { message: 'Informe os contatos.' })
    .min(1, 'Informe pelo menos um contato.')
    .max(CONTACTS_MAX, `Informe no máximo ${CONTACTS_MAX} contatos.`)
    .transform((list) => [...new Set(list)]),
  template: z
    .string({ message: 'Informe o conteúdo do e-mail.' })
    .max(TEMPLATE_MAX, `O conteúdo deve ter no máximo ${TEMPLATE_MAX} caracteres.`)
    .refine((v) => v.trim().length > 0, 'Informe o conteúdo do e-mail.')
    .superRefine((v, ctx) => {
      const unknown = [...v.matchAll(PLACEHOLDER_PATTERN)]
        .map((m) => m[1]!)
        .filter((name) => !(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name));
      if (unknown.length) {
        ctx.addIssue({
          code: 'custom',
          message: `Variável desconhecida: {{ ${unknown[0]} }}. Use {{ nome }} e {{ link_cancelar }}.`,
        });
      }
    }),
});
export type SendEmailBody = z.input<typeof SendEmailBody>;
export type SendEmailInput = z.output<typeof SendEmailBody>;

/** 202: the campaign was created and `queued` messages wait in the queue. */
export const SendEmailResponse = z
  .object({ id: Uuid, queued: z.number().int() })
  .meta({ id: 'SendEmailResponse' });
export type SendEmailResponse = z.infer<typeof SendEmailResponse>;

export const CAMPAIGN_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export const CampaignStatus = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof CampaignStatus>;

export const EmailCampaign = z
  .object({
    id: Uuid,
    subject: z.string(),
    status: CampaignStatus,
    /** Messages still waiting to go out. */
    queued: z.number().int(),
    sent: z.number().int(),
    /** Messages the SMTP server refused after every retry. */
    failed: z.number().int(),
    /** Recipients who unsubscribed through this campaign's link. */
    unsubscribed: z.number().int(),
    created_at: Timestamp,
    finished_at: Timestamp.nullable(),
  })
  .meta({ id: 'EmailCampaign' });
export type EmailCampaign = z.infer<typeof EmailCampaign>;

export const EmailCampaignParams = z.object({ ws: Uuid, id: Uuid });
export const EmailCampaignsQuery = pageQuery(APPS_PAGING);
export const EmailCampaignsResponse = paged('campaigns', EmailCampaign).meta({
  id: 'EmailCampaignsResponse',
});
export type EmailCampaignsResponse = z.infer<typeof EmailCampaignsResponse>;

export const UnsubscribeQuery = z.object({
  token: z
    .string({ message: APPS_ERRORS.UNSUBSCRIBE_TOKEN_INVALID.message })
    .min(1, APPS_ERRORS.UNSUBSCRIBE_TOKEN_INVALID.message)
    .max(1024, APPS_ERRORS.UNSUBSCRIBE_TOKEN_INVALID.message),
  /** POST only: `all` also keeps the address out of every other creator's campaigns. */
  scope: z
    .enum(['workspace', 'all'], { message: 'Use scope workspace ou all.' })
    .default('workspace'),
});
/** GET /unsubscribe?token=: what the web page shows before and after the click. */
export const UnsubscribeInfo = z
  .object({
    workspace: z.object({ label: z.string(), username: z.string() }),
    /** The address, partly hidden ("an***@example.com"). */
    email: z.string(),
    unsubscribed: z.boolean(),
    /** The address is out of every creator's campaigns (its own choice, or a hard bounce). */
    everywhere: z.boolean(),
  })
  .meta({ id: 'UnsubscribeInfo' });
export type UnsubscribeInfo = z.infer<typeof UnsubscribeInfo>;

export const ContactConfirmQuery = z.object({
  token: z
    .string({ message: APPS_ERRORS.CONTACT_CONFIRMATION_INVALID.message })
    .min(1, APPS_ERRORS.CONTACT_CONFIRMATION_INVALID.message)
    .max(1024, APPS_ERRORS.CONTACT_CONFIRMATION_INVALID.message),
});
/** GET/POST /contacts/confirm?token=: whose list, the address (partly hidden) and whether confirmed. */
export const ContactConfirmation = z
  .object({
    workspace: z.object({ label: z.string(), username: z.string() }),
    email: z.string(),
    confirmed: z.boolean(),
  })
  .meta({ id: 'ContactConfirmation' });
export type ContactConfirmation = z.infer<typeof ContactConfirmation>;

// ---- e-mail marketing: the imported contacts ---------------------------------

export const OptInMethod = z.enum(OPT_IN_METHODS, {
  message: `Como a pessoa aceitou receber os e-mails: ${OPT_IN_METHODS.join(', ')}.`,
});
export type OptInMethod = z.infer<typeof OptInMethod>;

/** The earliest consent date accepted: older records are not credible. */
export const OPT_IN_EARLIEST = '2000-01-01T00:00:00Z';

/**
 * How and when a contact agreed to receive the workspace's e-mails (LGPD art. 7,
 * I: consent the controller can show). `at` cannot be in the future.
 */
export const OptIn = z
  .object({
    method: OptInMethod,
    at: z.iso
      .datetime({ offset: true, message: 'Informe quando (data e hora ISO 8601).' })
      .refine(
        (v) => Date.parse(v) >= Date.parse(OPT_IN_EARLIEST),
        'Data de consentimento antiga demais.',
      ),
  })
  .meta({ id: 'OptIn' });
export type OptIn = z.infer<typeof OptIn>;

export const CONTACT_NAME_MAX = 100;

export const ContactInput = z.object({
  email: Email.toLowerCase(),
  name: z
    .string({ message: 'Nome inválido.' })
    .trim()
    .max(CONTACT_NAME_MAX, `O nome deve ter no máximo ${CONTACT_NAME_MAX} caracteres.`)
    .refine(noLineBreaks, 'O nome não pode ter quebras de linha.')
    .transform((v) => v || null)
    .nullish()
    .transform((v) => v ?? null),
  opt_in: OptIn,
});

/**
 * PUT /apps/email-marketing/{ws}/contacts: adds contacts to the workspace's
 * audience, or updates them (by address); the same address twice: the last one.
 */
export const ContactImportBody = z.object({
  contacts: z
    .array(ContactInput, { message: 'Informe os contatos.' })
    .min(1, 'Informe pelo menos um contato.')
    .max(
      CONTACTS_IMPORT_MAX,
      `Envie no máximo ${CONTACTS_IMPORT_MAX.toLocaleString('pt-BR')} contatos por vez.`,
    ),
});
export type ContactImportBody = z.input<typeof ContactImportBody>;
export type ContactImportInput = z.output<typeof ContactImportBody>;

export const ContactImportResponse = z
  .object({
    /** New addresses. */
    imported: z.number().int(),
    /** Addresses already there, whose name and consent were updated. */
    updated: z.number().int(),
    /** The workspace's contacts now. */
    total: z.number().int(),
    /**
     * Double opt-in e-mails queued: each new (or still unconfirmed) address is asked to confirm,
     * at most once a day; campaigns reach it only once it has.
     */
    confirmations_sent: z.number().int(),
  })
  .meta({ id: 'ContactImportResponse' });
export type ContactImportResponse = z.infer<typeof ContactImportResponse>;

export const EmailContact = z
  .object({
    id: Uuid,
    email: z.string(),
    name: z.string().nullable(),
    opt_in: OptIn,
    /** Unsubscribed from this workspace, or out of every creator's campaigns: no campaign reaches it. */
    unsubscribed: z.boolean(),
    /** When the person followed the double opt-in link; null: campaigns do not reach it yet. */
    confirmed_at: Timestamp.nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'EmailContact' });
export type EmailContact = z.infer<typeof EmailContact>;

export const EmailContactsQuery = pageQuery(APPS_PAGING).extend({
  /** Part of the address or the name. */
  q: z.string().trim().max(100, 'Busca muito longa.').optional(),
});
export const EmailContactsResponse = paged('contacts', EmailContact).meta({
  id: 'EmailContactsResponse',
});
export type EmailContactsResponse = z.infer<typeof EmailContactsResponse>;
export const EmailContactParams = z.object({ ws: Uuid, id: Uuid });

// ---- trueid: the fan's own verification -----------------------------------

export const VerificationParams = z.object({
  username: Username,
});

/** GET /verification/{username}: whether the creator asks for it and the caller's state. */
export const FanVerification = z
  .object({
    /** The creator asks for an age check before subscribing (trueid installed and the setting on). */
    required: z.boolean(),
    /** The caller's state with this creator; null before they start. */
    status: CustomerStatus.nullable(),
    /** The reason of a rejection, shown to the fan so they can try again. */
    reason: z.string().nullable(),
    legal_name: z.string().nullable(),
    /** Which of the required files were already sent. */
    files: z.object({
      document_front: z.boolean(),
      document_back: z.boolean(),
      liveness: z.boolean(),
    }),
  })
  .meta({ id: 'FanVerification' });
export type FanVerification = z.infer<typeof FanVerification>;

/** PUT /verification/{username}: the fan's own data; a CPF and 18 or older. */
export const FanVerificationBody = z
  .object({
    legal_name: z
      .string({ message: 'Informe seu nome completo.' })
      .trim()
      .min(5, 'Informe seu nome completo.')
      .max(200, 'O nome deve ter no máximo 200 caracteres.'),
    legal_id: LegalId,
    date_of_birth: DateOfBirth,
    document_type: z.enum(PERSON_DOCUMENT_TYPES, {
      message: 'Escolha o documento: RG, CNH, CIN, passaporte ou RNE.',
    }),
  })
  .superRefine((body, ctx) => {
    if (legalIdKind(body.legal_id) !== 'cpf')
      ctx.addIssue({ code: 'custom', path: ['legal_id'], message: 'Informe o seu CPF.' });
  });
export type FanVerificationBody = z.input<typeof FanVerificationBody>;

/** A fan's verification file, at most: a photo or PDF, and a selfie video. */
export const FAN_UPLOAD_MAX_BYTES = { image: 10 * 1024 * 1024, video: 20 * 1024 * 1024 } as const;
/**
 * What one fan's verification with one creator may hold in the creator's storage, stored and
 * reserved together: the document's two sides and a selfie, with room to send one again.
 */
export const FAN_VERIFICATION_BUDGET_BYTES = 60 * 1024 * 1024;
/** Upload URLs one fan may ask of one creator's verification per day. */
export const FAN_UPLOADS_PER_DAY = 20;

const FanUploadSize = z
  .number({ message: 'Informe o tamanho do arquivo em bytes.' })
  .int('Informe o tamanho do arquivo em bytes.')
  .min(1, 'O arquivo está vazio.')
  .max(FAN_UPLOAD_MAX_BYTES.video, 'O arquivo passa de 20 MB.');

/**
 * POST /verification/{username}/objects: which file the fan is about to send, and its `size` in
 * bytes: exactly that much is reserved in the creator's storage, and the URL takes no more.
 */
export const FanUploadBody = z.discriminatedUnion(
  'kind',
  [
    verificationUploadBody('document').extend({
      kind: z.literal('document'),
      document_side: DocumentSide.default('front'),
      size: FanUploadSize,
    }),
    verificationUploadBody('liveness').extend({ kind: z.literal('liveness'), size: FanUploadSize }),
  ],
  { message: 'Tipo de arquivo de verificação inválido: use document ou liveness.' },
);
export type FanUploadBody = z.input<typeof FanUploadBody>;
