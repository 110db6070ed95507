import { APPS_PAGING, EmailMarketingSettings, apiPath, appsPaths } from '@fa-clube/contract';
import type { ContactImportBody, SendEmailBody } from '@fa-clube/contract';
import { api } from '@/lib/api-client';

export const campaignsKey = (ws: string) => ['campaigns', ws] as const;

/** GET /apps/email-marketing/{ws}/campaigns (the first page, newest first). */
export const fetchCampaigns = (ws: string, signal?: AbortSignal) =>
  api.get(apiPath(appsPaths.emailCampaigns, { ws }), {
    query: { page: APPS_PAGING.base, size: APPS_PAGING.size },
    schema: 'EmailCampaignsResponse',
    signal,
  });

/** POST /apps/email-marketing/{ws}/send-email → 202 { id, queued } */
export const sendEmail = (ws: string, body: SendEmailBody) =>
  api.post(apiPath(appsPaths.emailSend, { ws }), body, {
    schema: 'SendEmailResponse',
  });

export const contactsKey = (ws: string) => [...campaignsKey(ws), 'contacts'] as const;

/** GET /apps/email-marketing/{ws}/contacts: a page of the imported contacts, by address. */
export const fetchContacts = (ws: string, page: number, q: string, signal?: AbortSignal) =>
  api.get(apiPath(appsPaths.emailContacts, { ws }), {
    query: { page, size: APPS_PAGING.size, ...(q ? { q } : {}) },
    schema: 'EmailContactsResponse',
    signal,
  });

/** PUT /apps/email-marketing/{ws}/contacts → { imported, updated, total } */
export const importContacts = (ws: string, body: ContactImportBody) =>
  api.put(apiPath(appsPaths.emailContacts, { ws }), body, {
    schema: 'ContactImportResponse',
  });

/** DELETE /apps/email-marketing/{ws}/contacts/{id} */
export const deleteContact = (ws: string, id: string) =>
  api.delete(apiPath(appsPaths.emailContact, { ws, id }), {
    schema: 'MessageBody',
  });

/** GET /unsubscribe?token= (public): what the link unsubscribes. */
export const fetchUnsubscribe = (token: string, signal?: AbortSignal) =>
  api.get(apiPath(appsPaths.emailUnsubscribe), {
    query: { token },
    auth: false,
    schema: 'UnsubscribeInfo',
    signal,
  });

/** POST /unsubscribe?token=[&scope=all] (public): from this creator, or from every creator. */
export const postUnsubscribe = (token: string, everywhere: boolean) =>
  api.post(apiPath(appsPaths.emailUnsubscribe), undefined, {
    query: { token, ...(everywhere ? { scope: 'all' } : {}) },
    auth: false,
    schema: 'UnsubscribeInfo',
  });

export const settingsKey = (ws: string) => [...campaignsKey(ws), 'settings'] as const;

/** GET /apps/{ws}/email-marketing/settings */
export const fetchSettings = async (ws: string, signal?: AbortSignal) => {
  const answer = await api.get(apiPath(appsPaths.appSettings, { ws, app: 'email-marketing' }), {
    schema: 'AppSettingsResponse',
    signal,
  });
  return EmailMarketingSettings.parse(answer.settings);
};

/** PUT /apps/{ws}/email-marketing/settings */
export const saveSettings = (ws: string, settings: EmailMarketingSettings) =>
  api.put(
    apiPath(appsPaths.appSettings, { ws, app: 'email-marketing' }),
    { settings },
    { schema: 'AppSettingsResponse' },
  );

/** GET /email-contacts/confirm?token= (public): whose list the double opt-in link is for. */
export const fetchContactConfirmation = (token: string, signal?: AbortSignal) =>
  api.get(apiPath(appsPaths.emailContactConfirm), {
    query: { token },
    auth: false,
    schema: 'ContactConfirmation',
    signal,
  });

/** POST /email-contacts/confirm?token= (public): the person confirms. */
export const postContactConfirmation = (token: string) =>
  api.post(apiPath(appsPaths.emailContactConfirm), undefined, {
    query: { token },
    auth: false,
    schema: 'ContactConfirmation',
  });
