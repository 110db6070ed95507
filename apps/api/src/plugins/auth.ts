import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import { DEVICE_TYPES } from '@fa-clube/contract';
import type { DeviceType } from '@fa-clube/contract';
import type { Actor } from '../read-models/access';
import type { AppContext } from '../lib/context';
import { AppError } from '../lib/errors';
import { createAccessTokenVerifier } from '../lib/jwt';
import { isSessionLive } from '../read-models/sessions';
import { bearerSecurity } from './openapi';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null. */
    actor: Actor | null;
    /** A bearer token was sent but is malformed, forged or expired. */
    authInvalid: boolean;
    /** From X-Device-Id / X-Device-Type (web client headers). */
    device: { id: string | null; type: DeviceType | null };
  }
  interface FastifyContextConfig {
    /**
     * Who may call an API route (guardRoute): signed-in callers unless it says otherwise —
     * 'optional' (visitors too, a signed-in caller sees more), 'public' (anyone; a stale token
     * is ignored: sign-in, webhooks, signed file URLs).
     */
    access?: RouteAccess;
  }
}

export type RouteAccess = 'signed-in' | 'optional' | 'public';

/**
 * Reads the bearer token on every request into `request.actor`. What a route needs is decided
 * once, by the scope the API's routes are registered in (guardRoute), not route by route.
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext) {
  const verifyAccessToken = createAccessTokenVerifier(ctx.keys.jwt);
  app.decorateRequest('actor', null);
  app.decorateRequest('authInvalid', false);
  app.decorateRequest('device', null as never);
  app.addHook('onRequest', async (request) => {
    const id = request.headers['x-device-id'];
    const type = request.headers['x-device-type'];
    request.device = {
      id: typeof id === 'string' && id.length > 0 && id.length <= 128 ? id : null,
      type:
        typeof type === 'string' && (DEVICE_TYPES as readonly string[]).includes(type)
          ? (type as DeviceType)
          : null,
    };
    const token = accessTokenOf(request);
    if (token === undefined) return;
    const claims = token ? await verifyAccessToken(token, ctx.clock.now()) : null;
    // after the signature: a revoked session (sign-out, password reset, 2FA change,
    // refresh-token reuse) refuses its access tokens at once
    if (claims && (await isSessionLive(ctx.db, claims.sessionId))) request.actor = claims;
    else request.authInvalid = true;
  });
}

/**
 * The access token a request carries: `Authorization: Bearer <token>` only — never a URL's query
 * (the event stream opens with a single-use ticket instead, decision 083). Undefined when none
 * was sent; null when the header is malformed.
 */
export function accessTokenOf(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header) return /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? null;
  return undefined;
}

/** The guard of the routes for signed-in callers. */
async function requireAuth(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.actor)
    throw new AppError(
      'UNAUTHORIZED',
      request.authInvalid ? undefined : 'Entre na sua conta para continuar.',
    );
}

/** The guard of the routes open to visitors that show more to a signed-in caller. */
async function optionalAuth(request: FastifyRequest, _reply: FastifyReply) {
  if (request.authInvalid) throw new AppError('UNAUTHORIZED');
}

type Hook = onRequestHookHandler;
const hooks = (h: Hook | Hook[] | undefined): Hook[] => (h === undefined ? [] : [h].flat());

/**
 * The onRoute hook of the scope every module's routes are registered in (app.ts): a route is
 * for signed-in callers (requireAuth first of its onRequest hooks, and `bearerAuth` in its OpenAPI) unless its config says
 * `access: 'optional'` (optionalAuth) or `access: 'public'` — the visible exceptions. A
 * forgotten guard cannot happen; `onGuarded` hears each route with what it got (the route
 * listing test).
 */
export function guardRoutes(
  app: FastifyInstance,
  onGuarded?: (route: { method: string; url: string; access: RouteAccess }) => void,
) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access ?? 'signed-in';
    if (access !== 'public') {
      const guard = access === 'optional' ? optionalAuth : requireAuth;
      // onRequest: a signed-out caller is refused before its body is read or validated
      route.onRequest = [guard, ...hooks(route.onRequest as Hook | Hook[] | undefined)];
      route.schema = { ...route.schema, security: bearerSecurity };
    }
    for (const method of [route.method].flat())
      if (method !== 'HEAD') onGuarded?.({ method, url: route.url, access });
  });
}
