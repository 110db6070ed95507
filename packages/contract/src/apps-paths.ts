// Without zod: the web client's first load needs these paths, not apps.ts's schemas.

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
