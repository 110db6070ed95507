import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_TYPES } from '@fa-clube/contract';
import type { DeviceType } from '@fa-clube/contract';
import type { Actor } from '../read-models/access';
import type { AppContext } from '../lib/context';
import { AppError } from '../lib/errors';
import { createAccessTokenVerifier } from '../lib/jwt';
import { isSessionLive } from '../read-models/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null. */
    actor: Actor | null;
    /** A bearer token was sent but is malformed, forged or expired. */
    authInvalid: boolean;
    /** From X-Device-Id / X-Device-Type (web client headers). */
    device: { id: string | null; type: DeviceType | null };
  }
}

/**
 * Reads the bearer token on every request. Routes choose what they need:
 * `requireAuth` (signed in), `optionalAuth` (anonymous allowed, but a bad token
 * is a 401 so the client refreshes instead of silently seeing less) or nothing
 * (public endpoints such as sign-in ignore a stale token).
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
 * The access token a request carries: `Authorization: Bearer <token>`, or, on an event stream
 * only (EventSource sends no headers), `?access_token=` (lib/log.ts keeps it out of the logs).
 * Undefined when none was sent; null when the header is malformed.
 */
export function accessTokenOf(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header) return /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? null;
  if (!request.routeOptions.config.eventStream) return undefined;
  const token = (request.query as { access_token?: unknown } | undefined)?.access_token;
  return typeof token === 'string' && token.length > 0 ? token : undefined;
}

/** preHandler for routes that need a signed-in caller. */
export async function requireAuth(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.actor)
    throw new AppError(
      'UNAUTHORIZED',
      request.authInvalid ? undefined : 'Entre na sua conta para continuar.',
    );
}

/** preHandler for routes open to visitors that show more to a signed-in caller. */
export async function optionalAuth(request: FastifyRequest, _reply: FastifyReply) {
  if (request.authInvalid) throw new AppError('UNAUTHORIZED');
}
