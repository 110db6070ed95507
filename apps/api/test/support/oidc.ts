import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type {
  Adapter,
  AdapterPayload,
  Configuration,
  InteractionResults,
  JWK,
} from 'oidc-provider';

export interface TestOidcAccount {
  email: string;
  email_verified: boolean;
  name: string;
}

export interface TestOidcProviderOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1); the issuer uses it as its host. */
  host?: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Keyed by the account id, which is also the `sub` claim. */
  accounts: Record<string, TestOidcAccount>;
}

export interface TestOidcProvider {
  /** e.g. http://127.0.0.1:41234 — use it as GOOGLE_ISSUER. */
  issuer: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (panva's oidc-provider) on a local port, for
 * end-to-end tests of "Entrar com o Google" from the API tests and from the
 * Playwright journeys.
 *
 * The login is non-interactive: the account is chosen by the authorization
 * request's `login_hint` (an account id or its e-mail); without a hint, the
 * first account signs in. A hint that matches no account ends the flow with
 * `error=access_denied`, as when a person cancels on Google's screen. Consent
 * is granted automatically. Like Google, the ID token carries `email`,
 * `email_verified` and `name`, and PKCE is required.
 */
export async function startTestOidcProvider(
  opts: TestOidcProviderOptions,
): Promise<TestOidcProvider> {
  const host = opts.host ?? '127.0.0.1';
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = {
    ...(privateKey.export({ format: 'jwk' }) as JWK),
    kid: 'test-key',
    use: 'sig',
    alg: 'RS256',
  } as JWK;

  const accountIdFor = (hint: unknown): string | undefined => {
    const ids = Object.keys(opts.accounts);
    if (typeof hint !== 'string' || hint === '') return ids[0];
    const wanted = hint.toLowerCase();
    return ids.find((id) => id === hint || opts.accounts[id]!.email.toLowerCase() === wanted);
  };

  const configuration: Configuration = {
    adapter: memoryAdapterFactory(),
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
    },
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    // Google puts the profile and e-mail claims in the ID token itself.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = opts.accounts[sub];
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: account.email,
            email_verified: account.email_verified,
            name: account.name,
          };
        },
      };
    },
    async renderError(ctx, out) {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = `${out.error}: ${out.error_description ?? ''}`;
    },
  };

  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const result: InteractionResults = {};
    let accountId = details.session?.accountId;
    if (details.prompt.name === 'login') {
      accountId = accountIdFor(details.params.login_hint);
      if (!accountId) {
        await provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'A pessoa cancelou o login.' },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      result.login = { accountId };
    }
    // Grant whatever the client asked for (the consent screen, auto-approved).
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) throw new Error('grant not found');
    const missing = (details.prompt.details ?? {}) as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
    };
    grant.addOIDCScope(
      missing.missingOIDCScope?.join(' ') ?? String(details.params.scope ?? 'openid'),
    );
    if (missing.missingOIDCClaims?.length) grant.addOIDCClaims(missing.missingOIDCClaims);
    result.consent = { grantId: await grant.save() };
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }

  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(err instanceof Error ? err.message : 'interaction failed');
      });
      return;
    }
    void callback(req, res);
  });

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * The provider's state (interactions, sessions, codes) in a Map owned by this
 * provider instance; short-lived, like the tests that use it.
 */
function memoryAdapterFactory() {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const read = (key: string) => {
    const hit = store.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return hit.payload;
  };
  return (name: string): Adapter => {
    const key = (id: string) => `${name}:${id}`;
    const findBy = (field: 'uid' | 'userCode', value: string) => {
      for (const [k, v] of store) {
        if (k.startsWith(`${name}:`) && v.payload[field] === value) return read(k);
      }
      return undefined;
    };
    return {
      async upsert(id, payload, expiresIn) {
        store.set(key(id), {
          payload,
          expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY,
        });
      },
      async find(id) {
        return read(key(id));
      },
      async findByUid(uid) {
        return findBy('uid', uid);
      },
      async findByUserCode(userCode) {
        return findBy('userCode', userCode);
      },
      async consume(id) {
        const payload = read(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        store.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const [k, v] of store) if (v.payload.grantId === grantId) store.delete(k);
      },
    };
  };
}

/**
 * Follows the provider's redirects like a browser (keeping its cookies) until they come back to
 * `appUrl`; answers that URL (the API's callback). `loginHint` picks the test account.
 */
export async function followProvider(
  authorizationUrl: string,
  appUrl: string,
  loginHint?: string,
): Promise<string> {
  const url = new URL(authorizationUrl);
  if (loginHint) url.searchParams.set('login_hint', loginHint);
  let next = url.href;
  const jar = new Map<string, string>();
  for (let hops = 0; !next.startsWith(appUrl); hops++) {
    if (hops > 10) throw new Error('too many redirects at the provider');
    const res = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${res.status}: ${await res.text()}`);
    next = new URL(location, next).href;
  }
  return next;
}
