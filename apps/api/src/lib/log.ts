import type { FastifyServerOptions } from 'fastify';

/** Query parameters whose values never reach the log. */
const SECRET_PARAMS = new Set([
  'token',
  'code',
  'access_token',
  'ticket',
  'refresh_token',
  'metadata',
  'state',
  'password',
  'signature',
  'sig',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
]);

/** Path segments that are credentials: a PSP connection's webhook secret (decision 064). */
const SECRET_PATH = /^([^?#]*\/webhooks\/pix\/c\/[^/?#]+\/)[^/?#]+/;

export function redactUrl(raw: string): string {
  const url = raw.replace(SECRET_PATH, '$1[REDACTED]');
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_PARAMS.has(key.toLowerCase())) params.set(key, '[REDACTED]');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

export function loggerOptions(level: string, pretty = false): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-webhook-secret"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.access_token',
        '*.refresh_token',
        '*.two_factor_code',
        '*.code',
        '*.secret',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(req) {
        return {
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
          ip: req.ip,
        };
      },
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
