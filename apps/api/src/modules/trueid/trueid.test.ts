import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { workspaceObjects } from '../../db/schema/files';
import { trueidAccessLog, trueidCustomers, trueidStatusChanges } from '../../db/schema/trueid';
import { apiCall, setAppInstalled, setAppSettings } from '../../../test/support/apps';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { createUser, signIn } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { localPath, makeJpeg, putSigned } from '../../../test/support/media';
import { makeActiveSubscriber } from '../../../test/support/subscriptions';
import { createTeam } from '../../../test/support/workspaces';
import { purgeExpiredVerificationFiles } from './trueid.service';

let t: TestContext;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let subscriber: TestUser;
let ws: string;

// Valid vectors: CPF 529.982.247-25, numeric CNPJ 11.222.333/0001-81, and the
// alphanumeric CNPJ example of the Receita Federal, 12.ABC.345/01DE-35.
const CPF = '529.982.247-25';
const CNPJ = '11.222.333/0001-81';
const CNPJ_ALNUM = '12.ABC.345/01DE-35';

const person = (over: Record<string, unknown> = {}) => ({
  legal_name: 'Ana Souza',
  legal_id: CPF,
  date_of_birth: '1990-05-17',
  document_type: 'rg',
  custom_email: 'ana.souza@example.com',
  ...over,
});

beforeAll(async () => {
  t = await createTestContext();
  ({ owner, member, stranger } = await createTeam(t));
  subscriber = await createUser(t);
  await makeActiveSubscriber(t, subscriber, owner);
  ws = owner.workspaceId;
  await setAppInstalled(t, owner, 'trueid');
});
afterAll(async () => {
  await t.close();
});

const base = () => `/apps/trueid/${ws}`;
const put = (id: string, body: unknown, who = owner) =>
  apiCall(t, who)('PUT', `${base()}/customer/${id}`, body);

async function createCustomer(body: Record<string, unknown> = {}, who = owner) {
  const id = randomUUID();
  const res = await put(id, person(body), who);
  expect(res.statusCode, res.body).toBe(201);
  return id;
}

/** Uploads one JPEG through the owner's upload URL; answers its relative file_path. */
async function upload(id: string, path: string, who = owner) {
  const res = await apiCall(t, who)('POST', `${base()}/customer/${id}/${path}`, {
    extension_type: 'jpg',
  });
  expect(res.statusCode, res.body).toBe(200);
  const sent = await putSigned(t, res.json().presigned_url, await makeJpeg(), 'image/jpeg');
  expect(sent.statusCode).toBe(200);
  return res.json().file_path as string;
}

const logOf = (id: string) =>
  t.ctx.db
    .select()
    .from(trueidAccessLog)
    .where(and(eq(trueidAccessLog.workspaceId, ws), eq(trueidAccessLog.customerId, id)));

describe('trueid customers', () => {
  it('creates with a client UUID (201), updates (200), reads, lists and filters', async () => {
    const id = randomUUID();
    const created = await put(id, person());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id,
      custom_id: null,
      custom_email: 'ana.souza@example.com',
      legal_name: 'Ana Souza',
      legal_id: '52998224725',
      date_of_birth: '1990-05-17',
      country: 'BR',
      status: 'pending',
      document_type: 'rg',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const updated = await put(id, person({ legal_name: 'Ana Souza Lima', status: 'in_review' }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ legal_name: 'Ana Souza Lima', status: 'in_review' });

    const read = await apiCall(t, member)('GET', `${base()}/customer/${id}`);
    expect(read.json().legal_name).toBe('Ana Souza Lima');
    const list = await apiCall(t, member)('GET', `${base()}/customers?status=in_review`);
    expect(list.json()).toMatchObject({ page: 1, size: 20 });
    expect(list.json().customers.map((c: { id: string }) => c.id)).toContain(id);
    const search = await apiCall(t, owner)('GET', `${base()}/customers?q=529.982`);
    expect(search.json().customers.map((c: { id: string }) => c.id)).toContain(id);
    const none = await apiCall(t, owner)('GET', `${base()}/customers?status=approved`);
    expect(none.json().customers.map((c: { id: string }) => c.id)).not.toContain(id);

    // every status change with who and when
    const changes = await t.ctx.db
      .select()
      .from(trueidStatusChanges)
      .where(eq(trueidStatusChanges.customerId, id));
    expect(changes.map((c) => [c.fromStatus, c.toStatus, c.userId])).toEqual([
      [null, 'pending', owner.id],
      ['pending', 'in_review', owner.id],
    ]);
    expect(changes.every((c) => c.createdAt instanceof Date)).toBe(true);
  });

  it('checks CPF and CNPJ digits (the alphanumeric CNPJ included) and the other fields', async () => {
    const ok = async (body: Record<string, unknown>, legalId: string) => {
      const res = await put(randomUUID(), person(body));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().legal_id).toBe(legalId);
    };
    await ok({}, '52998224725');
    await ok({ legal_id: '52998224725' }, '52998224725');
    const company = { document_type: 'cnpj', date_of_birth: null, legal_name: 'Ana Doces Ltda' };
    await ok({ ...company, legal_id: CNPJ }, '11222333000181');
    await ok({ ...company, legal_id: CNPJ_ALNUM }, '12ABC34501DE35');
    await ok({ ...company, legal_id: '12.abc.345/01de-35' }, '12ABC34501DE35');

    const bad = async (body: Record<string, unknown>, field: string) => {
      const id = randomUUID();
      const res = await put(id, person(body));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      expect(await apiCall(t, owner)('GET', `${base()}/customer/${id}`)).toMatchObject({
        statusCode: 404,
      });
    };
    await bad({ legal_id: '529.982.247-24' }, 'legal_id'); // wrong check digit
    await bad({ legal_id: '111.111.111-11' }, 'legal_id');
    await bad({ ...company, legal_id: '12.ABC.345/01DE-36' }, 'legal_id');
    await bad({ ...company, legal_id: '11.222.333/0001-80' }, 'legal_id');
    await bad({ legal_id: CNPJ }, 'legal_id'); // a person with a CNPJ
    await bad({ date_of_birth: '2999-01-01' }, 'date_of_birth');
    await bad({ date_of_birth: '1990-02-30' }, 'date_of_birth');
    await bad({ date_of_birth: null }, 'date_of_birth');
    await bad({ country: 'Brasil' }, 'country');
    await bad({ document_type: 'cpf' }, 'document_type');
    await bad({ status: 'approved' }, 'status');
    await bad({ legal_name: '' }, 'legal_name');
    await bad({ custom_email: 'não-é-email' }, 'custom_email');
  });

  it('refuses subscribers, strangers and signed-out callers everywhere; members only read', async () => {
    const id = await createCustomer();
    await upload(id, 'document/objects');
    const before = (await logOf(id)).length;
    const calls: Array<['GET' | 'PUT' | 'POST' | 'DELETE', string, unknown?, boolean?]> = [
      ['GET', `${base()}/customers`, undefined, true],
      ['GET', `${base()}/customer/${id}`, undefined, true],
      ['PUT', `${base()}/customer/${id}`, person({ legal_name: 'Outra Pessoa' })],
      ['DELETE', `${base()}/customer/${id}`],
      ['GET', `${base()}/customer/${id}/document/objects`, undefined, true],
      ['GET', `${base()}/customer/${id}/document/objects?document_side=back`, undefined, true],
      ['GET', `${base()}/customer/${id}/liveness/objects`, undefined, true],
      ['GET', `${base()}/customer/${id}/business/objects`, undefined, true],
      ['POST', `${base()}/customer/${id}/document/objects`, { extension_type: 'jpg' }],
      ['POST', `${base()}/customer/${id}/liveness/objects`, { extension_type: 'jpg' }],
      ['POST', `${base()}/customer/${id}/business/objects`, { extension_type: 'pdf' }],
      ['POST', `${base()}/customer/${id}/review`, { decision: 'approve' }],
      ['GET', `${base()}/customer/${id}/access-log`],
    ];
    for (const [method, path, body, membersRead] of calls) {
      for (const who of [subscriber, stranger]) {
        const res = await apiCall(t, who)(method, path, body);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.json().code).toBe('WORKSPACE_NOT_FOUND');
      }
      expect((await apiCall(t, undefined)(method, path, body)).statusCode).toBe(401);
      const byMember = await apiCall(t, member)(method, path, body);
      expect(byMember.statusCode, `member ${method} ${path}`).toBe(membersRead ? 200 : 403);
    }
    const [row] = await t.ctx.db.select().from(trueidCustomers).where(eq(trueidCustomers.id, id));
    expect(row).toMatchObject({ legalName: 'Ana Souza', status: 'pending' });
    // only the member's reads were logged (one file, document front)
    const after = await logOf(id);
    expect(after.length - before).toBe(1);
    expect(after.at(-1)).toMatchObject({ action: 'read', userId: member.id });
  });

  it('answers 409 APP_NOT_INSTALLED on every path while off, and keeps the data', async () => {
    const id = await createCustomer();
    await setAppInstalled(t, owner, 'trueid', false);
    try {
      for (const [method, path, body] of [
        ['GET', `${base()}/customers`],
        ['GET', `${base()}/customer/${id}`],
        ['PUT', `${base()}/customer/${id}`, person()],
        ['DELETE', `${base()}/customer/${id}`],
        ['GET', `${base()}/customer/${id}/document/objects`],
        ['POST', `${base()}/customer/${id}/liveness/objects`, { extension_type: 'jpg' }],
        ['POST', `${base()}/customer/${id}/review`, { decision: 'approve' }],
        ['GET', `${base()}/customer/${id}/access-log`],
      ] as const) {
        const res = await apiCall(t, owner)(method, path, body);
        expect(res.statusCode, `${method} ${path}`).toBe(409);
        expect(res.json().code).toBe('APP_NOT_INSTALLED');
      }
      // strangers still learn nothing about the workspace
      expect((await apiCall(t, stranger)('GET', `${base()}/customers`)).statusCode).toBe(404);
    } finally {
      await setAppInstalled(t, owner, 'trueid', true);
    }
    expect((await apiCall(t, owner)('GET', `${base()}/customer/${id}`)).statusCode).toBe(200);
  });
});

describe('trueid files', () => {
  it('keeps files private: short-lived URLs, never in the file store, every view logged', async () => {
    const id = await createCustomer();
    const front = await upload(id, 'document/objects');
    const back = await upload(id, 'document/objects?document_side=back');
    const selfie = await upload(id, 'liveness/objects');
    expect(front).toMatch(/^document\/front\/[0-9a-f-]{36}\.jpg$/);
    expect(back).toMatch(/^document\/back\//);
    expect(selfie).toMatch(/^liveness\//);

    const res = await apiCall(t, owner)('GET', `${base()}/customer/${id}/document/objects`);
    expect(res.statusCode).toBe(200);
    const { objects } = res.json();
    expect(objects).toEqual([
      {
        file_path: front,
        url: expect.any(String),
        content_type: 'image/jpeg',
        created_at: expect.any(String),
      },
    ]);
    const url = new URL(objects[0].url, 'http://app.test');
    const expires = Number(url.searchParams.get('exp')) * 1000;
    expect(expires - t.clock.now().getTime()).toBeLessThanOrEqual(120_000);
    const served = await t.inject({ method: 'GET', url: localPath(objects[0].url) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    // the URL is signed for that file only: another key with the same signature is refused
    url.searchParams.set('key', url.searchParams.get('key')!.replace(front, back));
    expect(
      (await t.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode,
    ).toBeGreaterThanOrEqual(400);

    const backs = await apiCall(t, member)(
      'GET',
      `${base()}/customer/${id}/document/objects?document_side=back`,
    );
    expect(backs.json().objects.map((o: { file_path: string }) => o.file_path)).toEqual([back]);
    expect(
      (await apiCall(t, owner)('GET', `${base()}/customer/${id}/document/objects?document_side=x`))
        .statusCode,
    ).toBe(400);

    // the access log: uploads and every file handed out, with who; owner only
    const log = await apiCall(t, owner)('GET', `${base()}/customer/${id}/access-log`);
    expect(log.statusCode).toBe(200);
    const entries = log.json().entries as Array<{
      action: string;
      file_path: string;
      username: string;
    }>;
    expect(entries.filter((e) => e.action === 'upload')).toHaveLength(3);
    expect(
      entries.filter((e) => e.action === 'read').map((e) => [e.file_path, e.username]),
    ).toEqual([
      [back, member.username],
      [front, owner.username],
    ]);

    // the file store never lists nor serves them
    const store = await apiCall(t, owner)('GET', `/workspaces/objects/${ws}/files?prefix=`);
    expect(store.statusCode).toBe(200);
    expect(store.body).not.toContain('trueid');
    expect(store.body).not.toContain(front.split('/').at(-1));
    for (const path of [
      `../trueid/${id}/${front}`,
      `trueid/${id}/${front}`,
      `workspaces/${ws}/trueid/${id}/${front}`,
    ]) {
      const direct = await apiCall(t, owner)(
        'GET',
        `/workspaces/objects/${ws}?file_path=${encodeURIComponent(path)}`,
      );
      expect(direct.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(direct.statusCode).toBeLessThan(500);
    }
    // nothing under the public prefix
    expect((await t.ctx.storage.list('public/', {})).objects.some((o) => o.key.includes(id))).toBe(
      false,
    );
  });

  it('checks the upload type per set', async () => {
    const id = await createCustomer();
    const post = (path: string, extension_type: string) =>
      apiCall(t, owner)('POST', `${base()}/customer/${id}/${path}`, { extension_type });
    expect((await post('document/objects', 'pdf')).statusCode).toBe(200);
    expect((await post('liveness/objects', 'mp4')).statusCode).toBe(200);
    expect((await post('business/objects', 'PDF')).statusCode).toBe(200);
    expect((await post('liveness/objects', 'pdf')).statusCode).toBe(400);
    expect((await post('document/objects', 'exe')).statusCode).toBe(400);
    expect((await post('business/objects', 'mp4')).statusCode).toBe(400);
    const unknown = await apiCall(t, owner)(
      'POST',
      `${base()}/customer/${randomUUID()}/document/objects`,
      { extension_type: 'jpg' },
    );
    expect(unknown.json().code).toBe('CUSTOMER_NOT_FOUND');
  });

  it('deletes the customer with their files', async () => {
    const id = await createCustomer();
    await upload(id, 'document/objects');
    await upload(id, 'liveness/objects');
    const prefix = `workspaces/${ws}/trueid/${id}/`;
    expect((await t.ctx.storage.list(prefix)).objects).toHaveLength(2);
    const res = await apiCall(t, owner)('DELETE', `${base()}/customer/${id}`);
    expect(res.statusCode).toBe(200);
    expect((await t.ctx.storage.list(prefix)).objects).toHaveLength(0);
    expect((await apiCall(t, owner)('GET', `${base()}/customer/${id}`)).statusCode).toBe(404);
    expect((await apiCall(t, owner)('DELETE', `${base()}/customer/${id}`)).statusCode).toBe(404);
    expect((await logOf(id)).map((e) => e.action)).toContain('delete');
  });
});

describe('trueid review and retention', () => {
  it('approves or rejects only a customer in review, with a reason; no e-mail to an address the creator typed', async () => {
    const id = await createCustomer({ custom_email: 'rev.ana@example.com' });
    const review = (body: unknown) =>
      apiCall(t, owner)('POST', `${base()}/customer/${id}/review`, body);
    expect((await review({ decision: 'approve' })).json().code).toBe('CUSTOMER_NOT_IN_REVIEW');
    await put(id, person({ custom_email: 'rev.ana@example.com', status: 'in_review' }));
    expect((await review({ decision: 'reject' })).statusCode).toBe(400); // no reason
    expect((await review({ decision: 'maybe' })).statusCode).toBe(400);

    const rejected = await review({ decision: 'reject', reason: 'Documento ilegível' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().status).toBe('rejected');
    // custom_email is the creator's own note: the platform writes only to a fan who verified
    // themself, at their confirmed address (verification.test.ts)
    expect(
      await t.ctx.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, 'rev.ana@example.com')),
    ).toEqual([]);
    expect(t.mail.to('rev.ana@example.com')).toEqual([]);

    // decided: frozen
    expect((await review({ decision: 'approve' })).json().code).toBe('CUSTOMER_ALREADY_DECIDED');
    expect((await put(id, person())).json().code).toBe('CUSTOMER_ALREADY_DECIDED');
    const up = await apiCall(t, owner)('POST', `${base()}/customer/${id}/document/objects`, {
      extension_type: 'jpg',
    });
    expect(up.json().code).toBe('CUSTOMER_ALREADY_DECIDED');

    const [row] = await t.ctx.db.select().from(trueidCustomers).where(eq(trueidCustomers.id, id));
    expect(row).toMatchObject({ decidedBy: owner.id, decisionReason: 'Documento ilegível' });
    expect(row!.decidedAt).toBeInstanceOf(Date);
    const last = await t.ctx.db
      .select()
      .from(trueidStatusChanges)
      .where(
        and(eq(trueidStatusChanges.customerId, id), eq(trueidStatusChanges.toStatus, 'rejected')),
      );
    expect(last).toEqual([
      expect.objectContaining({
        fromStatus: 'in_review',
        userId: owner.id,
        reason: 'Documento ilegível',
      }),
    ]);
  });

  it('deletes documents after the retention days and keeps the decision; undecided customers too, from their last change', async () => {
    await setAppSettings(t, owner, 'trueid', { retention_days: 3 });
    const id = await createCustomer({ status: 'in_review' });
    await upload(id, 'document/objects');
    await upload(id, 'liveness/objects');
    const waiting = await createCustomer({ status: 'in_review' }); // never decided
    await upload(waiting, 'document/objects');
    const recent = await createCustomer(); // pending, no file yet
    const approved = await apiCall(t, owner)('POST', `${base()}/customer/${id}/review`, {
      decision: 'approve',
    });
    expect(approved.statusCode).toBe(200);

    const prefix = (c: string) => `workspaces/${ws}/trueid/${c}/`;
    t.clock.advance(2 * 86_400_000);
    // days later the access token has expired: sign in again
    const signedIn = async () => ({
      ...owner,
      accessToken: (await signIn(t, owner.email, owner.password)).access_token,
    });
    let again = await signedIn();
    await purgeExpiredVerificationFiles(t.ctx);
    expect((await t.ctx.storage.list(prefix(id))).objects).toHaveLength(2);
    // a file sent now starts the clock of a customer pending since then again
    await upload(recent, 'document/objects', again);
    t.clock.advance(1 * 86_400_000 + 60_000);
    again = await signedIn();
    expect(await purgeExpiredVerificationFiles(t.ctx)).toBeGreaterThanOrEqual(2);
    expect((await t.ctx.storage.list(prefix(id))).objects).toHaveLength(0);
    expect((await t.ctx.storage.list(prefix(waiting))).objects).toHaveLength(0);
    expect((await t.ctx.storage.list(prefix(recent))).objects).toHaveLength(1);
    const still = await apiCall(t, again)('GET', `${base()}/customer/${id}`);
    expect(still.json().status).toBe('approved');
    const objects = await apiCall(t, again)('GET', `${base()}/customer/${id}/document/objects`);
    expect(objects.json()).toEqual({ objects: [] });
    const [row] = await t.ctx.db.select().from(trueidCustomers).where(eq(trueidCustomers.id, id));
    expect(row!.filesPurgedAt).toBeInstanceOf(Date);
    expect(row!.decidedBy).toBe(owner.id);
    // the undecided one went back to pending, by the platform, with the reason
    const [w] = await t.ctx.db
      .select()
      .from(trueidCustomers)
      .where(eq(trueidCustomers.id, waiting));
    expect(w).toMatchObject({ status: 'pending', decidedAt: null });
    expect(w!.filesPurgedAt).toBeInstanceOf(Date);
    const change = await t.ctx.db
      .select()
      .from(trueidStatusChanges)
      .where(
        and(
          eq(trueidStatusChanges.customerId, waiting),
          eq(trueidStatusChanges.toStatus, 'pending'),
        ),
      );
    expect(change).toEqual([
      expect.objectContaining({
        fromStatus: 'in_review',
        userId: null,
        reason: expect.stringContaining('prazo de guarda'),
      }),
    ]);
    // the room of the purged files is free again: no quota row left under their folders
    const rows = await t.ctx.db
      .select()
      .from(workspaceObjects)
      .where(eq(workspaceObjects.workspaceId, ws));
    expect(
      rows.filter(
        (r) => r.filePath.startsWith(prefix(id)) || r.filePath.startsWith(prefix(waiting)),
      ),
    ).toEqual([]);
    // a file sent since then starts a new set
    await upload(waiting, 'document/objects', again);
    const [sent] = await t.ctx.db
      .select()
      .from(trueidCustomers)
      .where(eq(trueidCustomers.id, waiting));
    expect(sent!.filesPurgedAt).toBeNull();
    expect(
      (await apiCall(t, again)('GET', `${base()}/customer/${waiting}/document/objects`)).json()
        .objects,
    ).toHaveLength(1);
    // a second run finds nothing more for these customers
    await purgeExpiredVerificationFiles(t.ctx);
    expect((await t.ctx.storage.list(prefix(waiting))).objects).toHaveLength(1);
  });
});

describe('trueid uploads count like the file store’s', () => {
  it('take room in the storage quota and the upload-URL limit; deleting the customer gives the room back', async () => {
    const q = await createTestContext({
      env: { STORAGE_QUOTA_MB: '1', RATE_LIMIT_UPLOAD_URLS: '3/600' },
    });
    try {
      const creator = await createUser(q);
      const fan = await createUser(q);
      await setAppInstalled(q, creator, 'trueid');
      const as = (who: TestUser) => apiCall(q, who);
      const wsq = creator.workspaceId;
      const id = randomUUID();
      expect(
        (await as(creator)('PUT', `/apps/trueid/${wsq}/customer/${id}`, person())).statusCode,
      ).toBe(201);
      const ask = () =>
        as(creator)('POST', `/apps/trueid/${wsq}/customer/${id}/document/objects`, {
          extension_type: 'jpg',
        });
      const usage = async () =>
        (await as(creator)('GET', `/workspaces/objects/${wsq}/usage`)).json().used_bytes as number;

      // 1: the whole free MB is reserved for it (a document may have up to 10 MB)
      const first = await ask();
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().max_size).toBe(1024 * 1024);
      expect(await usage()).toBe(1024 * 1024);
      // the fan's upload to the same creator finds no room: told in the fan's words
      expect(
        (
          await as(fan)('PUT', `/verification/${creator.username}`, {
            legal_name: 'Bruno Carvalho',
            legal_id: '529.982.247-25',
            date_of_birth: '1995-03-10',
            document_type: 'cnh',
          })
        ).statusCode,
      ).toBe(200);
      const fanAsk = await as(fan)('POST', `/verification/${creator.username}/objects`, {
        kind: 'document',
        extension_type: 'jpg',
        size: 1000,
      });
      expect(fanAsk.statusCode).toBe(413);
      expect(fanAsk.json()).toMatchObject({
        code: 'STORAGE_QUOTA_EXCEEDED',
        message:
          'Este criador está sem espaço para receber documentos agora. Tente novamente mais tarde.',
      });
      // 2: nothing left
      const full = await ask();
      expect(full.statusCode).toBe(413);
      expect(full.json().code).toBe('STORAGE_QUOTA_EXCEEDED');
      // the bytes arrive: counted with their real size
      const jpeg = await makeJpeg();
      expect((await putSigned(q, first.json().presigned_url, jpeg, 'image/jpeg')).statusCode).toBe(
        200,
      );
      expect(await usage()).toBe(jpeg.length);
      // 3: room again
      expect((await ask()).statusCode).toBe(200);
      // 4: the third upload URL of the creator in ten minutes was the last; the file store shares the limit
      const limited = await as(creator)('POST', `/workspaces/objects/${wsq}`, {
        extension_type: 'jpg',
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      expect((await ask()).statusCode).toBe(429);
      // deleting the customer gives back the room of the file and of the unused reservation
      expect((await as(creator)('DELETE', `/apps/trueid/${wsq}/customer/${id}`)).statusCode).toBe(
        200,
      );
      expect(await usage()).toBe(0);
    } finally {
      await q.close();
    }
  });
});
