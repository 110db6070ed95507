import type { FastifyRequest } from 'fastify';
import type { DeviceType } from '@fa-clube/contract';

/** Who is signing in from where, as the request tells it. */
export interface ClientInfo {
  /** request.ip: X-Forwarded-For counts only from TRUST_PROXY proxies. */
  ip: string;
  deviceId: string | null;
  deviceType: DeviceType | null;
  userAgent: string | null;
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  return {
    ip: request.ip,
    deviceId: request.device.id,
    deviceType: request.device.type,
    userAgent: typeof ua === 'string' ? ua : null,
  };
}
