import { describe, expect, it } from 'vitest';
import {
  APP_LABELS,
  APP_CATALOGUE,
  APPS_ERRORS,
  AppQuery,
  DocumentSideQuery,
  parseAppSettings,
  SendEmailBody,
  TrueIdCustomerBody,
  TrueIdReviewBody,
  verificationUploadBody,
  appsPaths,
} from './apps';
import { apiPath } from './paths';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('catalogue, paths and error codes', () => {
  it('lists trueid and email-marketing, each with a pt-BR name and description', () => {
    expect(APP_LABELS).toEqual(['trueid', 'email-marketing']);
    for (const label of APP_LABELS) {
      expect(APP_CATALOGUE[label].name.length).toBeGreaterThan(3);
      expect(APP_CATALOGUE[label].description.length).toBeGreaterThan(20);
    }
    expect(messages(AppQuery.safeParse({ label: 'whatsapp' }))).toEqual([
      'App desconhecido: use trueid ou email-marketing.',
    ]);
  });

  it('spells the spec paths', () => {
    const ws = '3f2b8c1e-0a4d-4c6e-9b7f-1d2e3f4a5b6c';
    const id = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    expect(apiPath(appsPaths.apps, { ws })).toBe(`/api/v1/apps/${ws}`);
    expect(apiPath(appsPaths.app, { ws })).toBe(`/api/v1/app/${ws}`);
    expect(apiPath(appsPaths.appSettings, { ws, app: 'trueid' })).toBe(
      `/api/v1/apps/${ws}/trueid/settings`,
    );
    expect(apiPath(appsPaths.trueidCustomers, { ws })).toBe(`/api/v1/apps/trueid/${ws}/customers`);
    expect(apiPath(appsPaths.trueidCustomer, { ws, id })).toBe(
      `/api/v1/apps/trueid/${ws}/customer/${id}`,
    );
    for (const [key, kind] of [
      ['trueidDocumentObjects', 'document'],
      ['trueidLivenessObjects', 'liveness'],
      ['trueidBusinessObjects', 'business'],
    ] as const) {
      expect(apiPath(appsPaths[key], { ws, id })).toBe(
        `/api/v1/apps/trueid/${ws}/customer/${id}/${kind}/objects`,
      );
    }
    expect(apiPath(appsPaths.emailSend, { ws })).toBe(
      `/api/v1/apps/email-marketing/${ws}/send-email`,
    );
  });

  it('gives every error code a status and a pt-BR message', () => {
    expect(APPS_ERRORS.APP_NOT_INSTALLED.status).toBe(409);
    for (const { message } of Object.values(APPS_ERRORS)) expect(message).toMatch(/\.$/);
  });
});

describe('settings', () => {
  it('fills defaults and checks each app on its own', () => {
    expect(parseAppSettings('trueid', {}).data).toEqual({
      require_age_verification: false,
      retention_days: 90,
    });
    expect(parseAppSettings('email-marketing', { reply_to: 'Ana@Example.com' }).data).toEqual({
      sender_name: null,
      reply_to: 'ana@example.com',
      rate_per_minute: 60,
    });
    expect(messages(parseAppSettings('trueid', { retention_days: 0 }))).toEqual([
      'Guarde os arquivos por pelo menos 1 dia.',
    ]);
    expect(messages(parseAppSettings('email-marketing', { rate_per_minute: 10_000 }))).toEqual([
      'Envie no máximo 600 e-mails por minuto.',
    ]);
  });

  it('refuses a sender name that could forge a mail header', () => {
    expect(
      messages(parseAppSettings('email-marketing', { sender_name: 'Ana\r\nBcc: x@y.com' })),
    ).toContain('O nome do remetente não pode ter quebras de linha.');
    expect(messages(parseAppSettings('email-marketing', { sender_name: 'Ana <a@b.c>' }))).toEqual([
      'O nome do remetente não pode ter os caracteres < > ".',
    ]);
  });
});

describe('trueid customer body', () => {
  const person = {
    legal_name: 'Ana Souza',
    legal_id: '529.982.247-25',
    date_of_birth: '1990-07-15',
    document_type: 'cnh',
  };

  it('normalises a person: CPF without punctuation, country BR, status pending', () => {
    expect(TrueIdCustomerBody.parse({ ...person, custom_email: 'Ana@Example.com' })).toEqual({
      custom_id: null,
      custom_email: 'ana@example.com',
      legal_name: 'Ana Souza',
      legal_id: '52998224725',
      date_of_birth: '1990-07-15',
      country: 'BR',
      document_type: 'cnh',
      status: 'pending',
    });
  });

  it('takes a company with an alphanumeric CNPJ and no date of birth', () => {
    const company = TrueIdCustomerBody.parse({
      legal_name: 'Estúdio Exemplo Ltda',
      legal_id: '12.ABC.345/01DE-35',
      document_type: 'cnpj',
      country: 'br',
      status: 'in_review',
    });
    expect(company).toMatchObject({
      legal_id: '12ABC34501DE35',
      date_of_birth: null,
      country: 'BR',
      status: 'in_review',
    });
  });

  it.each([
    [{ legal_id: '529.982.247-24' }, 'legal_id', 'CPF inválido: confira os dígitos.'],
    [{ document_type: 'cnpj', date_of_birth: null }, 'legal_id', 'Para document_type cnpj'],
    [{ legal_id: '11.222.333/0001-81' }, 'legal_id', 'Para documentos de pessoa física'],
    [{ date_of_birth: undefined }, 'date_of_birth', 'Informe a data de nascimento.'],
    [{ date_of_birth: '2999-01-01' }, 'date_of_birth', 'A data de nascimento deve estar'],
    [{ country: 'XX' }, 'country', 'País inválido'],
    [{ document_type: 'cpf' }, 'document_type', 'Tipo de documento inválido'],
    [{ status: 'approved' }, 'status', 'aprove ou recuse pela análise'],
  ])('refuses %j on %s', (change, field, message) => {
    const r = TrueIdCustomerBody.safeParse({ ...person, ...change });
    expect(r.success).toBe(false);
    const issue = r.error!.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toContain(message);
  });

  it('review: a rejection needs a reason', () => {
    expect(TrueIdReviewBody.parse({ decision: 'approve' })).toEqual({ decision: 'approve' });
    expect(messages(TrueIdReviewBody.safeParse({ decision: 'reject' }))).toEqual([
      'Informe o motivo da recusa.',
    ]);
    expect(TrueIdReviewBody.safeParse({ decision: 'maybe' }).success).toBe(false);
  });

  it('files: front side by default, types per kind', () => {
    expect(DocumentSideQuery.parse({})).toEqual({ document_side: 'front' });
    expect(DocumentSideQuery.safeParse({ document_side: 'side' }).success).toBe(false);
    expect(verificationUploadBody('document').parse({ extension_type: '.PDF' })).toEqual({
      extension_type: 'pdf',
    });
    expect(verificationUploadBody('liveness').safeParse({ extension_type: 'pdf' }).success).toBe(
      false,
    );
    expect(verificationUploadBody('business').safeParse({ extension_type: 'exe' }).success).toBe(
      false,
    );
  });
});

describe('send-email body', () => {
  const body = {
    subject: 'Novidades de novembro',
    contacts: ['subscribers:monthly', 'Fa@Example.com', 'fa@example.com'],
    template: '<p>Olá, {{ nome }}!</p><p><a href="{{link_cancelar}}">Cancelar</a></p>',
  };

  it('accepts addresses and segments, lower-cased and without repeats', () => {
    expect(SendEmailBody.parse(body).contacts).toEqual(['subscribers:monthly', 'fa@example.com']);
  });

  it.each([
    ['Assunto\r\nBcc: todos@example.com', 'O assunto não pode ter quebras de linha.'],
    ['Assunto\n', 'O assunto não pode ter quebras de linha.'],
    ['   ', 'Informe o assunto.'],
    ['x'.repeat(151), 'O assunto deve ter no máximo 150 caracteres.'],
  ])('refuses the subject %j', (subject, message) => {
    expect(messages(SendEmailBody.safeParse({ ...body, subject }))).toEqual([message]);
  });

  it('refuses unknown contacts, too many contacts and unknown placeholders', () => {
    expect(
      messages(SendEmailBody.safeParse({ ...body, contacts: ['subscribers:weekly'] }))[0],
    ).toBe(
      'Contato inválido: use um e-mail ou um destes grupos: subscribers, subscribers:monthly, subscribers:quarterly, subscribers:yearly, contacts.',
    );
    expect(messages(SendEmailBody.safeParse({ ...body, contacts: [] }))).toEqual([
      'Informe pelo menos um contato.',
    ]);
    const many = Array.from({ length: 1001 }, (_, i) => `fa${i}@example.com`);
    expect(messages(SendEmailBody.safeParse({ ...body, contacts: many }))).toEqual([
      'Informe no máximo 1000 contatos.',
    ]);
    expect(
      messages(SendEmailBody.safeParse({ ...body, template: 'Oi {{ email }} {{ nome }}' })),
    ).toEqual(['Variável desconhecida: {{ email }}. Use {{ nome }} e {{ link_cancelar }}.']);
    expect(messages(SendEmailBody.safeParse({ ...body, template: ' \n ' }))).toEqual([
      'Informe o conteúdo do e-mail.',
    ]);
  });
});
