import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import type { Account } from './content';
import { harnessUrl } from './env';

/** The harness's stand-in PSP: where it listens and the credentials a creator connects with. */
export interface PspAccess {
  api_url: string;
  token_url: string;
  client_id: string;
  client_secret: string;
  certificate_pem: string;
  private_key_pem: string;
  pkcs12_base64: string;
  passphrase: string;
}

export const psp = async () => (await (await fetch(`${harnessUrl}/psp`)).json()) as PspAccess;

/** A fan's bank pays this BR Code at the stand-in PSP, which notifies the webhook (200). */
export async function pay(code: string) {
  const res = await fetch(`${harnessUrl}/psp/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  const answer = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(answer)).toBe(200);
  expect(answer.webhook).toBe(200);
}

/** The creator connects the stand-in PSP through the API (a fresh sign-in: no password asked). */
export async function connectPsp(request: APIRequestContext, creator: Account) {
  const access = await psp();
  const res = await request.put(`/api/v1/workspaces/${creator.workspaceId}/pix/connection`, {
    headers: { Authorization: `Bearer ${creator.tokens.access_token}` },
    data: {
      api_url: access.api_url,
      token_url: access.token_url,
      client_id: access.client_id,
      client_secret: access.client_secret,
      certificate: access.certificate_pem,
      private_key: access.private_key_pem,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}
