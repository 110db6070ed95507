import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestContext } from './context';
import { bearer, createUser } from './fixtures';
import type { TestUser } from './fixtures';
import { testCertificates } from './pix-certs';
import { startTestPsp } from './pix-psp';
import type { TestPsp, TestPspOptions } from './pix-psp';
import { TEST_PIX, setUpCreator } from './subscriptions';

export const PSP_CLIENT = { clientId: 'cliente-fa-clube', clientSecret: 'segredo-do-psp-123' };
export const RECEIVING_ACCOUNT = { branch: '0001', number: '123456-7', type: 'CORRENTE' } as const;

/** A creator with a plan, a Pix key of their own, and their own stand-in PSP account. */
export async function creatorWithPsp(
  t: TestContext,
  opts: TestPspOptions & { value?: number; discount?: number } = {},
): Promise<{ creator: TestUser; psp: TestPsp; key: string }> {
  const creator = await createUser(t);
  const key = randomUUID();
  const put = await t.inject({
    method: 'PUT',
    url: `/api/v1/workspaces/${creator.workspaceId}/pix`,
    headers: bearer(creator.accessToken),
    payload: { ...TEST_PIX, key },
  });
  expect(put.statusCode, put.body).toBe(200);
  await setUpCreator(t, creator, {
    plan_type: 'monthly',
    value: opts.value ?? 29.9,
    discount: opts.discount ?? 0,
  });
  const psp = await startTestPsp({ ...PSP_CLIENT, keys: [key], ...opts });
  return { creator, psp, key };
}

/** The body of PUT /workspaces/{id}/pix/connection for a stand-in PSP (PEM by default). */
export function connectionBody(psp: TestPsp, overrides: Record<string, unknown> = {}) {
  const certs = testCertificates();
  return {
    api_url: psp.url,
    token_url: psp.tokenUrl,
    client_id: PSP_CLIENT.clientId,
    client_secret: PSP_CLIENT.clientSecret,
    certificate: certs.client.cert,
    private_key: certs.client.key,
    receiving_account: RECEIVING_ACCOUNT,
    ...overrides,
  };
}

export function connect(
  t: TestContext,
  owner: TestUser,
  psp: TestPsp,
  overrides: Record<string, unknown> = {},
) {
  return t.inject({
    method: 'PUT',
    url: `/api/v1/workspaces/${owner.workspaceId}/pix/connection`,
    headers: bearer(owner.accessToken),
    payload: connectionBody(psp, overrides),
  });
}
